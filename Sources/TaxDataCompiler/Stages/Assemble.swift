import Foundation
import TaxDataCore

extension TreeCompiler {
    /// One year put together from its parsed files.
    struct Assembled: Sendable {
        var data: TaxYearData
        /// Documents that failed to parse: rules about them are not run (they would only repeat the error).
        var failed: Set<DataPath.Document>
        var diagnostics: [Diagnostic]
        var sourceMap: SourceMap
        var reviewed: [ReviewedWarning]
        /// Whether the year is complete and clean enough to publish.
        var isComplete: Bool
    }

    /// Stage 3: puts each year together from its parsed files; a document that failed is replaced
    /// by a placeholder so the others can still be checked.
    static func assemble(_ layout: Layout, _ parsed: [ParsedFile]) -> [Assembled] {
        layout.years.map { year in
            var failed: Set<DataPath.Document> = [.year, .federal, .fica, .retirement]
            var diagnostics = layout.yearDiagnostics[year] ?? []
            var sourceMap = SourceMap()
            var reviewed: [ReviewedWarning] = []
            var meta: YearMeta?, federal: FederalData?, fica: FICAData?, retirement: RetirementData?
            var states: [String: StateData] = [:]
            var provisional: [DataPath: String] = [:]
            var grades: [DataPath: Provenance] = [:]
            var localities: [String: [Locality]] = [:]
            var localityFailures: Set<DataPath.Document> = []
            // Localities files first: a state's own file then wins the state's root location.
            for result in parsed.filter({ $0.year == year }).sorted(by: { $0.isLocalities && !$1.isLocalities }) {
                sourceMap.merge(result.sourceMap)
                provisional.merge(result.provisional) { $1 }
                grades.merge(result.grades) { $1 }
                reviewed += result.reviewed
                diagnostics += result.diagnostics
                let ok = result.value != nil && !result.diagnostics.hasErrors
                if result.isLocalities {
                    // The state's document fails with either of its files, whichever comes first.
                    if !ok { localityFailures.insert(result.document) }
                } else if ok { failed.remove(result.document) } else { failed.insert(result.document) }
                switch result.value {
                case .year(let value): meta = value
                case .federal(let value): federal = value
                case .fica(let value): fica = value
                case .retirement(let value): retirement = value
                case .state(let value):
                    if case .state(let code) = result.document { states[code] = value }
                case .localities(let value):
                    if case .state(let code) = result.document { localities[code] = value }
                case nil where result.isLocalities:
                    break
                case nil:
                    // A state that failed to parse still counts as present for coverage.
                    if case .state(let code) = result.document { states[code] = StateData(name: code, type: .noTax, sources: []) }
                }
            }
            for (code, list) in localities where states[code] != nil { states[code]!.localities = list }
            failed.formUnion(localityFailures)
            let placeholderMeta = YearMeta(taxYear: year, version: DataVersion("\(year).0.0")!, schemaVersion: .current,
                                           effectiveDate: "\(year)-01-01", expirationDate: "\(year)-12-31", status: .draft)
            let data = TaxYearData(
                meta: meta ?? placeholderMeta,
                federal: federal ?? FederalData(year: year, standardDeduction: .init(), brackets: .init(), sources: []),
                fica: fica ?? FICAData(year: year, socialSecurity: .init(rate: 0, wageBase: 0, maxTax: 0),
                                       medicare: .init(rate: 0, additionalRate: 0, thresholds: .init()), sources: []),
                retirement: retirement ?? placeholderRetirement(year),
                states: states, provisional: provisional, gradesWritten: grades)
            let complete = meta != nil && federal != nil && fica != nil && retirement != nil && failed.isEmpty
            return Assembled(data: data, failed: failed, diagnostics: diagnostics, sourceMap: sourceMap, reviewed: reviewed,
                             isComplete: complete)
        }
    }

    static func placeholderRetirement(_ year: Int) -> RetirementData {
        let plan = RetirementData.DeferralPlan(employeeLimit: 0, catchUpContribution: 0, catchUpAge: 0, totalLimit: nil, enhancedCatchUp: nil)
        return RetirementData(year: year, plan401k: plan, plan403b: plan, plan457b: plan,
                              ira: .init(traditionalLimit: 0, rothLimit: 0, catchUpContribution: 0, catchUpAge: 0),
                              rothIncomePhaseout: .init(), simpleIra: .init(employeeLimit: 0, catchUpContribution: 0, enhancedCatchUp: nil),
                              sepIra: .init(limit: 0, maxCompensation: 0, maxPercentage: 0),
                              hsa: .init(individual: 0, family: 0, catchUpContribution: 0, catchUpAge: 0), sources: [])
    }
}
