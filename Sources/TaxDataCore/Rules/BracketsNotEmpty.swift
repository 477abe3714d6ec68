/// A schedule has at least one bracket.
public struct BracketsNotEmpty: ScheduleRule {
    public let id = RuleID.bracketsEmpty
    public init() {}
    public func check(_ schedule: ScheduleRef) -> [Diagnostic] {
        schedule.brackets.isEmpty ? [.error(id, "\(schedule.label): the schedule has no brackets", at: schedule.path)] : []
    }
}
