import TaxDataCore

extension YAMLDocument {
    /// `year.yaml`: version, schema version, dates, status.
    func parseYear() -> YearMeta? {
        guard var r = root() else { return nil }
        let p = rootPath
        if let node = r.required("taxYear"), let value = integer(node, p.key("taxYear")), value != year {
            report(.yearDirectory, "taxYear is \(value) but the file is in the \(year) directory", at: node)
        }
        var version: DataVersion?
        if let node = r.required("version"), let text = string(node, p.key("version")) {
            version = DataVersion(text)
            if version == nil { report(.yamlType, "version '\(text)' must look like \(year).1.0 (three whole numbers)", at: node) }
        }
        var schema: SchemaVersion?
        if let node = r.required("schemaVersion"), let text = string(node, p.key("schemaVersion")) {
            schema = SchemaVersion(text)
            if schema == nil { report(.yamlType, "schemaVersion '\(text)' must look like \"1.1\"", at: node) }
        }
        let effective = r.required("effectiveDate").flatMap { string($0, p.key("effectiveDate")) }
        let expiration = r.required("expirationDate").flatMap { string($0, p.key("expirationDate")) }
        var status: YearMeta.Status?
        if let node = r.required("status"), let text = string(node, p.key("status")) {
            status = YearMeta.Status(rawValue: text)
            if status == nil {
                report(.yamlType, "status '\(text)' must be one of \(YearMeta.Status.allCases.map(\.rawValue).joined(separator: ", "))", at: node)
            }
        }
        var changes: String?
        if let node = r.optional("changes"), let text = string(node, p.key("changes")) {
            changes = text
            if text.allSatisfy(\.isWhitespace) { report(.yamlType, "changes is empty: say what changed in this release, or leave the key out", at: node) }
            if let schema, schema < .v1_9 { report(.yearConsistency, "changes needs schemaVersion \"1.9\" (apps older than that ignore it)", at: node) }
        }
        r.finish()
        guard let version, let schema, let effective, let expiration, let status else { return nil }
        return YearMeta(taxYear: year, version: version, schemaVersion: schema, effectiveDate: effective,
                        expirationDate: expiration, status: status, changes: changes)
    }
}
