/// What the sources say about one value: whether it is still provisional, and how it is known.
extension TaxYearData {
    /// How the value at `path` was derived when it is provisional (scaffolded by `taxdata new-year`),
    /// written on the value itself or on the bracket it belongs to; nil when it is not provisional.
    public func provisional(at path: DataPath) -> String? {
        var current: DataPath? = path
        while let candidate = current {
            if let derivation = provisional[candidate] { return derivation }
            current = candidate.parent
        }
        return nil
    }

    /// The grade of the value at `path`: the nearest grade the sources wrote (the figure's own, its
    /// bracket's, else its document's), or, for a bundle, its document's effective grade (the
    /// weakest of the document's and its figures'). Nil for a document without a grade (before
    /// schema 1.2) and for `year`.
    public func provenance(at path: DataPath) -> Provenance? {
        var current: DataPath? = path
        while let candidate = current {
            if let grade = gradesWritten[candidate] { return grade }
            current = candidate.parent
        }
        switch path.document {
        case .year: return nil
        case .federal: return federal.provenance
        case .fica: return fica.provenance
        case .retirement: return retirement.provenance
        case .state(let code): return states[code]?.provenance
        }
    }
}
