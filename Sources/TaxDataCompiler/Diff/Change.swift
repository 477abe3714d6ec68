import Foundation
import TaxDataCore

/// One difference between two tax years (or two bundles), addressed by area and path.
public struct Change: Sendable, Equatable, Codable {
    public enum Kind: String, Sendable, Codable { case added, removed, changed }

    /// `federal`, `fica`, `retirement` or `states/XX`.
    public var area: String
    /// Inside the area: `brackets.single[2].ceiling`, `standardDeduction.head_of_household`, `type`.
    public var path: String
    public var kind: Kind
    /// Canonical text of the old and new values (`null` for an open ceiling).
    public var old: String?
    public var new: String?
    /// new − old, for numbers.
    public var delta: Decimal?
    /// (new − old) / old × 100, rounded to 2 places, for numbers with a non-zero old value.
    public var percent: Decimal?

    public init(area: String, path: String, kind: Kind, old: String?, new: String?, delta: Decimal? = nil, percent: Decimal? = nil) {
        self.area = area
        self.path = path
        self.kind = kind
        self.old = old
        self.new = new
        self.delta = delta
        self.percent = percent
    }

    /// "federal/brackets.single[2].ceiling": what `--only` matches against.
    public var address: String { "\(area)/\(path)" }
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
