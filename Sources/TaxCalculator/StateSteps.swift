/// One step of a state's tax. The order of the steps is declared once, in `payroll` and
/// `incomeTax`, and both calculators walk those lists: `StateTax` (the `Decimal` reference, which
/// also writes the notes) and `FixedState` (the fixed-point twin), so the two cannot disagree on
/// order. A new construct adds a case here, one line in each list, and one line in each
/// calculator's `run` switch (see CONTRIBUTING.md).
enum StateStep: Sendable, CaseIterable {
    /// State disability insurance withheld from wages (`sdi`).
    case disabilityInsurance
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
    case childTaxCreditShare
    case earnedIncomeCredit
    /// Refundable: named in a note only, the state tax shown is before refundable credits.
    case refundableDependentCredit
    /// A fixed tax per return with taxable income (`extraTax`).
    case extraTax
    /// California's mental health services tax, a line of its own.
    case mentalHealthTax
    /// New York City's tax, a line of its own, for residents.
    case cityTax

    /// What every state withholds from wages, whether or not it taxes income.
    static let payroll: [StateStep] = [.disabilityInsurance]

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
        .childTaxCreditShare,
        .earnedIncomeCredit,
        .refundableDependentCredit,
        .extraTax,
        .mentalHealthTax,
        .cityTax,
    ]
}
