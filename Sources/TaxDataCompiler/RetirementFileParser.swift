import Foundation
import TaxDataCore
import Yams

extension YAMLDocument {
    /// `retirement.yaml`: plan limits, IRA, Roth phase-outs, SIMPLE, SEP, HSA.
    func parseRetirement() -> RetirementData? {
        guard var r = root() else { return nil }
        let p = rootPath
        let header = r.readHeader()
        let k401 = r.required("401k").flatMap { deferralPlan($0, p.key("401k"), hasTotal: true) }
        let b403 = r.required("403b").flatMap { deferralPlan($0, p.key("403b"), hasTotal: true) }
        let b457 = r.required("457b").flatMap { deferralPlan($0, p.key("457b"), hasTotal: false) }
        let ira = r.required("ira").flatMap { self.ira($0, p.key("ira")) }
        let phaseout = r.required("rothIncomePhaseout").flatMap { node in
            statusTable(node, p.key("rothIncomePhaseout")) { self.phaseout($0, $1) }
        }
        let simple = r.required("simpleIra").flatMap { simpleIRA($0, p.key("simpleIra")) }
        let sep = r.required("sepIra").flatMap { sepIRA($0, p.key("sepIra")) }
        let hsa = r.required("hsa").flatMap { self.hsa($0, p.key("hsa")) }
        r.finish()
        guard let header, let k401, let b403, let b457, let ira, let phaseout, let simple, let sep, let hsa else { return nil }
        var retirement = RetirementData(year: year, plan401k: k401, plan403b: b403, plan457b: b457, ira: ira,
                                        rothIncomePhaseout: phaseout, simpleIra: simple, sepIra: sep, hsa: hsa,
                                        sources: header.sources, notes: header.notes)
        retirement.provenance = header.provenance
        return retirement
    }

    private func enhancedCatchUp(_ node: Node, _ path: DataPath) -> RetirementData.EnhancedCatchUp? {
        guard var m = mapping(node, path) else { return nil }
        let contribution = m.required("contribution").flatMap { decimal($0, path.key("contribution")) }
        let minAge = m.required("minAge").flatMap { integer($0, path.key("minAge")) }
        let maxAge = m.required("maxAge").flatMap { integer($0, path.key("maxAge")) }
        m.finish()
        guard let contribution, let minAge, let maxAge else { return nil }
        return .init(contribution: contribution, minAge: minAge, maxAge: maxAge)
    }

    /// Reads an optional `enhancedCatchUp`: `.some(nil)` when absent, `nil` when invalid.
    private func optionalEnhanced(_ m: inout MappingReader, _ path: DataPath) -> RetirementData.EnhancedCatchUp?? {
        guard let node = m.optional("enhancedCatchUp") else { return .some(nil) }
        return enhancedCatchUp(node, path.key("enhancedCatchUp")).map { .some($0) }
    }

    private func deferralPlan(_ node: Node, _ path: DataPath, hasTotal: Bool) -> RetirementData.DeferralPlan? {
        guard var m = mapping(node, path) else { return nil }
        let limit = m.required("employeeLimit").flatMap { decimal($0, path.key("employeeLimit")) }
        let catchUp = m.required("catchUpContribution").flatMap { decimal($0, path.key("catchUpContribution")) }
        let age = m.required("catchUpAge").flatMap { integer($0, path.key("catchUpAge")) }
        var total: Decimal?? = .some(nil)
        if hasTotal {
            total = m.required("totalLimit").flatMap { decimal($0, path.key("totalLimit")) }.map { .some($0) }
        }
        let enhanced = optionalEnhanced(&m, path)
        m.finish()
        guard let limit, let catchUp, let age, let total, let enhanced else { return nil }
        return .init(employeeLimit: limit, catchUpContribution: catchUp, catchUpAge: age, totalLimit: total, enhancedCatchUp: enhanced)
    }

    private func ira(_ node: Node, _ path: DataPath) -> RetirementData.IRA? {
        guard var m = mapping(node, path) else { return nil }
        let traditional = m.required("traditionalLimit").flatMap { decimal($0, path.key("traditionalLimit")) }
        let roth = m.required("rothLimit").flatMap { decimal($0, path.key("rothLimit")) }
        let catchUp = m.required("catchUpContribution").flatMap { decimal($0, path.key("catchUpContribution")) }
        let age = m.required("catchUpAge").flatMap { integer($0, path.key("catchUpAge")) }
        m.finish()
        guard let traditional, let roth, let catchUp, let age else { return nil }
        return .init(traditionalLimit: traditional, rothLimit: roth, catchUpContribution: catchUp, catchUpAge: age)
    }

    private func phaseout(_ node: Node, _ path: DataPath) -> RetirementData.Phaseout? {
        guard var m = mapping(node, path) else { return nil }
        let start = m.required("start").flatMap { decimal($0, path.key("start")) }
        let end = m.required("end").flatMap { decimal($0, path.key("end")) }
        m.finish()
        guard let start, let end else { return nil }
        return .init(start: start, end: end)
    }

    private func simpleIRA(_ node: Node, _ path: DataPath) -> RetirementData.SimpleIRA? {
        guard var m = mapping(node, path) else { return nil }
        let limit = m.required("employeeLimit").flatMap { decimal($0, path.key("employeeLimit")) }
        let catchUp = m.required("catchUpContribution").flatMap { decimal($0, path.key("catchUpContribution")) }
        let enhanced = optionalEnhanced(&m, path)
        m.finish()
        guard let limit, let catchUp, let enhanced else { return nil }
        return .init(employeeLimit: limit, catchUpContribution: catchUp, enhancedCatchUp: enhanced)
    }

    private func sepIRA(_ node: Node, _ path: DataPath) -> RetirementData.SEPIRA? {
        guard var m = mapping(node, path) else { return nil }
        let limit = m.required("limit").flatMap { decimal($0, path.key("limit")) }
        let comp = m.required("maxCompensation").flatMap { decimal($0, path.key("maxCompensation")) }
        let pct = m.required("maxPercentage").flatMap { rate($0, path.key("maxPercentage")) }
        m.finish()
        guard let limit, let comp, let pct else { return nil }
        return .init(limit: limit, maxCompensation: comp, maxPercentage: pct)
    }

    private func hsa(_ node: Node, _ path: DataPath) -> RetirementData.HSA? {
        guard var m = mapping(node, path) else { return nil }
        let individual = m.required("individual").flatMap { decimal($0, path.key("individual")) }
        let family = m.required("family").flatMap { decimal($0, path.key("family")) }
        let catchUp = m.required("catchUpContribution").flatMap { decimal($0, path.key("catchUpContribution")) }
        let age = m.required("catchUpAge").flatMap { integer($0, path.key("catchUpAge")) }
        m.finish()
        guard let individual, let family, let catchUp, let age else { return nil }
        return .init(individual: individual, family: family, catchUpContribution: catchUp, catchUpAge: age)
    }
}
