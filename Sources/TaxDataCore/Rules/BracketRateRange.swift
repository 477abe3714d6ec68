/// Bracket rates are fractions in [0, 1).
public struct BracketRateRange: ScheduleRule {
    public let id = RuleID.bracketsRateRange
    public init() {}
    public func check(_ schedule: ScheduleRef) -> [Diagnostic] {
        schedule.brackets.indices.compactMap { index in
            let rate = schedule.brackets[index].rate
            guard rate < 0 || rate >= 1 else { return nil }
            return .error(id, "\(schedule.label): \(Ordinal.bracket(index))'s rate \(Money.text(rate)) is outside [0, 1); \(RateHint.text(for: rate, example: "5.5% as 0.055 or 5.5%"))",
                          at: schedule.path.index(index).key("rate"))
        }
    }
}
