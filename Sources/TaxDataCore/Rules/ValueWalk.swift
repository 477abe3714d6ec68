import Foundation

/// The written values of a year by kind (`TaxYearData.fields`), for rules that treat every value
/// of a kind alike (`FieldRule`: non-negative amounts, rates in range).
extension TaxYearData {
    /// The written numbers of each kind in `kinds`, in one walk.
    public func written(_ kinds: Set<FieldSpec.Kind>) -> [FieldSpec.Kind: [(DataPath, Decimal)]] {
        Self.written(kinds, in: fields())
    }

    /// The written numbers of each kind in `kinds` among `fields`.
    public static func written(_ kinds: Set<FieldSpec.Kind>, in fields: [Field]) -> [FieldSpec.Kind: [(DataPath, Decimal)]] {
        var out: [FieldSpec.Kind: [(DataPath, Decimal)]] = [:]
        for field in fields where field.isWritten && kinds.contains(field.spec.kind) {
            if let value = field.value.number { out[field.spec.kind, default: []].append((field.path, value)) }
        }
        return out
    }
}
