/// A Roth IRA phase-out range starts below where it ends.
public struct PhaseoutRange: ValidationRule {
    public let id = RuleID.phaseoutRange
    public init() {}
    public func check(_ data: TaxYearData) -> [Diagnostic] {
        data.retirement.rothIncomePhaseout.writtenInOrder.compactMap { status, range in
            range.start < range.end ? nil
                : .error(id, "rothIncomePhaseout.\(status.rawValue) starts at \(Money.text(range.start)) but ends at \(Money.text(range.end))",
                         at: DataPath(.retirement).key("rothIncomePhaseout").key(status.rawValue).key("end"))
        }
    }
}
