/// One step of a state's tax. The order of the steps is declared once, in `payroll` and
/// `incomeTax`, and both calculators walk those lists: `StateTax` (the `Decimal` reference, which
/// also writes the notes) and `FixedState` (the fixed-point twin), so the two cannot disagree on
/// order. A new construct adds a case here, one line in a list, a requirement of
/// `StateStepCalculator` and one line in its `run` switch (see CONTRIBUTING.md).
enum StateStep: Sendable, CaseIterable {
    /// Every contribution withheld from wages by state law (`payrollContributions`, or `sdi`).
    case payrollContributions
    /// Wages or federal taxable income (`incomeBase`), plus the federal deduction added back.
    case incomeBase
    /// The standard deduction, or a percentage of income (`standardDeductionPercent`), phased out.
    case standardDeduction
    case personalExemption
    case dependentExemption
    case childExemption
    case dependentDeduction
    case youngChildDeduction
    /// Federal income tax paid, deducted (`federalTaxDeduction`).
    case federalTaxDeduction
    /// FICA paid, deducted, or taken instead of a smaller standard deduction (`ficaDeduction`).
    case ficaDeduction
    /// Taxable income, and the tax on it: brackets, a flat rate or a tax table's row midpoint.
    case rateSchedule
    case lowIncomeTable
    case recapture
    case taxAddBacks
    /// A share of the tax (`taxCredit`), subtracted with the credits.
    case shareOfTaxCredit
    /// Personal, dependent and table credits, nonrefundable, subtracted from the tax.
    case credits
    case incomeTestedCredit
    /// No tax below a threshold (`noTaxBelow`).
    case noTaxBelow
    /// Per child under 6, nonrefundable (`youngChildCredit`).
    case youngChildCredit
    case childTaxCreditShare
    case earnedIncomeCredit
    /// At or below the poverty guideline, after the earned income credit (`povertyLevelCredit`).
    case povertyLevelCredit
    /// Refundable: reported among the refundable credits; the state tax shown is before them.
    case refundableDependentCredit
    /// Refundable: a share of the federal earned income credit (`refundableEarnedIncomeCredit`).
    case refundableEarnedIncomeCredit
    /// A fixed tax per return with taxable income (`extraTax`).
    case extraTax
    /// California's mental health services tax, a line of its own.
    case mentalHealthTax
    /// New York City's tax, a line of its own, for residents.
    case cityTax

    /// What every state withholds from wages, whether or not it taxes income.
    static let payroll: [StateStep] = [.payrollContributions]

    /// A state income tax, in order. Income first, then what is subtracted from it, then the tax
    /// on what is left, what is added to the tax, and the credits against it; the separate lines
    /// last. The FICA deduction follows the standard deduction, which its itemized form replaces;
    /// a share of the tax is subtracted by `credits`; the credits after `credits` see the tax
    /// net of the ones before.
    static let incomeTax: [StateStep] = [
        .incomeBase,
        .standardDeduction,
        .personalExemption,
        .dependentExemption,
        .childExemption,
        .dependentDeduction,
        .youngChildDeduction,
        .federalTaxDeduction,
        .ficaDeduction,
        .rateSchedule,
        .lowIncomeTable,
        .recapture,
        .taxAddBacks,
        .shareOfTaxCredit,
        .credits,
        .incomeTestedCredit,
        .noTaxBelow,
        .youngChildCredit,
        .childTaxCreditShare,
        .earnedIncomeCredit,
        .povertyLevelCredit,
        .refundableDependentCredit,
        .refundableEarnedIncomeCredit,
        .extraTax,
        .mentalHealthTax,
        .cityTax,
    ]
}

/// A calculator of the state steps, one method per step: `StateTax` (the `Decimal` reference) and
/// `FixedState` (fixed point). A step is a requirement, so neither calculator can leave one out.
protocol StateStepCalculator {
    /// What the steps hand on to each other.
    associatedtype Work
    /// What the steps read.
    associatedtype Input
    func payrollContributions(_ work: inout Work, _ input: Input)
    func incomeBase(_ work: inout Work, _ input: Input)
    func standardDeduction(_ work: inout Work, _ input: Input)
    func personalExemption(_ work: inout Work, _ input: Input)
    func dependentExemption(_ work: inout Work, _ input: Input)
    func childExemption(_ work: inout Work, _ input: Input)
    func dependentDeduction(_ work: inout Work, _ input: Input)
    func youngChildDeduction(_ work: inout Work, _ input: Input)
    func federalTaxDeduction(_ work: inout Work, _ input: Input)
    func ficaDeduction(_ work: inout Work, _ input: Input)
    func rateSchedule(_ work: inout Work, _ input: Input)
    func lowIncomeTable(_ work: inout Work, _ input: Input)
    func recapture(_ work: inout Work, _ input: Input)
    func taxAddBacks(_ work: inout Work, _ input: Input)
    func shareOfTaxCredit(_ work: inout Work, _ input: Input)
    func credits(_ work: inout Work, _ input: Input)
    func incomeTestedCredit(_ work: inout Work, _ input: Input)
    func noTaxBelow(_ work: inout Work, _ input: Input)
    func youngChildCredit(_ work: inout Work, _ input: Input)
    func childTaxCreditShare(_ work: inout Work, _ input: Input)
    func earnedIncomeCredit(_ work: inout Work, _ input: Input)
    func povertyLevelCredit(_ work: inout Work, _ input: Input)
    func refundableDependentCredit(_ work: inout Work, _ input: Input)
    func refundableEarnedIncomeCredit(_ work: inout Work, _ input: Input)
    func extraTax(_ work: inout Work, _ input: Input)
    func mentalHealthTax(_ work: inout Work, _ input: Input)
    func cityTax(_ work: inout Work, _ input: Input)
}

extension StateStepCalculator {
    /// The registry of steps, shared by both calculators: one line per step.
    @inline(__always)
    func run(_ step: StateStep, _ work: inout Work, _ input: Input) {
        switch step {
        case .payrollContributions: payrollContributions(&work, input)
        case .incomeBase: incomeBase(&work, input)
        case .standardDeduction: standardDeduction(&work, input)
        case .personalExemption: personalExemption(&work, input)
        case .dependentExemption: dependentExemption(&work, input)
        case .childExemption: childExemption(&work, input)
        case .dependentDeduction: dependentDeduction(&work, input)
        case .youngChildDeduction: youngChildDeduction(&work, input)
        case .federalTaxDeduction: federalTaxDeduction(&work, input)
        case .ficaDeduction: ficaDeduction(&work, input)
        case .rateSchedule: rateSchedule(&work, input)
        case .lowIncomeTable: lowIncomeTable(&work, input)
        case .recapture: recapture(&work, input)
        case .taxAddBacks: taxAddBacks(&work, input)
        case .shareOfTaxCredit: shareOfTaxCredit(&work, input)
        case .credits: credits(&work, input)
        case .incomeTestedCredit: incomeTestedCredit(&work, input)
        case .noTaxBelow: noTaxBelow(&work, input)
        case .youngChildCredit: youngChildCredit(&work, input)
        case .childTaxCreditShare: childTaxCreditShare(&work, input)
        case .earnedIncomeCredit: earnedIncomeCredit(&work, input)
        case .povertyLevelCredit: povertyLevelCredit(&work, input)
        case .refundableDependentCredit: refundableDependentCredit(&work, input)
        case .refundableEarnedIncomeCredit: refundableEarnedIncomeCredit(&work, input)
        case .extraTax: extraTax(&work, input)
        case .mentalHealthTax: mentalHealthTax(&work, input)
        case .cityTax: cityTax(&work, input)
        }
    }
}
