import Foundation
import TaxDataCore
import Yams

/// Reading `payrollContributions` and `preTaxTreatment` from a state file.
extension YAMLDocument {
    /// `payrollContributions: [{ id, name, kind, rate | perHour, employeeShare?, wageBase, maxWeekly?,
    /// wages, effective?, inSDI?, provenance, sources }]`. `wageBase: null` means uncapped;
    /// `maxTax` is derived (rate × employeeShare × wageBase, to the cent) unless written. Each
    /// contribution's grade counts in its state's, as a figure's does. What the values mean is
    /// checked by `state.payroll-contribution`, not here. Each contribution's grade is its own,
    /// backed by its own sources (`provenance.construct`); the state's grade covers the rest.
    func payrollContributions(_ node: Node, _ path: DataPath) -> [PayrollContribution]? {
        list(node, path) { item, itemPath in payrollContribution(item, itemPath) }
    }

    private func payrollContribution(_ node: Node, _ path: DataPath) -> PayrollContribution? {
        guard var m = mapping(node, path) else { return nil }
        let id = m.required("id").flatMap { string($0, path.key("id")) }
        let name = m.required("name").flatMap { string($0, path.key("name")) }
        let kind = m.required("kind").flatMap { string($0, path.key("kind")) }
        let rateNode = m.optional("rate"), perHourNode = m.optional("perHour")
        let rate = rateNode.flatMap { self.rate($0, path.key("rate")) }
        let perHour = perHourNode.flatMap { self.rate($0, path.key("perHour")) }
        let shareNode = m.optional("employeeShare")
        let share = shareNode.flatMap { self.rate($0, path.key("employeeShare")) }
        let wageBase = m.required("wageBase").flatMap { nullableDecimal($0, path.key("wageBase")) }
        let maxTaxNode = m.optional("maxTax")
        let maxTax = maxTaxNode.flatMap { nullableDecimal($0, path.key("maxTax")) }
        let weeklyNode = m.optional("maxWeekly")
        let maxWeekly = weeklyNode.flatMap { decimal($0, path.key("maxWeekly")) }
        let wages = m.required("wages").flatMap { string($0, path.key("wages")) }
        let effectiveNode = m.optional("effective")
        let effective = effectiveNode.flatMap { dateRange($0, path.key("effective")) }
        let inSDINode = m.optional("inSDI")
        let inSDI = inSDINode.flatMap { bool($0, path.key("inSDI")) }
        let gradeNode = m.required("provenance")
        let grade = gradeNode.flatMap { choice($0, path.key("provenance"), Provenance.self) }
        let sourcesNode = m.required("sources")
        let sources = sourcesNode.flatMap { citations($0, path.key("sources")) }
        m.finish()
        if rateNode == nil && perHourNode == nil {
            report(.yamlMissingKey, "\(describe(path)) needs rate (of wages) or perHour (dollars per hour worked)", at: node)
        }
        guard let id, let name, let kind, let wageBase, let wages, let grade, let sources,
              rateNode == nil || rate != nil, perHourNode == nil || perHour != nil, shareNode == nil || share != nil,
              rateNode != nil || perHourNode != nil,
              maxTaxNode == nil || maxTax != nil, weeklyNode == nil || maxWeekly != nil,
              effectiveNode == nil || effective != nil, inSDINode == nil || inSDI != nil else { return nil }
        // Not derived from a negative base: the rule reports the base, not a negative maximum too.
        let derived = wageBase.flatMap { base in base < 0 ? nil : rate.map { Money.roundedToCent($0 * (share ?? 1) * base) } }
        return PayrollContribution(id: id, name: name, kind: kind, rate: rate, employeeShare: share, perHour: perHour,
                                   wageBase: wageBase, maxTax: maxTaxNode == nil ? derived : maxTax!, maxWeekly: maxWeekly,
                                   wages: wages, effective: effective, inSDI: inSDI, provenance: grade, sources: sources)
    }

    /// `{ from: "YYYY-MM-DD", to: "YYYY-MM-DD" }`, as text (checked by the rule): a payroll
    /// contribution's or a local tax's `effective`.
    func dateRange(_ node: Node, _ path: DataPath) -> PayrollContribution.DateRange? {
        guard var m = mapping(node, path) else { return nil }
        let from = m.required("from").flatMap { string($0, path.key("from")) }
        let to = m.required("to").flatMap { string($0, path.key("to")) }
        m.finish()
        guard let from, let to else { return nil }
        return .init(from: from, to: to)
    }

    /// `preTaxTreatment: { taxed: [401k, 403b, 457b, hsa, section125], provenance, sources }`.
    func preTaxTreatment(_ node: Node, _ path: DataPath) -> PreTaxTreatment? {
        guard var m = mapping(node, path) else { return nil }
        let taxed = m.required("taxed").flatMap { list($0, path.key("taxed"), string) }
        let grade = m.required("provenance").flatMap { choice($0, path.key("provenance"), Provenance.self) }
        let sources = m.required("sources").flatMap { citations($0, path.key("sources")) }
        m.finish()
        guard let taxed, let grade, let sources else { return nil }
        return PreTaxTreatment(taxed: taxed, provenance: grade, sources: sources)
    }
}
