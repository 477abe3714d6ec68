import Foundation
import Testing
@testable import TaxDataCore

@Suite("Base tax derivation")
struct ScheduleTests {
    func d(_ s: String) -> Decimal { Money.parse(s)! }

    @Test("2024 federal single: the printed Rev. Proc. 2023-34 base taxes")
    func federal2024() {
        let ceilings: [Decimal?] = [d("11600"), d("47150"), d("100525"), d("191950"), d("243725"), d("609350"), nil]
        let floors: [Decimal] = [0] + ceilings.dropLast().map { $0! }
        let rates = ["0.10", "0.12", "0.22", "0.24", "0.32", "0.35", "0.37"].map(d)
        let expected = Schedule.expectedBaseTaxes(floors: floors, ceilings: ceilings, rates: rates)
        #expect(expected == ["0", "1160", "5426", "17168.5", "39110.5", "55678.5", "183647.25"].map { d($0) })
    }

    @Test("a statutory base restarts the chain (Ohio 2024)")
    func statutory() {
        let brackets = [
            Bracket(floor: 0, ceiling: d("26050"), rate: 0, baseTax: 0),
            Bracket(floor: d("26050"), ceiling: d("100000"), rate: d("0.0275"), baseTax: d("360.69"), statutoryBaseTax: true),
            Bracket(floor: d("100000"), ceiling: nil, rate: d("0.035"), baseTax: d("2394.32")),
        ]
        #expect(Schedule.expectedBaseTaxes(brackets) == [0, d("360.69"), d("2394.32")])
    }

    @Test("the exact running sum is rounded once, as schedules print it (1236.405 → 1236.41)")
    func exactSum() {
        let floors = [d("0"), d("1000"), d("2000")]
        let ceilings: [Decimal?] = [d("1000"), d("2000"), nil]
        let rates = [d("0.0246"), d("1.2124050"), d("0.05")]
        // 24.6 + 1212.405 = 1237.005 → 1237.01 (rounding each step would give the same here; see next)
        #expect(Schedule.expectedBaseTaxes(floors: floors, ceilings: ceilings, rates: rates)[2] == d("1237.01"))
        let halves = Schedule.expectedBaseTaxes(floors: [0, d("1"), d("2"), d("3")], ceilings: [d("1"), d("2"), d("3"), nil],
                                                rates: [d("0.005"), d("0.005"), d("0.005"), 0])
        #expect(halves == [0, d("0.01"), d("0.01"), d("0.02")])
    }
}
