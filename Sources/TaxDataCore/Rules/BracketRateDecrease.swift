/// A rate lower than the bracket below it is unusual (a warning, not an error).
public struct BracketRateDecrease: ScheduleRule {
    public let id = RuleID.bracketsRateDecrease
    public init() {}
    public func check(_ schedule: ScheduleRef) -> [Diagnostic] {
        let brackets = schedule.brackets
        return brackets.indices.dropFirst().compactMap { index in
            guard brackets[index].rate < brackets[index - 1].rate else { return nil }
            return .warning(id, "\(schedule.label): \(Ordinal.bracket(index))'s rate \(Money.text(brackets[index].rate)) is lower than the rate below it (\(Money.text(brackets[index - 1].rate)))",
                            at: schedule.path.index(index).key("rate"))
        }
    }
}
