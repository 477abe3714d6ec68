// The README's app quick start ("App developers: a paycheck in a few lines"), compiled and run: the
// lines between the markers are its fenced block, its statements wrapped in a function (the
// function's first and last lines, and their four spaces of indentation, are all that differ);
// `PortabilityTests` fail when they differ. This file imports only what the block imports.
// README-QUICKSTART-BEGIN
import TaxDataClient

func readmeQuickStart() async throws {
    let provider = try TaxDataProvider.embeddedOnly()
    let data = try await provider.data(exactly: 2026)   // throws ProviderError(.yearUnavailable) for a year it does not hold
    let pay = try TaxCalculator(data: data).calculate(PayInput(grossAnnual: 85000, status: .single, state: "CA"))
    let biweekly = pay.payslip(.biweekly)               // gross, pre-tax, tax and net, each to the cent
    print("bi-weekly: gross \(biweekly.gross), tax \(biweekly.tax), net \(biweekly.net)")
    print("for the year: federal income tax \(pay.federalIncomeTax), CA income tax \(pay.stateIncomeTax)")
    for line in pay.payrollContributions { print("\(line.name): \(line.amount)") }   // CA's SDI; WA's paid leave and WA Cares …
    let paycheck = PaycheckInput(frequency: .biweekly, wages: 3000, w4: FormW4(filingStatus: .single),
                                 state: "IL", stateCertificate: StateCertificate(allowances: 1))
    let withheld = try PaycheckCalculator(data: data).calculate(paycheck)   // IRS Pub 15-T and IL-700-T
    print("withheld: federal \(withheld.federalWithholding), IL \(withheld.stateWithholding ?? 0), net \(withheld.netPay)")
    let year = try PaycheckCalculator(data: data).projection(paycheck)      // a year of such paychecks against its tax
    print("refund (+) or balance due (-): federal \(year.federalRefund), IL \(year.stateRefund ?? 0)")
}
// README-QUICKSTART-END
