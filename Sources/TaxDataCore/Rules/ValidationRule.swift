/// A check over one tax year's data. Rules are pure: they read the model and return findings.
public protocol ValidationRule: Sendable {
    /// Every finding of this rule carries this id.
    var id: RuleID { get }
    /// Returns all findings for `data` (empty when it passes).
    func check(_ data: TaxYearData) -> [Diagnostic]
    /// Whether it reads the audit trail (`sources`, `notes`), which the app form keeps in its
    /// provenance document: such a rule runs only where that document is (`DecodedDocuments.hasAuditTrail`).
    var readsAuditTrail: Bool { get }
}

extension ValidationRule {
    public var readsAuditTrail: Bool { false }
}

/// A rule over the year's values by kind (`TaxYearData.fields`): `RuleSet.validate` walks the
/// model once and hands the same fields to every such rule.
public protocol FieldRule: ValidationRule {
    func check(_ data: TaxYearData, fields: [Field]) -> [Diagnostic]
}

extension FieldRule {
    public func check(_ data: TaxYearData) -> [Diagnostic] { check(data, fields: data.fields()) }
}

/// The rules both `taxdata check` and the client run: a bundle the client accepts is one `check` accepts.
public struct RuleSet: Sendable {
    public var rules: [any ValidationRule]

    public init(_ rules: [any ValidationRule]) { self.rules = rules }

    /// Every content rule.
    public static let standard = RuleSet([
        BracketsNotEmpty(), BracketsStartAtZero(), BracketsContiguous(), BracketFloorsRise(),
        BracketOpenCeiling(), BracketRateRange(), BracketRateDecrease(), BaseTaxContinuity(),
        RequiredStatuses(), SocialSecurityMaxTax(), SDIMaxTax(), AmountsNonNegative(), RatesInRange(),
        StateShape(), PhaseoutRange(), JurisdictionCoverage(), YearConsistency(), YearDates(),
        SourcesCited(), SourcesCarriedOver(), SchemaSupported(), DataIncomplete(), DataProvisional(), SeparateIsHalfOfJoint(),
        ProvenanceGrade(), DataEstimated(), StatePhaseOut(), StatePaidTaxDeduction(), StateExtraTax(), StateIncomeBase(), StatePercentDeduction(), StateTaxAddBack(), StateTaxCredit(), FederalChildCredit(),
        FederalEarnedIncomeCredit(), FederalWithholdingSchedule(), StateWithholdingMethod(), StateEarnedIncomeCredit(), StateChildCreditShare(), StateChildExemption(), StateTaxRecapture(),
        StateIncomeTestedCredit(), StateRefundableDependentCredit(), StateFederalDeductionAddBack(), StateDependentDeduction(), StateTaxTable(), StateTableCredit(), StateLowIncomeTable(),
        StateYoungChildDeduction(), StatePayrollContribution(), StatePreTaxTreatment(), ConstructGrade(), StateRefundableEarnedIncomeCredit(), StateYoungChildCredit(), StatePovertyLevelCredit(), StateNoTaxBelow(),
        LocalityShape(), LocalityRate(), LocalityDates(), LocalityDuplicate(), LocalityGrade(),
    ])

    /// The standard rules about plausibility rather than validity (ids `sanity.*`): warnings a
    /// reviewer reads, which `taxdata diff` shows beside the changes.
    public static let sanity = RuleSet(standard.rules.filter { $0.id.rawValue.hasPrefix("sanity.") })

    /// Runs every rule and tags each finding with the tax year. `fields` is the year's walk when
    /// the caller made it already (`TaxYearData.walk()`), so it is not walked again.
    public func validate(_ data: TaxYearData, fields walked: [Field]? = nil) -> [Diagnostic] {
        let fields = rules.contains { $0 is any FieldRule } ? walked ?? data.fields() : []
        return rules.flatMap { rule in
            let found = (rule as? any FieldRule).map { $0.check(data, fields: fields) } ?? rule.check(data)
            return found.map { finding in
                var finding = finding
                finding.taxYear = data.meta.taxYear
                return finding
            }
        }
    }
}

/// A bracket schedule somewhere in a year's data, with the path of its list.
public struct ScheduleRef: Sendable {
    public var path: DataPath
    public var brackets: [Bracket]
    /// "federal single", "CA married_filing_jointly", "CA NYC single": for messages.
    public var label: String
}

extension TaxYearData {
    /// Every written schedule (aliases are not repeated): federal, each state, NYC.
    public var schedules: [ScheduleRef] {
        var result: [ScheduleRef] = []
        for (status, list) in federal.brackets.writtenInOrder {
            result.append(ScheduleRef(path: DataPath(.federal).key("brackets").key(status.rawValue),
                                      brackets: list, label: "federal \(status.rawValue)"))
        }
        for code in states.keys.sorted() {
            let state = states[code]!
            for (status, list) in state.brackets?.writtenInOrder ?? [] {
                result.append(ScheduleRef(path: DataPath(.state(code)).key("brackets").key(status.rawValue),
                                          brackets: list, label: "\(code) \(status.rawValue)"))
            }
            for (status, list) in state.nycTax?.brackets.writtenInOrder ?? [] {
                result.append(ScheduleRef(path: DataPath(.state(code)).key("nycTax").key("brackets").key(status.rawValue),
                                          brackets: list, label: "\(code) NYC \(status.rawValue)"))
            }
        }
        return result
    }
}

/// A rule that looks at one bracket schedule at a time.
public protocol ScheduleRule: ValidationRule {
    func check(_ schedule: ScheduleRef) -> [Diagnostic]
}

extension ScheduleRule {
    public func check(_ data: TaxYearData) -> [Diagnostic] {
        data.schedules.flatMap { check($0) }
    }
}
