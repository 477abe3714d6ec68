import Foundation
import TaxDataCore

extension TreeCompiler {
    /// Stage 6: moves the warnings people marked reviewed aside, and sorts the findings by place.
    static func finish(_ validated: Validated) -> CompileResult {
        var (diagnostics, reviewed) = applyReviewed(validated.diagnostics, entries: validated.reviewed, incomplete: validated.incomplete)
        diagnostics.sort { a, b in
            let la = a.location, lb = b.location
            return (la?.file ?? "", la?.line ?? 0, la?.column ?? 0, a.rule.rawValue, a.message)
                < (lb?.file ?? "", lb?.line ?? 0, lb?.column ?? 0, b.rule.rawValue, b.message)
        }
        return CompileResult(years: validated.years, diagnostics: diagnostics, sourceMap: validated.sourceMap, reviewed: reviewed)
    }

    /// Moves each warning a `reviewed:` entry names (same year, rule and path) out of the findings,
    /// and reports every entry that matched nothing, so a stale review cannot hide a new warning:
    /// except in a year that was not checked in full (it, or the year before it compares with, is
    /// `incomplete`), where the warning an entry names may simply not have been looked for.
    static func applyReviewed(_ diagnostics: [Diagnostic], entries: [Int: [ReviewedWarning]], incomplete: Set<Int> = [])
        -> (remaining: [Diagnostic], reviewed: [(Diagnostic, String)]) {
        var used: Set<ReviewedWarning> = []
        var remaining: [Diagnostic] = []
        var reviewed: [(Diagnostic, String)] = []
        for finding in diagnostics {
            if finding.severity == .warning, let year = finding.taxYear, let path = finding.path,
               let entry = entries[year]?.first(where: { $0.rule == finding.rule && $0.path == path }) {
                used.insert(entry)
                reviewed.append((finding, entry.reason))
            } else {
                remaining.append(finding)
            }
        }
        for (year, list) in entries where !incomplete.contains(year) && !incomplete.contains(year - 1) {
            for entry in list where !used.contains(entry) {
                remaining.append(Diagnostic(.warning, .reviewedUnused,
                    "reviewed entry for [\(entry.rule)] at \(entry.path.pointer.isEmpty ? "the document" : entry.path.pointer) matches no warning: remove it (or fix its rule or path)",
                    taxYear: year, path: entry.path, location: entry.location))
            }
        }
        return (remaining, reviewed)
    }
}
