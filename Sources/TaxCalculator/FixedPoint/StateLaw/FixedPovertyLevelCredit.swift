import Foundation
import TaxDataCore

/// `PovertyLevelCredit` in cents and millionths.
struct FixedPovertyLevelCredit: Sendable {
    var share: Int64
    var firstPerson: Int64, additionalPerson: Int64
}

extension FixedState {
    /// `StateTax.povertyLevelCredit`, in cents.
    @inline(__always)
    func povertyLevelCredit(_ work: inout Work, _ input: Input) {
        guard let credit = tables.povertyLevelCredit else { return }
        let people = Int64((input.status == 1 ? 2 : 1) + input.dependents)
        guard input.incomeWages <= credit.firstPerson + (people - 1) * credit.additionalPerson else { return }
        work.out.tax -= Swift.min(work.out.tax, FixedPoint.roundToCent(input.incomeWages * credit.share))
    }
}

extension FixedTableCompiler {
    func povertyLevelCredit(_ credit: PovertyLevelCredit) throws -> FixedPovertyLevelCredit {
        FixedPovertyLevelCredit(share: try rate(credit.share, "\(code) poverty level credit share"),
                                firstPerson: try cents(credit.firstPerson, "\(code) poverty guideline"),
                                additionalPerson: try cents(credit.additionalPerson, "\(code) poverty guideline per person"))
    }
}
