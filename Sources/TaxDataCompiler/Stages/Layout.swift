import Foundation
import TaxDataCore

extension TreeCompiler {
    /// The tree's shape: which file is which document of which year.
    struct Layout: Sendable {
        var years: [Int]
        /// `TaxData/2026/` for 2026: how the year's files are displayed.
        var yearDisplay: [Int: String]
        var jobs: [ParseJob]
        /// Findings about the tree itself (unexpected files, removed states), not of a year.
        var diagnostics: [Diagnostic]
        /// Findings of a year found before parsing (missing files, unknown state codes).
        var yearDiagnostics: [Int: [Diagnostic]]
    }

    /// Stage 1: sorts the files into years and documents; reports what does not belong.
    static func layout(_ files: [SourceFile]) -> Layout {
        var diagnostics: [Diagnostic] = []
        var byYear: [Int: [String: SourceFile]] = [:]
        var yearDisplay: [Int: String] = [:]
        for file in files.sorted(by: { $0.relativePath < $1.relativePath }) {
            let parts = file.relativePath.split(separator: "/", maxSplits: 1).map(String.init)
            if parts.count == 1 {
                if !(file.relativePath.hasSuffix(".md") || file.relativePath.hasSuffix(".txt")) {
                    diagnostics.append(unexpected(file, "is not part of a tax year; put data in <year>/ directories"))
                }
                continue
            }
            guard parts[0].count == 4, parts[0].allSatisfy({ $0.isASCII && $0.isNumber }), let year = Int(parts[0]) else {
                diagnostics.append(unexpected(file, "is in '\(parts[0])', which is not a four-digit tax year directory"))
                continue
            }
            byYear[year, default: [:]][parts[1]] = file
            yearDisplay[year] = String(file.displayPath.dropLast(parts[1].count))
        }
        diagnostics += RemovedStates.check(files: byYear.mapValues { Set($0.keys) }, yearDisplay: yearDisplay)

        var jobs: [ParseJob] = []
        var yearDiagnostics: [Int: [Diagnostic]] = [:]
        for year in byYear.keys.sorted() {
            let yearFiles = byYear[year]!
            for name in Self.requiredFiles where yearFiles[name] == nil {
                let path = "\(yearDisplay[year]!)\(name)"
                yearDiagnostics[year, default: []].append(
                    Diagnostic(.error, .fileMissing, "\(path) is missing", taxYear: year,
                               location: SourceLocation(file: path, line: 0, column: 0)))
            }
            for name in yearFiles.keys.sorted() {
                let file = yearFiles[name]!
                switch name {
                case "year.yaml": jobs.append(ParseJob(year: year, document: .year, file: file))
                case "federal.yaml": jobs.append(ParseJob(year: year, document: .federal, file: file))
                case "fica.yaml": jobs.append(ParseJob(year: year, document: .fica, file: file))
                case "retirement.yaml": jobs.append(ParseJob(year: year, document: .retirement, file: file))
                default:
                    let directory = ["states/", "localities/"].first { name.hasPrefix($0) }
                    guard let directory, name.hasSuffix(".yaml"), name.split(separator: "/").count == 2 else {
                        yearDiagnostics[year, default: []].append(unexpected(file, "is not a tax data file (expected year.yaml, federal.yaml, fica.yaml, retirement.yaml, states/XX.yaml or localities/XX.yaml)"))
                        continue
                    }
                    let code = String(name.dropFirst(directory.count).dropLast(".yaml".count))
                    guard Jurisdiction.isKnown(code) else {
                        yearDiagnostics[year, default: []].append(Diagnostic(.error, .stateUnknownCode,
                            "'\(code)' is not the USPS code of a state or DC; name the file like states/CA.yaml or localities/CA.yaml",
                            taxYear: year, location: SourceLocation(file: file.displayPath, line: 1, column: 1)))
                        continue
                    }
                    if directory == "localities/" && yearFiles["states/\(code).yaml"] == nil {
                        yearDiagnostics[year, default: []].append(Diagnostic(.error, .fileUnexpected,
                            "\(name) lists localities of \(code), but the year has no states/\(code).yaml",
                            taxYear: year, location: SourceLocation(file: file.displayPath, line: 1, column: 1)))
                        continue
                    }
                    jobs.append(ParseJob(year: year, document: .state(code), file: file, localities: directory == "localities/"))
                }
            }
        }
        return Layout(years: byYear.keys.sorted(), yearDisplay: yearDisplay, jobs: jobs, diagnostics: diagnostics,
                      yearDiagnostics: yearDiagnostics)
    }

    static func unexpected(_ file: SourceFile, _ why: String) -> Diagnostic {
        Diagnostic(.error, .fileUnexpected, "\(file.relativePath) \(why)",
                   location: SourceLocation(file: file.displayPath, line: 1, column: 1))
    }
}
