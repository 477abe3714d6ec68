import Foundation
import TaxDataCore

extension YAMLDocument {
    /// `fica.yaml`. An omitted Social Security `maxTax` is derived as rate × wageBase, to the cent.
    func parseFICA() -> FICAData? {
        guard var r = root() else { return nil }
        let p = rootPath
        let header = r.readHeader()
        var socialSecurity: FICAData.SocialSecurity?
        let ssPath = p.key("socialSecurity")
        if let node = r.required("socialSecurity"), var ss = mapping(node, ssPath) {
            let rate = ss.required("rate").flatMap { self.rate($0, ssPath.key("rate")) }
            let wageBase = ss.required("wageBase").flatMap { decimal($0, ssPath.key("wageBase")) }
            let maxNode = ss.optional("maxTax")
            let maxTax = maxNode.flatMap { decimal($0, ssPath.key("maxTax")) }
            ss.finish()
            if let rate, let wageBase, maxNode == nil || maxTax != nil {
                socialSecurity = .init(rate: rate, wageBase: wageBase, maxTax: maxTax ?? Money.roundedToCent(rate * wageBase))
            }
        }
        var medicare: FICAData.Medicare?
        let mPath = p.key("medicare")
        if let node = r.required("medicare"), var m = mapping(node, mPath) {
            let rate = m.required("rate").flatMap { self.rate($0, mPath.key("rate")) }
            let additional = m.required("additionalRate").flatMap { self.rate($0, mPath.key("additionalRate")) }
            let thresholds = m.required("thresholds").flatMap { amountTable($0, mPath.key("thresholds")) }
            m.finish()
            if let rate, let additional, let thresholds {
                medicare = .init(rate: rate, additionalRate: additional, thresholds: thresholds)
            }
        }
        r.finish()
        guard let header, let socialSecurity, let medicare else { return nil }
        var fica = FICAData(year: year, socialSecurity: socialSecurity, medicare: medicare, sources: header.sources, notes: header.notes)
        fica.provenance = header.provenance
        return fica
    }
}
