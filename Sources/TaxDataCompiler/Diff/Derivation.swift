import Foundation
import TaxDataCore

/// Why a value carries no information of its own: rules that `check` (and `verify`) enforce as
/// errors fix it from other values of the same year, so a change to it follows from a change
/// shown beside it. `diff` hides such changes unless asked (`--derived`).
///
/// - A filing status that copies another: `sameAs` in the sources. A bundle has no `sameAs` (it
///   carries every status expanded), so there a status is a copy when its whole value (amount or
///   schedule) equals that of a status before it in contract order (`FilingStatus.allCases`): its
///   change is then exactly that status's change.
/// - A bracket floor: 0 for the first bracket, the previous ceiling after (`brackets.first-floor`,
///   `brackets.contiguous`).
/// - A bracket's base tax: the tax on the brackets below it (`brackets.base-tax`), unless the law
///   fixes it (`statutoryBaseTax`).
/// - A maximum tax: rate × wage base to the cent (`fica.max-tax`, `sdi.max-tax`).
enum Derivation: Hashable {
    case copy(of: FilingStatus)
    case floor
    case baseTax
    case maxTax
    /// The federal earned income credit's maximum: phaseInRate × earnedAmount.
    case creditMaximum

    init(_ derivation: FieldSpec.Derivation) {
        switch derivation {
        case .floor: self = .floor
        case .baseTax: self = .baseTax
        case .maxTax: self = .maxTax
        case .creditMaximum: self = .creditMaximum
        }
    }
}

/// Where a tax year came from, which decides how a `sameAs` copy is recognised.
public enum YearOrigin: Sendable {
    /// Compiled from YAML: a copy is a status written `{ sameAs: … }`.
    case sources
    /// Decoded from a bundle: a copy is a status whose value equals an earlier status's.
    case bundle
}

extension Derivation {
    /// Whether a change is derived, given the derivation of the value on each side that has it: it
    /// is derived on every such side, the same way. A value derived on one side only, or copied
    /// from a different status on each side, is an edit an author made.
    static func isDerived(_ sides: [Derivation?]) -> Bool {
        guard let first = sides.first, first != nil else { return false }
        return sides.allSatisfy { $0 == first }
    }
}
