/// Where in a tax year's data a value lives, independent of the file format it came from.
///
/// Rules report findings by path; the compiler maps a path back to `file:line:column` of the
/// YAML source, and `verify` / the client print it as a JSON path inside a bundle file.
public struct DataPath: Hashable, Sendable, CustomStringConvertible, Comparable {
    /// The document a value belongs to.
    public enum Document: Hashable, Sendable, Comparable {
        case year
        case federal
        case fica
        case retirement
        case state(String)
    }

    public enum Component: Hashable, Sendable {
        case key(String)
        case index(Int)
    }

    public var document: Document
    public var components: [Component]

    public init(_ document: Document, _ components: [Component] = []) {
        self.document = document
        self.components = components
    }

    /// This path extended by a key.
    public func key(_ name: String) -> DataPath { appending(.key(name)) }

    /// This path extended by an array index.
    public func index(_ position: Int) -> DataPath { appending(.index(position)) }

    /// One array allocation, not two (`components + [component]` builds a temporary array): the
    /// field walk extends a path at every value of a year.
    private func appending(_ component: Component) -> DataPath {
        var extended = DataPath(document, [])
        extended.components.reserveCapacity(components.count + 1)
        extended.components.append(contentsOf: components)
        extended.components.append(component)
        return extended
    }

    /// The path one level up, or nil at a document's root.
    public var parent: DataPath? {
        components.isEmpty ? nil : DataPath(document, Array(components.dropLast()))
    }

    /// `brackets.single[2].ceiling`, relative to the document.
    public var pointer: String {
        var text = ""
        for component in components {
            switch component {
            case .key(let name): text += text.isEmpty ? name : ".\(name)"
            case .index(let position): text += "[\(position)]"
            }
        }
        return text
    }

    /// The one address format, everywhere a path is shown: `address`.
    public var description: String { address }

    /// The document as `diff` groups and `--only` names it: `federal`, `fica`, `retirement`,
    /// `states/CA` (or `year`).
    public var area: String {
        switch document {
        case .year: "year"
        case .federal: "federal"
        case .fica: "fica"
        case .retirement: "retirement"
        case .state(let code): "states/\(code)"
        }
    }

    /// `area/pointer` (`states/CA/brackets.single[0].ceiling`), or the area alone at a document's root.
    public var address: String { components.isEmpty ? area : "\(area)/\(pointer)" }

    public static func < (lhs: DataPath, rhs: DataPath) -> Bool { lhs.description < rhs.description }
}
