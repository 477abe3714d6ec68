import Foundation
import TaxDataCore
import Yams

/// Reading `localities/XX.yaml`: a state's counties, cities and school districts with an income tax
/// (schema 1.13). The file is part of the state's document: its paths are `XX/localities[i]…`.
///
///     taxYear: 2026
///     notes: "…"                       # optional, for the people who maintain the file
///     localities:
///       - id: "24031"                  # Census GEOID, or the state's own code (PA-510101)
///         name: Montgomery County
///         kind: county                 # county | city | municipality | school-district | district | nonresident
///         provenance: official         # official | corroborated | estimated (+ pending)
///         sources: [{ title, url, kind }]
///         taxes:
///           - id: md-24031
///             name: Montgomery County income tax
///             resident: { base: stateTaxableIncome, rate: 0.032 }
///
/// What the values mean is checked by the `locality.*` rules, not here.
extension YAMLDocument {
    func parseLocalities(code: String) -> [Locality]? {
        guard var r = root() else { return nil }
        let p = rootPath
        if let yearNode = r.required("taxYear"), let value = integer(yearNode, p.key("taxYear")), value != year {
            report(.yearDirectory, "taxYear is \(value) but the file is in the \(year) directory", at: yearNode)
        }
        _ = r.optional("notes").flatMap { string($0, p.key("localityNotes")) }
        let localities = r.required("localities").flatMap { list($0, p.key("localities")) { locality($0, $1) } }
        r.finish()
        return localities
    }

    private func locality(_ node: Node, _ path: DataPath) -> Locality? {
        guard var m = mapping(node, path) else { return nil }
        let id = m.required("id").flatMap { string($0, path.key("id")) }
        let name = m.required("name").flatMap { string($0, path.key("name")) }
        let kind = m.required("kind").flatMap { string($0, path.key("kind")) }
        let grade = m.required("provenance").flatMap { choice($0, path.key("provenance"), Provenance.self) }
        let pendingNode = m.optional("pending")
        let pending = pendingNode.flatMap { string($0, path.key("pending")) }
        let sources = m.required("sources").flatMap { citations($0, path.key("sources")) }
        let notesNode = m.optional("notes")
        let notes = notesNode.flatMap { string($0, path.key("notes")) }
        let taxes = m.required("taxes").flatMap { list($0, path.key("taxes")) { localIncomeTax($0, $1) } }
        m.finish()
        guard let id, let name, let kind, let grade, let sources, let taxes, pendingNode == nil || pending != nil,
              notesNode == nil || notes != nil else { return nil }
        return Locality(id: id, name: name, kind: kind, taxes: taxes, provenance: grade, pending: pending, sources: sources, notes: notes)
    }

    private func localIncomeTax(_ node: Node, _ path: DataPath) -> LocalIncomeTax? {
        guard var m = mapping(node, path) else { return nil }
        let id = m.required("id").flatMap { string($0, path.key("id")) }
        let name = m.required("name").flatMap { string($0, path.key("name")) }
        let workplaceNode = m.optional("workplace")
        let workplace = workplaceNode.flatMap { bool($0, path.key("workplace")) }
        let effectiveNode = m.optional("effective")
        let effective = effectiveNode.flatMap { dateRange($0, path.key("effective")) }
        let residentNode = m.optional("resident"), nonresidentNode = m.optional("nonresident")
        let resident = residentNode.flatMap { localTaxPart($0, path.key("resident")) }
        let nonresident = nonresidentNode.flatMap { localTaxPart($0, path.key("nonresident")) }
        let creditNode = m.optional("residentCredit")
        let credit = creditNode.flatMap { residentCredit($0, path.key("residentCredit")) }
        m.finish()
        if residentNode == nil && nonresidentNode == nil {
            report(.yamlMissingKey, "\(describe(path)) needs resident (what residents pay), nonresident (what people who work there pay), or both",
                   at: node)
        }
        guard let id, let name, residentNode != nil || nonresidentNode != nil, workplaceNode == nil || workplace != nil,
              effectiveNode == nil || effective != nil, residentNode == nil || resident != nil,
              nonresidentNode == nil || nonresident != nil, creditNode == nil || credit != nil else { return nil }
        return LocalIncomeTax(id: id, name: name, workplace: workplace, effective: effective, resident: resident,
                              nonresident: nonresident, residentCredit: credit)
    }

    private func localTaxPart(_ node: Node, _ path: DataPath) -> LocalTaxPart? {
        guard var m = mapping(node, path) else { return nil }
        let base = m.required("base").flatMap { string($0, path.key("base")) }
        let wagesNode = m.optional("wages")
        let wages = wagesNode.flatMap { string($0, path.key("wages")) }
        // Read as plain numbers: `locality.rate` says where a rate is out of range.
        let rateNode = m.optional("rate")
        let rate = rateNode.flatMap { number($0, path.key("rate"), what: "a rate", parse: Money.parseRate) }
        let bracketsNode = m.optional("brackets")
        let brackets = bracketsNode.flatMap { scheduleTable($0, path.key("brackets")) }
        let methodNode = m.optional("method")
        let method = methodNode.flatMap { string($0, path.key("method")) }
        let amountNode = m.optional("amount")
        let amount = amountNode.flatMap { decimal($0, path.key("amount")) }
        let perNode = m.optional("per")
        let per = perNode.flatMap { string($0, path.key("per")) }
        let minimumNode = m.optional("minimumWages")
        let minimum = minimumNode.flatMap { decimal($0, path.key("minimumWages")) }
        m.finish()
        guard let base, wagesNode == nil || wages != nil, rateNode == nil || rate != nil, bracketsNode == nil || brackets != nil,
              methodNode == nil || method != nil, amountNode == nil || amount != nil, perNode == nil || per != nil,
              minimumNode == nil || minimum != nil else { return nil }
        return LocalTaxPart(base: base, wages: wages, rate: rate, brackets: brackets, method: method, amount: amount, per: per,
                            minimumWages: minimum)
    }

    private func residentCredit(_ node: Node, _ path: DataPath) -> LocalIncomeTax.ResidentCredit? {
        guard var m = mapping(node, path) else { return nil }
        let share = m.required("share").flatMap { number($0, path.key("share"), what: "a share", parse: Money.parseRate) }
        let limit = m.required("rateLimit").flatMap { number($0, path.key("rateLimit"), what: "a rate", parse: Money.parseRate) }
        m.finish()
        guard let share, let limit else { return nil }
        return .init(share: share, rateLimit: limit)
    }
}
