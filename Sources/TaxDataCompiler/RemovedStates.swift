import TaxDataCore

/// A state file that the year before had and this year lacks (`coverage.state-removed`).
///
/// Every jurisdiction has a file, a no-tax state included, so a file that disappears between two
/// consecutive years of the tree is almost always an accident (a bad merge, a rename, a `git rm`
/// too many). It is a warning in `check`, where a draft year may be partial, and `build --release`
/// refuses it (`publish.state-removed`): a release would drop the state from every app.
enum RemovedStates {
    /// - Parameters:
    ///   - files: year → file path within the year (`states/CA.yaml`) for every file of the tree.
    ///   - yearDisplay: year → how its directory is shown (`TaxData/2026/`).
    static func check(files: [Int: Set<String>], yearDisplay: [Int: String]) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        for year in files.keys.sorted() {
            guard let previous = files[year - 1], let current = files[year] else { continue }
            for name in previous.subtracting(current).sorted() where name.hasPrefix("states/") && name.hasSuffix(".yaml") {
                let code = String(name.dropFirst("states/".count).dropLast(".yaml".count))
                guard Jurisdiction.isKnown(code) else { continue }
                let path = "\(yearDisplay[year]!)\(name)"
                findings.append(Diagnostic(.warning, .coverageStateRemoved,
                    "\(code) has a \(year - 1) file (\(yearDisplay[year - 1]!)\(name)) but none in \(year): restore it (a state whose "
                        + "figures did not change still needs its file), or a release of \(year) drops \(code) from every app",
                    taxYear: year, location: SourceLocation(file: path, line: 0, column: 0)))
            }
        }
        return findings
    }
}
