/// The schema major is one this build understands; another major could mean other field meanings.
public struct SchemaSupported: ValidationRule {
    public let id = RuleID.schemaUnsupported
    public init() {}
    public func check(_ data: TaxYearData) -> [Diagnostic] {
        let version = data.meta.schemaVersion
        guard !SchemaVersion.supportedMajors.contains(version.major) else { return [] }
        return [.error(id, "schemaVersion \(version) has major \(version.major); this build reads major \(SchemaVersion.supportedMajors.sorted().map(String.init).joined(separator: ", "))",
                       at: DataPath(.year).key("schemaVersion"))]
    }
}
