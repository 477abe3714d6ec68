import TaxDataCore
import Yams

extension YAMLDocument {
    /// `federal.yaml`: standard deductions and brackets.
    func parseFederal() -> FederalData? {
        guard var r = root() else { return nil }
        let p = rootPath
        let header = r.readHeader()
        let deduction = r.required("standardDeduction").flatMap { amountTable($0, p.key("standardDeduction")) }
        let brackets = r.required("brackets").flatMap { scheduleTable($0, p.key("brackets")) }
        let creditNode = r.optional("childTaxCredit")
        let credit = creditNode.flatMap { childTaxCredit($0, p.key("childTaxCredit")) }
        r.finish()
        guard let header, let deduction, let brackets, creditNode == nil || credit != nil else { return nil }
        var federal = FederalData(year: year, standardDeduction: deduction, brackets: brackets, sources: header.sources, notes: header.notes)
        federal.provenance = header.provenance
        federal.childTaxCredit = credit
        return federal
    }
}

extension YAMLDocument {
    /// `childTaxCredit: { perChild, perOtherDependent, phaseOutStart: {status: amount}, phaseOutStep, phaseOutAmount }`.
    func childTaxCredit(_ node: Node, _ path: DataPath) -> ChildTaxCredit? {
        guard var m = mapping(node, path) else { return nil }
        let perChild = m.required("perChild").flatMap { decimal($0, path.key("perChild")) }
        let perOther = m.required("perOtherDependent").flatMap { decimal($0, path.key("perOtherDependent")) }
        let start = m.required("phaseOutStart").flatMap { amountTable($0, path.key("phaseOutStart")) }
        let step = m.required("phaseOutStep").flatMap { decimal($0, path.key("phaseOutStep")) }
        let amount = m.required("phaseOutAmount").flatMap { decimal($0, path.key("phaseOutAmount")) }
        m.finish()
        guard let perChild, let perOther, let start, let step, let amount else { return nil }
        return ChildTaxCredit(perChild: perChild, perOtherDependent: perOther, phaseOutStart: start, phaseOutStep: step, phaseOutAmount: amount)
    }
}
