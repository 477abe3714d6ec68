import Foundation
import TaxDataCore

extension FixedPaycheckCalculator {
    /// One paycheck, in cents and small integers. Made from a `PaycheckInput` by
    /// `init(_:calculator:)`, which runs the reference's checks of the Form W-4 and the state
    /// certificate once; change `wagesCents` (and the year-to-date amounts) to run another paycheck
    /// of the same person.
    public struct Input: Sendable, Equatable {
        public var frequency: PayFrequency
        public var wagesCents: Int64
        /// This paycheck's pre-tax amounts requested, in cents, by kind.
        public var plan401k: Int64 = 0, plan403b: Int64 = 0, plan457b: Int64 = 0
        public var hsa: Int64 = 0, hsaSelf: Int64 = 0, section125: Int64 = 0
        public var yearToDateWagesCents: Int64 = 0
        public var supplementalCents: Int64 = 0
        public var yearToDateSupplementalCents: Int64 = 0
        public var roundToDollar = false
        public var supplementalMethod = SupplementalMethod.flat
        // The Form W-4, as checked when the input was made.
        let redesigned: Bool
        let status: FilingStatus
        let multipleJobs: Bool
        let dependentsCents: Int64, otherIncomeCents: Int64, deductionsCents: Int64, extraCents: Int64
        let allowances: Int64
        let nonresidentAlien: Bool
        let exempt: Bool
        // The state and its certificate.
        let state: Int
        let certificateStatus: FilingStatus?
        let certificateAllowances: Int64, certificateAdditional: Int64
        /// Millionths; -1 when none was elected.
        let electedRate: Int64
        let certificateExtraCents: Int64
        /// The certificate's reduction per paycheck, in cents, taken off last (Connecticut's CT-W4 line 3).
        let certificateReducedCents: Int64
        /// The yearly exemption claimed in dollars, in cents, and whether the certificate claims one
        /// (without, the method's default applies).
        let certificateExemptionCents: Int64
        let certificateExemptionGiven: Bool
        /// The yearly credit claimed in dollars, in cents.
        let certificateCreditCents: Int64
        let certificateExempt: Bool
        /// For a state whose method changes during the year, the one the paycheck's dates choose
        /// (0 the first, i the i-th `midYear` one); -1 when they do not say.
        let methodIndex: Int
        /// The rate table the certificate elects, as an index into its method's names sorted; -1 for none.
        let rateTable: Int
        /// Millionths: the flat rate of the wages withheld in place of the method when no
        /// certificate is on file and that is the state's rule (`noCertificate.rate`); -1 otherwise.
        let noCertificateRate: Int64
        /// The certificate's code switches off the standard deduction, or the liability's credit (Connecticut's D).
        let codeNoExemption: Bool, codeNoCredit: Bool

