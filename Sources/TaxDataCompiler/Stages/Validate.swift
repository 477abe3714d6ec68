import Foundation
import TaxDataCore

extension TreeCompiler {
    /// Every year validated, with every finding located.
    struct Validated: Sendable {
        var years: [TaxYearData]
        var diagnostics: [Diagnostic]
        var sourceMap: SourceMap
        var reviewed: [Int: [ReviewedWarning]]
        /// Each complete year's inflation-indexed amounts, from the walk the rules made.
        var indexed: [Int: [IndexedAmount]] = [:]
        /// Years with a document that failed: some of their checks (and the next year's comparison
        /// with them) did not run.
        var incomplete: Set<Int> = []
    }

    /// Stage 4: runs the rules on each year, the years concurrently (not on documents that failed
    /// to parse), and locates each finding in the sources by its data path. Each year is walked
    /// once, for the field rules and for its inflation-indexed amounts (stage 5).
    static func validate(_ assembled: [Assembled], rules: RuleSet, layoutFindings: [Diagnostic]) -> Validated {
        var result = Validated(years: [], diagnostics: layoutFindings, sourceMap: SourceMap(), reviewed: [:])
        let checked = assembled.concurrentMap { year in
            let walked = year.data.walk()
            return (findings: rules.validate(year.data, fields: walked.fields),
                    indexed: year.isComplete ? year.data.inflationIndexedAmounts(walked: walked) : [])
        }
        for (year, (found, indexed)) in zip(assembled, checked) {
            let taxYear = year.data.meta.taxYear
            result.sourceMap.merge(year.sourceMap)
            result.reviewed[taxYear, default: []] += year.reviewed
            // Findings on a document that failed, or made against one (a state's share of a federal
            // credit when federal.yaml failed), would only repeat its errors.
            let findings = found.filter { finding in
                if let other = finding.against, year.failed.contains(other) { return false }
                guard let document = finding.path?.document else { return true }
                return !year.failed.contains(document)
            }
            result.diagnostics += year.diagnostics + findings.map { finding in
                var finding = finding
                if finding.location == nil, let path = finding.path {
                    finding.location = year.sourceMap.location(year: taxYear, path: path)
                }
                return finding
            }
            if year.isComplete {
                result.years.append(year.data)
                result.indexed[taxYear] = indexed
            } else {
                result.incomplete.insert(taxYear)
            }
        }
        return result
    }
}
