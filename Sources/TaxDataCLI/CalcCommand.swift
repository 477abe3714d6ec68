import ArgumentParser
import Foundation
import TaxCalculator
import TaxDataCore

extension FilingStatus: ExpressibleByArgument {}

/// `taxdata calc`: a paycheck breakdown from the published figures.
struct CalcCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calc",
        abstract: "Calculate federal, FICA and state tax and take-home pay from the tax data.",
        discussion: """
        Without --state (or with --state none), federal and FICA only. Outside a checkout (no TaxData/ \
        here) the data built into taxdata is used, and calc says so.

        Examples:
          taxdata calc --year 2026 --status single --state CA --gross 100000
          taxdata calc --year 2026 --status single --gross 100000
          taxdata calc --year 2026 --status single --gross 90000 --pre-tax 401k=9000

        Local income taxes: --locality ID where the person lives (repeat it for a city and its school \
        district), --work-locality ID where they work when a work-place tax applies there \
        (`taxdata localities --state XX` lists the ids).

        A state without data for --year is an error (exit 1); `taxdata check --coverage` lists the \
        jurisdictions each year has. The per-period table shows gross, pre-tax deductions, tax and \
        net pay, each rounded to the cent, with net = gross - pre-tax - tax.

        Many calculations at once: taxdata calc --batch cases.jsonl (one JSON object per line: year, \
        status, gross (a string or an exact number), and optionally state, dependents, children, preTax ["401k=10000"], \
        city, locality or localities ["ID", …], workLocality, age, id); each line of output is {"id": …, "result": …} or {"id": …, "error": …}.

        Pre-tax deductions (repeat --pre-tax): 401k, 403b, 457b (reduce income tax, not FICA; capped at \
        the year's limit plus the catch-up for --age), hsa / hsa-self (capped at the family / self-only \
        limit; also reduce FICA), section125 (health premiums). The data comes from the source tree \
        (--sources) or a built bundle (--bundle dist/2026). Amounts are exact decimals, each result rounded \
        to the cent.
        """
    )

    @Option(help: "The tax year.")
    var year: Int?

    @Option(help: "Filing status: \(FilingStatus.allCases.map(\.rawValue).joined(separator: ", ")).")
    var status: FilingStatus?

    @Option(help: "State of residence (USPS code, e.g. CA); leave it out, or write none, for federal and FICA only.")
    var state: String?

    @Option(help: "Annual gross wages in dollars, e.g. 100000 or 85250.50.")
    var gross: String?

    @Option(name: .customLong("pre-tax"), help: ArgumentHelp("A pre-tax deduction KIND=AMOUNT, e.g. 401k=10000 (repeatable).", valueName: "kind=amount"))
    var preTax: [String] = []

    @Option(help: "City tax: NYC (New York City residents); the same as --locality 3651000.")
    var city: String?

    @Option(help: ArgumentHelp("Where the person lives: a locality id of --state (`taxdata localities --state XX` lists them), for its county, city or school district income tax; repeat it for each (at most one of each kind, \(PayInput.maxLocalities) in all).", valueName: "id"))
    var locality: [String] = []

    @Option(name: .customLong("work-locality"), help: ArgumentHelp("Where the person works, when it is not --locality: its work-place tax (an occupational or nonresident tax) or a resident credit applies.", valueName: "id"))
    var workLocality: String?

    @Option(help: "Age at year end (for catch-up contributions), 0-130.")
    var age: Int?

    @Option(help: "Dependents claimed: each takes the state's dependent exemption and dependent credit, and the federal credit for other dependents (0-20; default: --children).")
    var dependents: Int?

    @Option(help: "How many of the dependents are children under 17 (the federal child tax credit instead of the $500 credit).")
    var children: Int = 0

    @Option(name: .customLong("children-under-6"), help: "How many of the children are under 6 at year end (South Carolina's deduction for each).")
    var childrenUnder6: Int = 0

    @Option(name: .customLong("hours-worked"), help: "Hours worked in the year, for a contribution charged per hour (Oregon's Workers' Benefit Fund); default 2080, full time.")
    var hoursWorked: Int?

    @OptionGroup var tree: SourceTreeOption
    var sources: String { tree.sources }

    @Option(help: "A built bundle directory (dist/2026) to use instead of the sources.")
    var bundle: String?

    @OptionGroup var output: ReportFormatOption
    var format: ReportFormat { output.format }

    @Option(help: ArgumentHelp("Calculate every case of a JSON-lines file (- for standard input) and print one JSON line each.", valueName: "file"))
    var batch: String?

    func input() throws -> PayInput {
        guard year != nil, let status, let gross else {
            throw ValidationError("--year, --status and --gross are required (or --batch FILE)")
        }
        return try Self.input(gross: gross, status: status, state: state, preTax: preTax, city: city, age: age,
                              dependents: dependents ?? children, children: children, childrenUnder6: childrenUnder6,
                              hoursWorked: hoursWorked, localities: locality, workLocality: workLocality)
    }

    /// One `--pre-tax KIND=AMOUNT` (`calc`, `paycheck`).
    static func preTaxDeduction(_ entry: String) throws -> PreTaxDeduction {
        let parts = entry.split(separator: "=", maxSplits: 1).map(String.init)
        guard parts.count == 2, let kind = PreTaxKind(rawValue: parts[0].lowercased()) else {
            throw ValidationError("--pre-tax '\(entry)': use KIND=AMOUNT with KIND one of \(PreTaxKind.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        guard let value = Money.parse(parts[1]), value >= 0 else { throw ValidationError("--pre-tax '\(entry)': '\(parts[1])' is not a non-negative amount") }
        return PreTaxDeduction(kind, value)
    }

    /// `--state none` (any case) means no state, as leaving `--state` out does.
    static func stateCode(_ state: String?) -> String? {
        guard let state, state.lowercased() != "none" else { return nil }
        return state.uppercased()
    }

    /// The most an `--age` may be.
    static let maxAge = 130

    static func input(gross: String, status: FilingStatus, state: String?, preTax: [String], city: String?, age: Int?,
                      dependents: Int, children: Int, childrenUnder6: Int = 0, hoursWorked: Int? = nil, localities: [String] = [],
                      workLocality: String? = nil) throws -> PayInput {
        guard let amount = Money.parse(gross) else { throw ValidationError("--gross '\(gross)' is not an amount like 100000 or 85250.50") }
        if let age, !(0...maxAge).contains(age) { throw ValidationError("--age \(age): an age is 0…\(maxAge)") }
        guard amount >= 0 else { throw ValidationError("--gross must not be negative") }
        let code = stateCode(state)
        if let code, !Jurisdiction.isKnown(code) { throw ValidationError("--state '\(state!)' is not a USPS code of a state or DC (or none)") }
        if let city, city.uppercased() != "NYC" {
            throw ValidationError("--city '\(city)': --city takes NYC only; other local taxes are --locality ID (`taxdata localities --state XX` lists the ids)")
        }
        if city != nil, code != "NY" { throw ValidationError("--city NYC needs --state NY") }
        if city != nil, !localities.isEmpty { throw ValidationError("--city NYC is --locality 3651000: give one of them") }
        if (!localities.isEmpty || workLocality != nil) && code == nil {
            throw ValidationError("--locality and --work-locality need --state: a locality is in one state (`taxdata localities` lists them)")
        }
        let deductions = try preTax.map(Self.preTaxDeduction)
        guard (0...PayInput.maxDependents).contains(dependents) else {
            throw ValidationError("--dependents must be 0…\(PayInput.maxDependents)")
        }
        guard (0...dependents).contains(children) else {
            throw ValidationError("--children \(children): children under 17 are counted in --dependents (\(dependents))")
        }
        guard (0...children).contains(childrenUnder6) else {
            throw ValidationError("--children-under-6 \(childrenUnder6): children under 6 are counted in --children (\(children))")
        }
        if let hoursWorked, !(0...PayInput.maxHours).contains(hoursWorked) {
            throw ValidationError("--hours-worked \(hoursWorked): hours worked in a year are 0…\(PayInput.maxHours)")
        }
        return PayInput(grossAnnual: amount, status: status, state: code, preTax: deductions,
                        newYorkCity: city != nil, age: age, dependents: dependents, children: children, childrenUnder6: childrenUnder6,
                        hoursWorked: hoursWorked, localities: localities, workLocality: workLocality)
    }

    func validate() throws {
        if let batch {
            guard year == nil, status == nil, state == nil, gross == nil else {
                throw ValidationError("--batch takes its cases from the file: drop --year, --status, --state and --gross")
            }
            if batch != "-", !FileManager.default.isReadableFile(atPath: batch) { throw ValidationError("--batch \(batch): cannot read the file") }
            return
        }
        _ = try input()
        if let bundle {
            guard FileManager.default.fileExists(atPath: (bundle as NSString).appendingPathComponent(BundleLayout.manifestName)) else {
                throw ValidationError("--bundle \(bundle) is not a bundle directory (no manifest.json); build one with `taxdata build`")
            }
        } else if let year, !CalcData(sources: sources, bundle: nil).embedded {
            try YearLoader(sourceRoot: sources).locate(String(year))
        }
    }

    func run() async throws {
        let source = CalcData(sources: sources, bundle: bundle)
        if let note = source.note { Console.error(note) }
        if let batch {
            try CalcBatch(data: source).run(path: batch)
            return
        }
        guard let year else { return }
        let coverage = "`taxdata check \(sources) --coverage` lists the jurisdictions each year has"
        let data: TaxYearData
        do { data = try source.load(year) } catch let failure as CommandFailure { throw failure } catch {
            throw CommandFailure(bundle == nil ? "no \(year) data in \(sources): \(error); \(coverage)" : "\(error)")
        }
        let input = try input()
        if let code = input.state, data.states[code] == nil {
            throw CommandFailure("\(code) has no \(year) data in \(source.origin) yet; "
                + (bundle == nil && !source.embedded ? coverage : "`taxdata check --coverage` lists what the sources have")
                + ". Without --state, calc computes federal and FICA only.")
        }
        let result: PayResult
        do { result = try TaxCalculator(data: data).calculate(input) } catch let error as CalculationError {
            let rule = [.unknownLocality, .localityNotInState].contains(error.code) ? "\(RuleID.localityUnknown): "
                : error.code == .localitiesConflict ? "\(RuleID.localityResidence): " : ""
            throw CommandFailure(rule + error.description + (source.embedded && rule != "" ? " (the data built into taxdata has no localities: run calc in a checkout, or with --bundle)" : ""))
        }
        if format == .json {
            Console.out(try CalcReport(result).json())
        } else {
            Console.out(CalcReport(result).text())
        }
    }
}
