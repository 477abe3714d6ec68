import Foundation
import TaxDataCore
import Yams

extension YAMLDocument {
    /// Reads a list of `{floor, ceiling, rate, baseTax?}` brackets.
    ///
    /// An omitted `baseTax` is derived from the brackets below it (`Schedule.expectedBaseTaxes`);
    /// a written one is kept as written, and the `brackets.base-tax` rule compares it.
    func schedule(_ node: Node, _ path: DataPath) -> [Bracket]? {
        guard let items = sequence(node, path) else { return nil }
        var floors: [Decimal] = []
        var ceilings: [Decimal?] = []
        var rates: [Decimal] = []
        var written: [Decimal?] = []
        var statutory: [Bool] = []
        var ok = true
        for (index, item) in items.enumerated() {
            let itemPath = path.index(index)
            guard var reader = mapping(item, itemPath) else { ok = false; continue }
            let floor = reader.required("floor").flatMap { decimal($0, itemPath.key("floor")) }
            let ceiling = reader.required("ceiling").flatMap { nullableDecimal($0, itemPath.key("ceiling")) }
            let rate = reader.required("rate").flatMap { self.rate($0, itemPath.key("rate")) }
            let baseTaxNode = reader.optional("baseTax")
            let baseTax = baseTaxNode.flatMap { decimal($0, itemPath.key("baseTax")) }
            if let note = reader.optional("provisional").flatMap({ string($0, itemPath.key("provisional")) }) {
                provisional[itemPath] = note
            }
            if let gradeNode = reader.optional("provenance") {
                guard let grade = choice(gradeNode, itemPath.key("provenance"), Provenance.self) else { ok = false; continue }
                figureProvenance[itemPath] = grade
            }
            let statutoryNode = reader.optional("statutoryBaseTax")
            let isStatutory = statutoryNode.flatMap { bool($0, itemPath.key("statutoryBaseTax")) }
            reader.finish()
            if isStatutory == true && baseTaxNode == nil {
                report(.yamlMissingKey, "statutoryBaseTax: true needs the baseTax the law fixes", at: statutoryNode)
                ok = false
            }
            if statutoryNode != nil && isStatutory == nil { ok = false }
            guard let floor, let ceiling, let rate, baseTaxNode == nil || baseTax != nil else { ok = false; continue }
            floors.append(floor)
            ceilings.append(ceiling)
            rates.append(rate)
            written.append(baseTax)
            statutory.append(isStatutory ?? false)
        }
        guard ok else { return nil }
        let anchors = floors.indices.map { statutory[$0] ? written[$0] : nil }
        let expected = Schedule.expectedBaseTaxes(floors: floors, ceilings: ceilings, rates: rates, anchors: anchors)
        return floors.indices.map { i in
            Bracket(floor: floors[i], ceiling: ceilings[i], rate: rates[i], baseTax: written[i] ?? expected[i] ?? 0,
                    statutoryBaseTax: statutory[i])
        }
    }

    /// Reads `sources: [{title, url, kind}, …]`; `kind` (official | secondary) is required from schema 1.2
    /// on by the `provenance.grade` rule, not here, so older trees still parse.
    func citations(_ node: Node, _ path: DataPath) -> [Citation]? {
        guard let items = sequence(node, path) else { return nil }
        var result: [Citation] = []
        for (index, item) in items.enumerated() {
            guard var reader = mapping(item, path.index(index)) else { return nil }
            let title = reader.required("title").flatMap { string($0, path.index(index).key("title")) }
            let url = reader.required("url").flatMap { string($0, path.index(index).key("url")) }
            let kindNode = reader.optional("kind")
            let kind = kindNode.flatMap { choice($0, path.index(index).key("kind"), SourceKind.self) }
            reader.finish()
            guard let title, let url, kindNode == nil || kind != nil else { return nil }
            result.append(Citation(title: title, url: url, kind: kind))
        }
        return result
    }
}

extension MappingReader {
    /// Reads the keys every data file shares: `taxYear` (must match the directory), `sources`, `notes`,
    /// `provenance` (schema 1.2) and `reviewed` (sanity warnings a person has checked).
    mutating func readHeader() -> (sources: [Citation], notes: String?, provenance: Provenance?)? {
        let d = document
        if let yearNode = required("taxYear"), let value = d.integer(yearNode, path.key("taxYear")), value != d.year {
            d.report(.yearDirectory, "taxYear is \(value) but the file is in the \(d.year) directory", at: yearNode)
        }
        let sourcesNode = optional("sources")
        let sources: [Citation]?
        if let sourcesNode {
            sources = d.citations(sourcesNode, path.key("sources"))
        } else {
            d.report(.sourcesMissing, "no official source is cited: add sources: [{title, url}]", at: node)
            sources = nil
        }
        let notes = optional("notes").flatMap { d.string($0, path.key("notes")) }
        let provenanceNode = optional("provenance")
        let provenance = provenanceNode.flatMap { d.choice($0, path.key("provenance"), Provenance.self) }
        let reviewedNode = optional("reviewed")
        let reviewedOK = reviewedNode.map { d.readReviewed($0, path.key("reviewed")) } ?? true
        guard let sources, provenanceNode == nil || provenance != nil, reviewedOK else { return nil }
        return (sources, notes, provenance)
    }
}
