/// Floors rise strictly, and each bracket's ceiling is above its floor.
public struct BracketFloorsRise: ScheduleRule {
    public let id = RuleID.bracketsFloorsRise
    public init() {}
    public func check(_ schedule: ScheduleRef) -> [Diagnostic] {
        let brackets = schedule.brackets
        var findings: [Diagnostic] = []
        for index in brackets.indices {
            if index > 0, brackets[index].floor <= brackets[index - 1].floor {
                findings.append(.error(id, "\(schedule.label): \(Ordinal.bracket(index))'s floor \(Money.text(brackets[index].floor)) does not rise above the previous floor \(Money.text(brackets[index - 1].floor))",
                                       at: schedule.path.index(index).key("floor")))
            }
            if let ceiling = brackets[index].ceiling, ceiling <= brackets[index].floor {
                findings.append(.error(id, "\(schedule.label): \(Ordinal.bracket(index))'s ceiling \(Money.text(ceiling)) is not above its floor \(Money.text(brackets[index].floor))",
                                       at: schedule.path.index(index).key("ceiling")))
            }
        }
        return findings
    }
}
