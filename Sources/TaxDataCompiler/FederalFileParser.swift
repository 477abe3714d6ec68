import Foundation
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
        let eitcNode = r.optional("earnedIncomeCredit")
        let eitc = eitcNode.flatMap { earnedIncomeCredit($0, p.key("earnedIncomeCredit")) }
        let withholdingNode = r.optional("withholding")
        let withholding = withholdingNode.flatMap { federalWithholding($0, p.key("withholding")) }
        r.finish()
        guard let header, let deduction, let brackets, creditNode == nil || credit != nil, eitcNode == nil || eitc != nil,
              withholdingNode == nil || withholding != nil else { return nil }
        var federal = FederalData(year: year, standardDeduction: deduction, brackets: brackets, sources: header.sources, notes: header.notes)
        federal.provenance = header.provenance
        federal.childTaxCredit = credit
        federal.earnedIncomeCredit = eitc
        federal.withholding = withholding
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
        let refundableNode = m.optional("refundable")
        let refundable = refundableNode.flatMap { node -> ChildTaxCredit.RefundablePart? in
            let at = path.key("refundable")
            guard var r = mapping(node, at) else { return nil }
            let perChild = r.required("perChild").flatMap { decimal($0, at.key("perChild")) }
            let rate = r.required("rate").flatMap { self.rate($0, at.key("rate")) }
            let threshold = r.required("earnedThreshold").flatMap { decimal($0, at.key("earnedThreshold")) }
            r.finish()
            guard let perChild, let rate, let threshold else { return nil }
            return .init(perChild: perChild, rate: rate, earnedThreshold: threshold)
        }
        m.finish()
        guard let perChild, let perOther, let start, let step, let amount, refundableNode == nil || refundable != nil else { return nil }
        return ChildTaxCredit(perChild: perChild, perOtherDependent: perOther, phaseOutStart: start, phaseOutStep: step, phaseOutAmount: amount,
                              refundable: refundable)
    }
}

extension YAMLDocument {
    /// `earnedIncomeCredit: [{ children, phaseInRate, earnedAmount, maximum, phaseOutRate, phaseOutStart: {status: amount} }, …]`.
    func earnedIncomeCredit(_ node: Node, _ path: DataPath) -> [EarnedIncomeCreditSchedule]? {
        sequence(node, path).flatMap { items in
            var schedules: [EarnedIncomeCreditSchedule] = [], ok = true
            for (i, item) in items.enumerated() {
                let itemPath = path.index(i)
                guard var m = mapping(item, itemPath) else { ok = false; continue }
                let children = m.required("children").flatMap { decimal($0, itemPath.key("children")) }
                let phaseIn = m.required("phaseInRate").flatMap { rate($0, itemPath.key("phaseInRate")) }
                let earned = m.required("earnedAmount").flatMap { decimal($0, itemPath.key("earnedAmount")) }
                let maximum = m.required("maximum").flatMap { decimal($0, itemPath.key("maximum")) }
                let phaseOut = m.required("phaseOutRate").flatMap { rate($0, itemPath.key("phaseOutRate")) }
                let start = m.required("phaseOutStart").flatMap { amountTable($0, itemPath.key("phaseOutStart")) }
                m.finish()
                guard let children, let phaseIn, let earned, let maximum, let phaseOut, let start else { ok = false; continue }
                guard let count = Int(exactly: NSDecimalNumber(decimal: children)), Decimal(count) == children else {
                    report(.yamlNumber, "children must be a whole number (0, 1, 2 or 3)", at: item)
                    ok = false
                    continue
                }
                schedules.append(.init(children: count, phaseInRate: phaseIn, earnedAmount: earned, maximum: maximum,
                                       phaseOutRate: phaseOut, phaseOutStart: start))
            }
            return ok ? schedules : nil
        }
    }
}
