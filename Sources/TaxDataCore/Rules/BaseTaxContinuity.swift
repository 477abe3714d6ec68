/// Each bracket's baseTax equals the tax on all income below its floor (see `Schedule.expectedBaseTaxes`);
/// a bracket marked `statutoryBaseTax` restarts the chain at the amount the law fixes.
public struct BaseTaxContinuity: ScheduleRule {
    public let id = RuleID.bracketsBaseTax
    public init() {}
    public func check(_ schedule: ScheduleRef) -> [Diagnostic] {
        let brackets = schedule.brackets
        let expected = Schedule.expectedBaseTaxes(brackets)
        return brackets.indices.compactMap { index in
            guard let want = expected[index], brackets[index].baseTax != want else { return nil }
            return .error(id, "\(schedule.label): bracket \(index) baseTax is \(Money.text(brackets[index].baseTax)), expected \(Money.text(want)) from the brackets below it",
                          at: schedule.path.index(index).key("baseTax"))
        }
    }
}
