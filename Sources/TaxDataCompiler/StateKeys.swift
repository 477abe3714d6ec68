import Foundation
import TaxDataCore
import Yams

/// One key a state file may hold besides its header: how it is read, and where it goes in
/// `StateData`. A new construct adds its reader (`StateLaw/<Construct>+Source.swift`) and one line
/// to `StateKey.all`; `parseState` reads whatever the table lists.
struct StateKey {
    let key: String
    /// Reads the key's node into the state; false when the value is there but invalid.
    let apply: (YAMLDocument, Node, DataPath, inout StateData) -> Bool

    /// A key read by `read` into the optional field `field`.
    init<T>(_ key: String, _ field: WritableKeyPath<StateData, T?>, _ read: @escaping (YAMLDocument) -> (Node, DataPath) -> T?) {
        self.key = key
        apply = { document, node, path, state in
            guard let value = read(document)(node, path) else { return false }
            state[keyPath: field] = value
            return true
        }
    }

    /// A key whose value goes to the state in its own way.
    init(_ key: String, custom: @escaping (YAMLDocument, Node, DataPath, inout StateData) -> Bool) {
        self.key = key
        apply = custom
    }

    /// Every key, in the order they are read (the order of their findings in a file).
    static var all: [StateKey] {
        [
            .init("rate", \.rate, YAMLDocument.rate),
            .init("standardDeduction", \.standardDeduction, YAMLDocument.amountTable),
            .init("personalExemption", \.personalExemption, YAMLDocument.amountTable),
            .init("dependentExemption", \.dependentExemption, YAMLDocument.decimal),
            .init("personalCredit", \.personalCredit, YAMLDocument.amountTable),
            .init("dependentCredit", \.dependentCredit, YAMLDocument.decimal),
            .init("brackets", \.brackets, YAMLDocument.scheduleTable),
            .init("sdi", \.sdi, YAMLDocument.sdi),
            .init("mentalHealthTax", \.mentalHealthTax, YAMLDocument.mentalHealthTax),
            .init("nycTax", \.nycTax, YAMLDocument.nycTax),
            .init("localTax", \.localTax, YAMLDocument.localTax),
            .init("indexed", \.indexed, YAMLDocument.bool),
            .init("pending", \.pending, YAMLDocument.string),
            .init("incomeBase", custom: { d, node, path, state in
                guard let value = d.choice(node, path, IncomeBase.self) else { return false }
                state.incomeBase = value
                return true
            }),
            // A deduction a 1.2 client would misread goes to the 1.4 `…Schedule` key, which it ignores.
            .init("federalTaxDeduction", custom: { d, node, path, state in
                guard let value = d.paidTaxDeduction(node, path) else { return false }
                if value.isSchema12 { state.federalTaxDeduction = value } else { state.federalTaxDeductionSchedule = value }
                return true
            }),
            .init("ficaDeduction", custom: { d, node, path, state in
                guard let value = d.paidTaxDeduction(node, path) else { return false }
                if value.isSchema12 { state.ficaDeduction = value } else { state.ficaDeductionSchedule = value }
                return true
            }),
            .init("phaseOuts", custom: { d, node, path, state in d.phaseOuts(node, path, into: &state) }),
            .init("extraTax", \.extraTax, YAMLDocument.decimal),
            .init("standardDeductionPercent", \.standardDeductionPercent, YAMLDocument.percentStandardDeduction),
            .init("taxAddBacks", custom: { d, node, path, state in
                guard let value = d.list(node, path, d.taxAddBack) else { return false }
                state.taxAddBacks = value
                return true
            }),
            .init("taxCredit", \.taxCredit, YAMLDocument.shareOfTaxCredit),
            .init("childExemption", \.childExemption, YAMLDocument.decimal),
            .init("taxRecapture", \.taxRecapture, YAMLDocument.taxRecapture),
            .init("earnedIncomeCredit", \.earnedIncomeCredit, YAMLDocument.earnedIncomeCreditShare),
            .init("childTaxCreditShare", \.childTaxCreditShare, YAMLDocument.childCreditShare),
            .init("incomeTestedCredit", \.incomeTestedCredit, YAMLDocument.incomeTestedCredit),
            .init("refundableDependentCredit", \.refundableDependentCredit, YAMLDocument.decimal),
            .init("federalDeductionAddBack", \.federalDeductionAddBack, YAMLDocument.federalDeductionAddBack),
            .init("taxTable", \.taxTable, YAMLDocument.taxTable),
            .init("tableCredit", \.tableCredit, YAMLDocument.tableCredit),
            .init("lowIncomeTable", \.lowIncomeTable, YAMLDocument.lowIncomeTable),
            .init("dependentDeduction", \.dependentDeduction, YAMLDocument.dependentDeduction),
            .init("youngChildDeduction", \.youngChildDeduction, YAMLDocument.youngChildDeduction),
            .init("preTaxTreatment", \.preTaxTreatment, YAMLDocument.preTaxTreatment),
            .init("withholding", \.withholding, YAMLDocument.stateWithholding),
            .init("youngChildCredit", \.youngChildCredit, YAMLDocument.youngChildCredit),
            .init("povertyLevelCredit", \.povertyLevelCredit, YAMLDocument.povertyLevelCredit),
            .init("noTaxBelow", \.noTaxBelow, YAMLDocument.noTaxBelow),
            .init("refundableEarnedIncomeCredit", \.refundableEarnedIncomeCredit, YAMLDocument.refundableEarnedIncomeCredit),
            // `sdi` is derived from the `inSDI` contributions, for clients before 1.12.
            .init("payrollContributions", custom: { d, node, path, state in
                guard let value = d.payrollContributions(node, path) else { return false }
                if state.sdi != nil {
                    d.report(.statePayrollContribution, "a state with payrollContributions derives sdi from the inSDI ones: remove the sdi key", at: node)
                    return false
                }
                state.payrollContributions = value
                if let sdi = StateData.derivedSDI(value) { state.sdi = sdi }
                return true
            }),
            .init("missing", custom: { d, node, path, state in
                guard let value = d.list(node, path, d.string) else { return false }
                state.missing = value
                return true
            }),
        ]
    }
}

extension YAMLDocument {
    /// A list whose every item `read` accepts; nil when any is invalid (each reported).
    func list<T>(_ node: Node, _ path: DataPath, _ read: (Node, DataPath) -> T?) -> [T]? {
        sequence(node, path).flatMap { items in
            let parsed = items.enumerated().map { read($0.element, path.index($0.offset)) }
            return parsed.contains(where: { $0 == nil }) ? nil : parsed.compactMap { $0 }
        }
    }
}
