/// The documents agree with the manifest and with each other (`year.consistency`,
/// `bundle.inconsistent`): the states document is for the manifest's year, and the combined
/// document is exactly the four documents it combines. In the app form: the data document is the
/// manifest's year and version and holds no audit trail, and the provenance document is the
/// audit trail of that very year and version (one swapped from another year or release is refused).
public struct DocumentsConsistent: BundleCheck {
    public init() {}
    public let rules: [RuleID] = [.yearConsistency, .bundleInconsistent]
    public let stage = BundleCheckStage.contents
    public var dependsOnlyOnBytes: Bool { true }

    public func check(_ candidate: BundleCandidate) -> [BundleFinding] {
        guard let documents = candidate.documents else { return [] }
        let manifest = candidate.manifest
        var findings: [BundleFinding] = []
        if let app = documents.app, let name = manifest.files.app {
            return appFindings(app, documents, manifest, name)
        }
        if documents.states.year != manifest.taxYear, let name = manifest.files.states {
            findings.append((name, .error(.yearConsistency, "year is \(documents.states.year) but the manifest is for \(manifest.taxYear)")))
        }
        if let combined = documents.combined, let name = manifest.files.combined,
           combined != CombinedDocument(documents.data(meta: manifest.meta)) {
            findings.append((name, .error(.bundleInconsistent, "the combined document differs from the four documents it combines")))
        }
        return findings
    }

    func appFindings(_ app: CombinedDocument, _ documents: DecodedDocuments, _ manifest: Manifest, _ name: String) -> [BundleFinding] {
        var findings: [BundleFinding] = []
        if app.taxYear != manifest.taxYear {
            findings.append((name, .error(.yearConsistency, "taxYear is \(app.taxYear) but the manifest is for \(manifest.taxYear)")))
        } else if app != CombinedDocument(documents.data(meta: manifest.meta)).splittingAuditTrail().app {
            findings.append((name, .error(.bundleInconsistent,
                "differs from the manifest's year (version, schema or dates), or holds an audit trail (sources, notes), which belongs in the provenance document")))
        }
        if let mismatch = documents.auditTrailMismatch, let provenance = manifest.files.provenance {
            findings.append((provenance, .error(.yearConsistency, "is not this year's audit trail: \(mismatch)")))
        }
        return findings
    }
}
