import Foundation
import TaxDataCore

/// One difference between two tax years (or two bundles), at one `DataPath`.
public struct Change: Sendable, Equatable {
    public enum Kind: String, Sendable, Codable { case added, removed, changed }

    /// Where: the newer side's path (bracket indices are the newer year's), the older side's for a
    /// removed value; a whole jurisdiction added or removed is its document's root.
    public var path: DataPath
    public var kind: Kind
    /// Canonical text of the old and new values (`null` for an open ceiling).
    public var old: String?
    public var new: String?
    /// new − old, exactly, for numbers.
    public var delta: Decimal?
    /// (new − old) / old × 100, rounded to 2 places, for numbers with a non-zero old value.
    public var percent: Decimal?
    /// The value is derived on every side that has it, the same way: fixed by other values of its
    /// year (see `Derivation`), so the change follows from changes shown beside it.
    public var derived: Bool
    /// How the value was scaffolded, while it is still provisional (the newer side's; the older
    /// side's for a removed value).
    public var provisional: String?
    /// How the value is known (same side as `provisional`), when its document has a grade.
    public var provenance: Provenance?

    public init(path: DataPath, kind: Kind, old: String?, new: String?, delta: Decimal? = nil, percent: Decimal? = nil,
                derived: Bool = false, provisional: String? = nil, provenance: Provenance? = nil) {
        self.path = path
        self.kind = kind
        self.old = old
        self.new = new
        self.delta = delta
        self.percent = percent
        self.derived = derived
        self.provisional = provisional
        self.provenance = provenance
    }

    /// `federal`, `fica`, `retirement` or `states/XX`.
    public var area: String { path.area }
    /// "federal/brackets.single[2].ceiling": what `--only` matches against.
    public var address: String { path.address }
}

/// JSON (schema `taxdata-diff/2`, docs/diff-json.md): numbers are exact decimal strings, like the
/// values they compare.
extension Change: Encodable {
    enum CodingKeys: String, CodingKey { case area, path, kind, old, new, delta, percent, derived, provisional, provenance }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(area, forKey: .area)
        try container.encode(path.pointer, forKey: .path)
        try container.encode(kind, forKey: .kind)
        try container.encodeIfPresent(old, forKey: .old)
        try container.encodeIfPresent(new, forKey: .new)
        try container.encodeIfPresent(delta.map(Money.text), forKey: .delta)
        try container.encodeIfPresent(percent.map(Money.text), forKey: .percent)
        try container.encode(derived, forKey: .derived)
        try container.encodeIfPresent(provisional, forKey: .provisional)
        try container.encodeIfPresent(provenance, forKey: .provenance)
    }
}

/// A value in a flattened tax year.
enum FlatValue: Equatable {
    case number(Decimal)
    case text(String)

    var text: String {
        switch self {
        case .number(let value): Money.text(value)
        case .text(let value): value
        }
    }
}
