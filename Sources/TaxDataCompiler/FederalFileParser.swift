import TaxDataCore

extension YAMLDocument {
    /// `federal.yaml`: standard deductions and brackets.
    func parseFederal() -> FederalData? {
        guard var r = root() else { return nil }
        let p = rootPath
        let header = r.readHeader()
        let deduction = r.required("standardDeduction").flatMap { amountTable($0, p.key("standardDeduction")) }
        let brackets = r.required("brackets").flatMap { scheduleTable($0, p.key("brackets")) }
        r.finish()
        guard let header, let deduction, let brackets else { return nil }
        var federal = FederalData(year: year, standardDeduction: deduction, brackets: brackets, sources: header.sources, notes: header.notes)
        federal.provenance = header.provenance
        return federal
    }
}