        /// The paycheck `input` describes, checked as `PaycheckCalculator` checks it (the Form W-4's
        /// combinations, the state certificate's fields), with every amount in whole cents and the
        /// year's wages (`wages` × periods) within $1,000,000,000.
        public init(_ input: PaycheckInput, calculator: FixedPaycheckCalculator) throws {
            func cents(_ value: Decimal, _ what: String) throws -> Int64 {
                guard value >= 0 else { throw CalculationError.negative(what) }
                guard let cents = FixedPoint.cents(value) else { throw CalculationError.outOfRange("\(what): \(Money.text(value)) is not a whole number of cents up to $1,000,000,000") }
                return cents
            }
            try input.w4.validate(taxYear: calculator.taxYear)
            try PaycheckCalculator.validateDates(input, year: calculator.taxYear)
            guard input.localities.isEmpty, input.workLocality == nil else {
                throw CalculationError(.inconsistentInput, "localities: the fixed-point paycheck computes no local tax yet; PaycheckCalculator does")
            }
            frequency = input.frequency
            wagesCents = try cents(input.wages, "wages")

            yearToDateWagesCents = try cents(input.yearToDateWages, "yearToDateWages")
            supplementalCents = try cents(input.supplemental, "supplemental")
            yearToDateSupplementalCents = try cents(input.yearToDateSupplemental, "yearToDateSupplemental")
            roundToDollar = input.roundToDollar
            supplementalMethod = input.supplementalMethod
            let w4 = input.w4
            redesigned = w4.isRedesigned
            status = w4.filingStatus
            multipleJobs = w4.multipleJobs
            dependentsCents = try cents(w4.dependentsAmount, "w4.dependentsAmount")
            otherIncomeCents = try cents(w4.otherIncome, "w4.otherIncome")
            deductionsCents = try cents(w4.deductions, "w4.deductions")
            extraCents = try cents(w4.extraWithholding, "w4.extraWithholding")
            // Annualized, every amount stays within $1,000,000,000, so no product can overflow.
            let limit = FixedPoint.maxCents / Int64(input.frequency == .daily ? 366 : input.frequency.periods)
            for (what, amount) in [("wages and supplemental wages", wagesCents + supplementalCents), ("w4.extraWithholding", extraCents)] where amount > limit {
                throw CalculationError.outOfRange("\(what) of \(Money.text(Decimal(amount) / 100)) a paycheck: the fixed-point path takes at most \(Money.text(Decimal(limit) / 100)), a year's within $1,000,000,000")
            }
            allowances = Int64(w4.allowances)
            nonresidentAlien = w4.nonresidentAlien
            exempt = w4.exempt
            let given = input.stateCertificate
            var methodIndex = 0
            var chosenMethod: StateWithholding?
            if let code = input.state {
                let id = try calculator.state(code)
                state = id.index
                switch calculator.states[id.index] {
                case .noTax:
                    if let field = given.given.first {
                        throw CalculationError(.inconsistentInput, "stateCertificate.\(field): \(code.uppercased()) has no income tax on wages, and no withholding certificate")
                    }
                case .noMethod: break
                case .method:
                    // The reference's checks of the certificate against the state's method.
                    chosenMethod = try calculator.method(code)
                    try StateWithholdingFormula.validate(given, for: chosenMethod!, state: code.uppercased())
                case .changing:
                    // The method the dates choose (the first when they do not say), as the reference checks it.
                    let first = try calculator.method(code)
                    let index = StateWithholdingFormula.inForceIndex(first, payDate: input.payDate, periodStart: input.periodStart, periodEnd: input.periodEnd)
                    let chosen = index.map { $0 == 0 ? first : first.midYear![$0 - 1].method } ?? first
                    try StateWithholdingFormula.validate(given, for: chosen, state: code.uppercased())
                    chosenMethod = chosen
                    methodIndex = index ?? -1
                }
            } else {
                if let field = given.given.first {
                    throw CalculationError(.inconsistentInput, "stateCertificate.\(field): a state certificate needs a state")
                }
                state = -1
            }
            self.methodIndex = methodIndex
            // Without a certificate on file, the one the state prescribes, or its flat rate.
            let resolved = try chosenMethod.map { try StateWithholdingFormula.onFile(given, $0, state: input.state?.uppercased() ?? "") }
            let certificate = resolved?.certificate ?? given
            noCertificateRate = try resolved?.flatRate.map { try FixedPoint.requireRate($0, "\(input.state?.uppercased() ?? "") withholding noCertificate.rate") } ?? -1
            rateTable = certificate.rateTable.flatMap { name in chosenMethod?.rateTables?.keys.sorted().firstIndex(of: name) } ?? -1
            // A code chooses the status, and may switch off the deduction and the credit.
            let code = certificate.withholdingCode.flatMap { chosenMethod?.withholdingCodes?[$0] }
            certificateStatus = code.flatMap { FilingStatus(rawValue: $0.status) } ?? certificate.filingStatus
            codeNoExemption = code?.exemption == false
            codeNoCredit = code?.credit == false
            certificateAllowances = Int64(certificate.allowances ?? 0)
            certificateAdditional = Int64(certificate.additionalAllowances ?? 0)
            electedRate = try certificate.electedRate.map { value in
                guard let rate = FixedPoint.rate(value) else { throw CalculationError.outOfRange("stateCertificate.electedRate: \(Money.text(value))") }
                return rate
            } ?? -1
            certificateExtraCents = try cents(certificate.extraWithholding ?? 0, "stateCertificate.extraWithholding")
            certificateReducedCents = try cents(certificate.reducedWithholding ?? 0, "stateCertificate.reducedWithholding")
            certificateExemptionCents = try cents(certificate.exemptionAmount ?? 0, "stateCertificate.exemptionAmount")
            certificateExemptionGiven = certificate.exemptionAmount != nil
            certificateCreditCents = try cents(certificate.creditAmount ?? 0, "stateCertificate.creditAmount")
            certificateExempt = certificate.exempt == true
            try addPreTax(input.preTax) { try cents($0, $1) }
        }
    }

    /// The amounts of one paycheck, each rounded to the cent as `PaycheckCalculator` rounds them.
    public struct Result: Sendable, Equatable {
        public var federalWithholdingCents: Int64
        public var supplementalWithholdingCents: Int64
        /// Nil when no state is asked, or its method is not in the data.
        public var stateWithholdingCents: Int64?
        public var socialSecurityCents: Int64
        public var medicareCents: Int64
        /// The state's payroll contributions on this paycheck, together.
        public var payrollContributionsCents: Int64
        public var preTaxDeductionsCents: Int64
        public var netPayCents: Int64
    }
}
