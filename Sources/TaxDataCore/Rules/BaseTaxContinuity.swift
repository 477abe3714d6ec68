/// Each bracket's baseTax equals the tax on all income below its floor (see `Schedule.expectedBaseTaxes`);
/// a bracket marked `statutoryBaseTax` restarts the chain at the amount the law fixes.
public struct BaseTaxContinuity: ScheduleRule {
    public let id = RuleID.bracketsBaseTax
    public init() {}
    public func check(_ schedule: ScheduleRef) -> [Diagnostic] {
        let brackets = schedule.brackets
        // Base taxes follow from the brackets' shape: while a floor or ceiling is wrong (the
        // structural rules say which), every base tax above it would be reported too, for one typo.
        guard Self.isWellFormed(brackets) else { return [] }
        let expected = Schedule.expectedBaseTaxes(brackets)
        return brackets.indices.compactMap { index in
            guard let want = expected[index], brackets[index].baseTax != want else { return nil }
            return .error(id, "\(schedule.label): \(Ordinal.bracket(index))'s baseTax is \(Money.text(brackets[index].baseTax)), expected \(Money.text(want)) from the brackets below it",
                          at: schedule.path.index(index).key("baseTax"))
        }
    }

    /// Floors rise, each ceiling is above its floor and equals the next floor.
    static func isWellFormed(_ brackets: [Bracket]) -> Bool {
        for index in brackets.indices {
            if index > 0, brackets[index].floor <= brackets[index - 1].floor { return false }
            if let ceiling = brackets[index].ceiling {
                if ceiling <= brackets[index].floor { return false }
                if index + 1 < brackets.count, ceiling != brackets[index + 1].floor { return false }
            }
        }
        return true
    }
}
