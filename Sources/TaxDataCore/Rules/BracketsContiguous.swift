/// Each bracket's ceiling equals the next bracket's floor: no gap, no overlap.
public struct BracketsContiguous: ScheduleRule {
    public let id = RuleID.bracketsContiguous
    public init() {}
    public func check(_ schedule: ScheduleRef) -> [Diagnostic] {
        let brackets = schedule.brackets
        var findings: [Diagnostic] = []
        for index in brackets.indices.dropLast() {
            guard let ceiling = brackets[index].ceiling else { continue } // open-ceiling reports it
            // A ceiling not above its own floor is one typo, which floors-rise reports; calling it a
            // gap too would say the same mistake twice, and wrongly.
            guard ceiling > brackets[index].floor else { continue }
            let next = brackets[index + 1].floor
            if ceiling != next {
                let kind = ceiling < next ? "a gap" : "an overlap"
                findings.append(.error(id, "\(schedule.label): \(Ordinal.bracket(index)) ends at \(Money.text(ceiling)) but \(Ordinal.bracket(index + 1)) starts at \(Money.text(next)) (\(kind))",
                                       at: schedule.path.index(index).key("ceiling")))
            }
        }
        return findings
    }
}
