import Foundation
import TaxDataCore

extension TreeCompiler {
    /// Stage 5: sanity warnings for each pair of consecutive years in the tree (`SanityStage`,
    /// which `taxdata diff` runs too).
    static func yearOverYear(_ validated: Validated) -> Validated {
        var result = validated
        let sorted = validated.years.sorted { $0.meta.taxYear < $1.meta.taxYear }
        for (previous, current) in zip(sorted, sorted.dropFirst()) where current.meta.taxYear == previous.meta.taxYear + 1 {
            let indexed = validated.indexed[previous.meta.taxYear].flatMap { before in
                validated.indexed[current.meta.taxYear].map { (before, $0) }
            }
            result.diagnostics += SanityStage.yearOverYear(previous: previous, current: current, indexed: indexed, sourceMap: validated.sourceMap)
        }
        return result
    }
}

/// The sanity warnings: a year's own sanity rules (`RuleSet.sanity`, the rules whose id starts with
/// `sanity.`) and the year-over-year checks between two years (`YearOverYear`), each located in the
/// later year's sources. `TreeCompiler` runs the year-over-year part as its stage 5, for each pair
/// of consecutive years (the year's own rules run with the others in stage 4); `taxdata diff` runs
/// both on the two years it compares.
public enum SanityStage {
    /// `YearOverYear` of `current` against `previous`, located through `sourceMap`. `indexed` holds
    /// each year's inflation-indexed amounts when the caller computed them already.
    public static func yearOverYear(previous: TaxYearData, current: TaxYearData,
                                    indexed: (previous: [IndexedAmount], current: [IndexedAmount])? = nil,
                                    sourceMap: SourceMap?) -> [Diagnostic] {
        locate(YearOverYear().check(previous: previous, current: current, indexed: indexed), year: current.meta.taxYear, sourceMap)
    }

    /// Every sanity warning of `current`: its own sanity rules and, when `previous` is an earlier
    /// year, the year-over-year checks against it.
    public static func warnings(previous: TaxYearData?, current: TaxYearData, sourceMap: SourceMap?) -> [Diagnostic] {
        var found = locate(RuleSet.sanity.rules.flatMap { $0.check(current) }, year: current.meta.taxYear, sourceMap)
        if let previous, previous.meta.taxYear < current.meta.taxYear {
            found += yearOverYear(previous: previous, current: current, sourceMap: sourceMap)
        }
        return found
    }

    static func locate(_ findings: [Diagnostic], year: Int, _ sourceMap: SourceMap?) -> [Diagnostic] {
        findings.map { finding in
            var finding = finding
            if let map = sourceMap, let path = finding.path { finding.location = map.location(year: year, path: path) }
            return finding
        }
    }
}
