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
    /// weakest of the document's and its figures'); within a payroll contribution or a pre-tax
    /// treatment, that construct's own grade. Nil for a document without a grade (before schema
    /// 1.2) and for `year`.
    public func provenance(at path: DataPath) -> Provenance? {
        // A construct graded on its own (1.12): its grade, not its state's.
        if case .state(let code) = path.document, let state = states[code], path.components.count >= 1 {
            switch path.components[0] {
            case .key("payrollContributions"):
                if path.components.count >= 2, case .index(let i) = path.components[1], let list = state.payrollContributions, list.indices.contains(i),
                   let grade = list[i].provenance { return grade }
            case .key("preTaxTreatment"):
                if let grade = state.preTaxTreatment?.provenance { return grade }
            default: break
            }
        }
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
