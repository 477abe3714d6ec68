/// A provisional value (scaffolded by `taxdata new-year`) still awaits its official figure: a
/// warning per value, naming its derivation. `build --release` turns these into errors.
public struct DataProvisional: ValidationRule {
    public let id = RuleID.dataProvisional
    public init() {}
    public func check(_ data: TaxYearData) -> [Diagnostic] {
        data.provisional.sorted { $0.key < $1.key }.map { path, derivation in
            .warning(id, "\(path.pointer) is provisional (\(derivation)): replace it with the official \(data.meta.taxYear) figure", at: path)
        }
    }
}
