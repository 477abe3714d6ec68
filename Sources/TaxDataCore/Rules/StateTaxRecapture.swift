import Foundation

/// A benefit recapture (New York's supplemental tax) belongs to a progressive state, has a label, a
/// positive width, a start for every filing status, rows for every status rising from a first row
/// `over: 0` that has only a `flatRate` (0…1), later rows with only `base` and `benefit` (≥ 0), a
/// flat rate above its threshold in (0, 1], and schema 1.4.
public struct StateTaxRecapture: StateConstructRule {
    public let id = RuleID.stateTaxRecapture
    public static let key = "taxRecapture"
    public static let since = SchemaVersion.v1_4
    public static let noIncomeTax: String? = nil
    public init() {}

    public func construct(of state: StateData) -> TaxRecapture? { state.taxRecapture }

    public func check(_ recapture: TaxRecapture, _ context: inout StateConstructContext) {
        let (code, state, path) = (context.code, context.state, context.path)
        func error(_ message: String, _ at: DataPath) { context.error(message, at: at) }
        if state.type != .progressive { error("\(code) recaptures the benefit of brackets it does not have (type \(state.type.rawValue))", path) }
        context.requireLabel(recapture.label, naming: "the tax")
        if recapture.width <= 0 { error("width must be above 0 (the income band over which a benefit is recaptured)", path.key("width")) }
        let missingStart = recapture.start.missing
        if !missingStart.isEmpty { error("start has no amount for \(missingStart.map(\.rawValue).joined(separator: ", "))", path.key("start")) }
        if let flat = recapture.flatAbove, flat.rate <= 0 || flat.rate > 1 {
            error("flatAbove rate \(Money.text(flat.rate)) must be above 0 and at most 1", path.key("flatAbove").key("rate"))
        }
        let missingRows = recapture.rows.missing
        if !missingRows.isEmpty { error("rows has no list for \(missingRows.map(\.rawValue).joined(separator: ", "))", path.key("rows")) }
        for (status, rows) in recapture.rows.writtenInOrder {
            let rowsPath = path.key("rows").key(status.rawValue)
            guard let first = rows.first else { error("the \(status.rawValue) rows are empty", rowsPath); continue }
            if first.over != 0 || first.flatRate == nil || first.base != nil || first.benefit != nil {
                error("the first \(status.rawValue) row must be { over: 0, flatRate } (the rate all taxable income reaches)", rowsPath.index(0))
            }
            if let rate = first.flatRate, rate <= 0 || rate > 1 { error("flatRate \(Money.text(rate)) must be above 0 and at most 1", rowsPath.index(0).key("flatRate")) }
            for (i, row) in rows.enumerated().dropFirst() {
                let at = rowsPath.index(i)
                if row.over <= rows[i - 1].over { error("over \(Money.text(row.over)) must be above the row before (\(Money.text(rows[i - 1].over)))", at.key("over")) }
                if row.flatRate != nil || row.base == nil || row.benefit == nil {
                    error("a later row has base and benefit (the benefit recaptured below it and its own), not flatRate", at)
                }
                if (row.base ?? 0) < 0 || (row.benefit ?? 0) < 0 { error("base and benefit must not be negative", at) }
            }
        }
    }
}
