/// Only the top bracket is open (`ceiling: null`), and it must be.
public struct BracketOpenCeiling: ScheduleRule {
    public let id = RuleID.bracketsOpenCeiling
    public init() {}
    public func check(_ schedule: ScheduleRef) -> [Diagnostic] {
        let brackets = schedule.brackets
        var findings: [Diagnostic] = []
        for index in brackets.indices {
            let isLast = index == brackets.count - 1
            if isLast, let ceiling = brackets[index].ceiling {
                findings.append(.error(id, "\(schedule.label): the top bracket has ceiling \(Money.text(ceiling)); it must be null so income above it is taxed",
                                       at: schedule.path.index(index).key("ceiling")))
            } else if !isLast, brackets[index].ceiling == nil {
                findings.append(.error(id, "\(schedule.label): \(Ordinal.bracket(index)) has no ceiling but is not the top bracket",
                                       at: schedule.path.index(index).key("ceiling")))
            }
        }
        return findings
    }
}
