/// How a figure is known (schema 1.2): read in the authority's own publication, corroborated by
/// independent secondary sources, or estimated before the authority has published.
///
/// Grades are ordered by strength: `official` > `corroborated` > `estimated`; a document's grade
/// is the weakest of its own and its figures' (`Provenance.weakest`).
public enum Provenance: String, Sendable, Equatable, Codable, CaseIterable, Comparable {
    /// Every figure was read in an `official` source the file lists.
    case official
    /// The figures were read in at least two independent secondary sources that agree, and the
    /// file cites the official document that holds them.
    case corroborated
    /// One secondary source, or derived by the state's own indexing rule before the authority
    /// published. Drafts only, except a state written with `pending`.
    case estimated

    /// Weaker grades compare greater: `official < corroborated < estimated`.
    public static func < (lhs: Provenance, rhs: Provenance) -> Bool { lhs.strength > rhs.strength }

    private var strength: Int {
        switch self {
        case .official: 2
        case .corroborated: 1
        case .estimated: 0
        }
    }

    /// The weakest of the grades (nil when there are none).
    public static func weakest<S: Sequence>(_ grades: S) -> Provenance? where S.Element == Provenance {
        grades.max()
    }

    /// A short label for tables: `off`, `cor`, `est`.
    public var abbreviation: String {
        switch self {
        case .official: "off"
        case .corroborated: "cor"
        case .estimated: "est"
        }
    }
}

/// Whether a cited source is the authority itself or anything else (schema 1.2).
public enum SourceKind: String, Sendable, Equatable, Codable, CaseIterable {
    /// The authority: IRS, SSA, a state revenue department, a legislature, a statute, a register.
    case official
    /// Anything else: a compilation, a vendor, a newspaper, another model's parameter files.
    case secondary
}
