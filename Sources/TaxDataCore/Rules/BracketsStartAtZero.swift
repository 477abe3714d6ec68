/// The first bracket's floor is 0, so every dollar of income falls in a bracket.
public struct BracketsStartAtZero: ScheduleRule {
    public let id = RuleID.bracketsFirstFloor
    public init() {}
    public func check(_ schedule: ScheduleRef) -> [Diagnostic] {
        guard let first = schedule.brackets.first, first.floor != 0 else { return [] }
        return [.error(id, "\(schedule.label): the first bracket starts at \(Money.text(first.floor)), not 0",
                       at: schedule.path.index(0).key("floor"))]
    }
}
