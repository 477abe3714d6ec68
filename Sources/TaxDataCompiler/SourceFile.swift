import TaxDataCore

/// One authored file, in memory. The compiler never touches the disk: the CLI reads files into these.
public struct SourceFile: Sendable, Equatable {
    /// Path relative to the tree root, with `/` separators: `2026/states/CA.yaml`.
    public var relativePath: String
    /// Path to show in diagnostics: `TaxData/2026/states/CA.yaml`.
    public var displayPath: String
    public var contents: String

    public init(relativePath: String, displayPath: String? = nil, contents: String) {
        self.relativePath = relativePath
        self.displayPath = displayPath ?? relativePath
        self.contents = contents
    }
}

/// Maps data paths back to where their values were written, per tax year.
public struct SourceMap: Sendable {
    private var locations: [Int: [DataPath: SourceLocation]] = [:]

    public init() {}

    mutating func record(_ location: SourceLocation, year: Int, path: DataPath) {
        locations[year, default: [:]][path] = location
    }

    /// Adds every location recorded in `other` (each file is parsed into its own map, then merged,
    /// so no map is copied per file).
    /// A year only one side has is taken whole; otherwise the smaller side is merged into the larger.
    /// On a path both record, `other`'s location wins.
    mutating func merge(_ other: SourceMap) {
        for (year, entries) in other.locations {
            guard var mine = locations.removeValue(forKey: year), !mine.isEmpty else {
                locations[year] = entries
                continue
            }
            if mine.count >= entries.count {
                mine.merge(entries) { _, theirs in theirs }
                locations[year] = mine
            } else {
                var theirs = entries
                theirs.merge(mine) { theirs, _ in theirs }
                locations[year] = theirs
            }
        }
    }

    /// The location of `path`, or of its nearest recorded ancestor.
    public func location(year: Int, path: DataPath) -> SourceLocation? {
        var current: DataPath? = path
        while let candidate = current {
            if let found = locations[year]?[candidate] { return found }
            current = candidate.parent
        }
        return nil
    }
}
