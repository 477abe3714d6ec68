import Foundation
import Testing
@testable import TaxCalculator
import TaxDataCore
import TaxDataTestSupport

/// Issue 37: each bundle's conformance vectors (`ConformanceVectorMaker`), a few hundred cases with
/// the reference calculator's cents, which other platforms' implementations run.
@Suite("Conformance vectors")
struct ConformanceVectorTests {
    @Test("every year: a few hundred cases with unique ids, the same every time, every jurisdiction's liability, paychecks where there is withholding data",
          arguments: compiledYears.map(\.meta.taxYear))
    func shape(year: Int) throws {
        let data = try #require(compiledYears.first { $0.meta.taxYear == year })
        let vectors = try ConformanceVectorMaker.make(data)
        #expect(try ConformanceVectorMaker.make(data) == vectors)
        #expect(vectors.taxYear == year && vectors.version == data.meta.version && vectors.schemaVersion == data.meta.schemaVersion)
        let ids = vectors.liability.map(\.id) + vectors.paycheck.map(\.id)
        #expect(Set(ids).count == ids.count)
        #expect(vectors.liability.count == 3 * (data.states.count + 1))
        #expect(Set(vectors.liability.compactMap(\.input.state)) == Set(data.states.keys))
        if data.federal.withholding == nil {
            #expect(vectors.paycheck.isEmpty)
        } else {
            let methods = data.states.values.filter { $0.withholding != nil }.count
            let withLocalities = data.states.values.filter { !($0.localities ?? []).isEmpty }.count
            // A per-period method has a weekly and a daily case more.
            let perPeriod = data.states.values.filter { $0.withholding?.perPeriod != nil }.count
            // A method that changes during the year: one case on each change's first day, and one without dates.
            let changes = data.states.values.compactMap { $0.withholding?.midYear.map { $0.count + 1 } }.reduce(0, +)
            // A method with a rule for no certificate on file (in any of its methods): one case without one.
            let noCertificate = data.states.values.filter { state in
                guard let method = state.withholding else { return false }
                return ([method] + (method.midYear ?? []).map(\.method)).contains { $0.noCertificate != nil }
            }.count
            #expect(noCertificate > 0)
            // A state without a wage income tax, and one whose method is not in the data while there is one.
            let missing = data.states.values.contains { $0.type != .noTax && $0.withholding == nil } ? 1 : 0
            #expect(vectors.paycheck.count == 49 + 2 * methods + 2 * perPeriod + changes + noCertificate + withLocalities + 1 + missing, "\(vectors.paycheck.count)")
            // Each of those is dated as its method needs: every dated case computes, the undated one does not.
            for state in data.states.keys where data.states[state]?.withholding?.midYear != nil {
                let cases = vectors.paycheck.filter { $0.id.hasPrefix("P-\(state)-M") }
                #expect(cases.filter { $0.expected.stateWithholding == nil }.map(\.id) == ["P-\(state)-M0"])
            }
            #expect(vectors.paycheck.filter { $0.expected.localWithholding != nil }.count == withLocalities)
            #expect(vectors.paycheck.filter { $0.expected.localWithholding.map { $0 > 0 } == true }.count >= withLocalities - 2)
            // Every state method is exercised with every field of its certificate.
            for (code, state) in data.states where state.withholding != nil {
                #expect(vectors.paycheck.contains { $0.id == "P-\(code)-2" && $0.expected.stateWithholding != nil })
            }
            #expect(vectors.paycheck.contains { $0.input.state != nil && $0.expected.stateWithholding == nil }, "a state without a method")
            #expect(vectors.paycheck.contains { $0.input.state != nil && $0.expected.stateWithholding == 0 }, "a state without a wage tax")
        }
        #expect(ids.count >= 150)
    }

    @Test("the fixed-point calculator, a second implementation, gives every liability vector's cents")
    func fixedPointAgrees() throws {
        for data in compiledYears {
            let fast = try FixedPointCalculator(data: data)
            // (It needs a state: the country-only cases are the reference's alone.)
            for vector in try ConformanceVectorMaker.make(data).liability where vector.input.state != nil {
                let input = PayInput(grossAnnual: vector.input.gross, status: vector.input.status, state: vector.input.state,
                                     preTax: try (vector.input.preTax ?? []).map(ConformanceVectorMaker.preTax),
                                     dependents: vector.input.children ?? 0, children: vector.input.children ?? 0)
                let got = try fast.calculate(FixedPointCalculator.Input(input, calculator: fast))
                let expected = vector.expected
                #expect((Decimal(got.federalIncomeTaxCents) / 100 - expected.federalIncomeTax).isZero, "\(data.meta.taxYear) \(vector.id)")
                #expect((Decimal(got.stateIncomeTaxCents) / 100 - expected.stateIncomeTax).isZero, "\(data.meta.taxYear) \(vector.id)")
                #expect((Decimal(got.netPayCents) / 100 - expected.netPay).isZero, "\(data.meta.taxYear) \(vector.id)")
            }
        }
    }

    @Test("by hand, 2026: a single filer at 42,000 with no state; a biweekly paycheck of 1,153.85 for a single W-4 withholds 54.62")
    func byHand() throws {
        let data = try #require(compiledYears.first { $0.meta.taxYear == 2026 })
        let vectors = try ConformanceVectorMaker.make(data)
        // 42,000 − 16,100 = 25,900: 10% × 12,400 + 12% × 13,500 = 2,860; FICA 6.2% and 1.45%.
        let single = try #require(vectors.liability.first { $0.id == "L-US-1" })
        #expect(single.input == .init(status: .single, state: nil, gross: 42_000))
        #expect(single.expected.federalIncomeTax == 2_860 && single.expected.socialSecurity == 2_604 && single.expected.medicare == 609)
        #expect((single.expected.netPay - (42_000 - 2_860 - 2_604 - 609)).isZero)
        // P-US-10: biweekly, single, 30,000 a year = 1,153.85 a paycheck. Worksheet 1A: 1,153.85 × 26 = 30,000.10,
        // less 8,600 (line 1g) = 21,400.10; the single STANDARD schedule's row from 19,900: 1,240 + 12% × 1,500.10
        // = 1,420.01 a year, 54.62 a paycheck.
        let paycheck = try #require(vectors.paycheck.first { $0.id == "P-US-10" })
        #expect(paycheck.input.frequency == .biweekly && paycheck.input.wagesPerPeriod == Decimal(string: "1153.85")!)
        #expect(paycheck.input.w4 == .init(form: 2020, filingStatus: .single))
        #expect(paycheck.expected.federalWithholding == Decimal(string: "54.62")!, "\(paycheck.expected)")
    }
}
