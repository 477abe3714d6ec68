import Benchmark
import Foundation
import TaxCalculator
import TaxDataClient
import TaxDataCore

/// A cache in memory: the years it holds never change (each iteration starts from the same
/// bytes); the state it is given is kept, to capture what a first launch remembers.
final class BenchStore: BundleStore, @unchecked Sendable {
    let stored: [Int: [String: Data]]
    var state: Data?
    init(stored: [Int: [String: Data]] = [:], state: Data? = nil) { self.stored = stored; self.state = state }
    func years() throws -> [Int] { stored.keys.sorted() }
    func load(year: Int) throws -> [String: Data]? { stored[year] }
    func save(year: Int, files: [String: Data]) throws {}
    func remove(year: Int) throws {}
    func loadState() throws -> Data? { state }
    func saveState(_ data: Data) throws { state = data }
    func reset() throws {}
    func prepare() throws -> String? { nil }
}

struct NoNetwork: HTTPTransport {
    func send(_ request: HTTPRequest) async throws -> HTTPResponse { throw TransportError(.offline, "benchmark") }
}

let embedded = try! EmbeddedBundles.packaged()
/// The three embedded years as a warm cache.
let warmBytes = embedded.years

/// The state a first launch leaves (the `VerificationMemo` tokens of the embedded years, and of
/// `warmBytes` when `cache`).
func rememberedState(cache: Bool = true) async throws -> Data? {
    let store = BenchStore(stored: cache ? warmBytes : [:])
    _ = await (try TaxDataProvider(configuration: .init(baseURL: nil), transport: NoNetwork(), store: store, embedded: embedded)).load()
    return store.state
}

/// One warm start: read the packaged resource, verify the embedded years, load and verify the cache.
func warmStart(state: Data?) async throws -> TaxDataStatus {
    let provider = try TaxDataProvider(configuration: .init(baseURL: nil), transport: NoNetwork(),
                                       store: BenchStore(stored: warmBytes, state: state), embedded: try EmbeddedBundles.packaged())
    return await provider.load()
}

/// The first form's four documents of each year, from the dist in `TAXDATA_BENCH_DIST` (`make bench`
/// builds one from TaxData/): what `EmbeddedBundles.packaged()` held before the app form.
func firstFormDocuments() throws -> [Int: [String: Data]] {
    guard let root = ProcessInfo.processInfo.environment["TAXDATA_BENCH_DIST"] else {
        throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "set TAXDATA_BENCH_DIST to a dist built by taxdata build (make bench does)"])
    }
    var years: [Int: [String: Data]] = [:]
    for year in embedded.years.keys {
        let layout = BundleLayout(year: year)
        var documents: [String: Data] = [:]
        for name in [layout.federal, layout.fica, layout.states, layout.retirement] {
            documents[name] = try Data(contentsOf: URL(fileURLWithPath: "\(root)/\(year)/\(name)"))
        }
        years[year] = documents
    }
    return years
}

/// The 2026 data with its localities, from the local form of the dist in `TAXDATA_BENCH_DIST`.
func withLocalities(_ data: TaxYearData) throws -> TaxYearData {
    guard let root = ProcessInfo.processInfo.environment["TAXDATA_BENCH_DIST"] else {
        throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "set TAXDATA_BENCH_DIST to a dist built by taxdata build (make bench does)"])
    }
    let directory = URL(fileURLWithPath: "\(root)/\(data.meta.taxYear)/\(BundleLayout.localDirectory)")
    var files: [String: Data] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
        files[name] = try Data(contentsOf: directory.appendingPathComponent(name))
    }
    let manifest = files.removeValue(forKey: BundleLayout.manifestName) ?? Data()
    var year = data
    for (code, list) in LocalFormVerifier().verify(manifestBytes: manifest, files: files, year: data).localities { year.states[code]?.localities = list }
    return year
}

let year2026 = try! TaxDataProvider(configuration: .init(baseURL: nil, taxYear: 2026), transport: NoNetwork(),
                                    store: BenchStore(), embedded: embedded)

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .throughput, .peakMemoryResident], maxDuration: .seconds(3))

    // Client cold start with every check on the device: read the packaged resource (three years),
    // verify the year the app asks for (sizes, SHA-256, canonical encodings, rules; the other years
    // are verified when first used), activate. The build's shipped tokens are left out, as for an
    // app that passes its own bundles without them.
    Benchmark("client cold start: load 3 embedded years + verify the requested one, every check on the device") { benchmark in
        for _ in benchmark.scaledIterations {
            let bundles = EmbeddedBundles(years: try EmbeddedBundles.packaged().years)
            blackHole(try TaxDataProvider(configuration: .init(baseURL: nil), transport: NoNetwork(), store: BenchStore(), embedded: bundles))
        }
    }

    // The first launch as the package ships: the tokens `make embed` wrote when it verified the
    // embedded years (`EmbeddedBundles.verified`): every file hashed, the byte-only checks skipped.
    Benchmark("client cold start: load 3 embedded years + verify the requested one, the build's shipped tokens") { benchmark in
        for _ in benchmark.scaledIterations {
            let bundles = try EmbeddedBundles.packaged()
            blackHole(try TaxDataProvider(configuration: .init(baseURL: nil), transport: NoNetwork(), store: BenchStore(), embedded: bundles))
        }
    }

    // Every embedded year verified at once (what creating a provider did before issue 34), as the
    // package ships them: the cost an app pays when it lists the years or looks up every one.
    Benchmark("client: verify all 3 embedded years, the build's shipped tokens") { benchmark in
        for _ in benchmark.scaledIterations {
            let provider = try TaxDataProvider(configuration: .init(baseURL: nil), transport: NoNetwork(), store: BenchStore(),
                                               embedded: try EmbeddedBundles.packaged())
            blackHole(await provider.availableYears())
        }
    }

    // A launch after the first, without shipped tokens: the state the first left (`VerificationMemo`).
    Benchmark("client launch after the first: load 3 embedded years + verify the requested one, remembered (VerificationMemo)") { benchmark in
        let state = try await rememberedState(cache: false)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            let bundles = EmbeddedBundles(years: try EmbeddedBundles.packaged().years)
            blackHole(try TaxDataProvider(configuration: .init(baseURL: nil), transport: NoNetwork(), store: BenchStore(state: state), embedded: bundles))
        }
    }

    // A warm start: the embedded years as the package ships them (with the build's tokens) and a
    // warm cache of three years; the cache verified in full (no state), then with the state a first
    // launch leaves (`VerificationMemo`, embedded and cached years alike).
    Benchmark("client warm start: embedded + cache (3 years each), cache verified in full") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try await warmStart(state: nil)) }
    }

    Benchmark("client warm start: embedded + cache (3 years each), cache remembered (VerificationMemo)") { benchmark in
        let state = try await rememberedState()
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { blackHole(try await warmStart(state: state)) }
    }

    // Baselines: a bare JSONDecoder, no verification, over bytes already in memory. First what an
    // app embedded before the app form (issue 34): the four documents of the first form, read from
    // the dist `make bench` builds (TAXDATA_BENCH_DIST); then the app form's documents, embedded now.
    Benchmark("baseline: decode the first form with JSONDecoder, no verification (3 years, as embedded before 1.11)") { benchmark in
        let files = try firstFormDocuments()
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            for (year, documents) in files {
                let layout = BundleLayout(year: year)
                blackHole(try JSONDecoder().decode(FederalData.self, from: documents[layout.federal]!))
                blackHole(try JSONDecoder().decode(FICAData.self, from: documents[layout.fica]!))
                blackHole(try JSONDecoder().decode(StatesDocument.self, from: documents[layout.states]!))
                blackHole(try JSONDecoder().decode(RetirementData.self, from: documents[layout.retirement]!))
            }
        }
    }

    Benchmark("baseline: decode the app form with JSONDecoder, no verification (3 years, as embedded now)") { benchmark in
        let documents = embedded.years.map { ($0.value[BundleLayout(year: $0.key).app]!) }
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            for bytes in documents { blackHole(try JSONDecoder().decode(CombinedDocument.self, from: bytes)) }
        }
    }

    Benchmark("bracket lookup (binary search + tax), 2026 federal single", configuration: .init(scalingFactor: .kilo)) { benchmark in
        let data = await year2026.data(year: 2026)
        let brackets = data.federal.brackets[.single]!
        var income: Decimal = 0
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            income += 997
            if income > 1_000_000 { income = 0 }
            blackHole(brackets.tax(on: income))
        }
    }

    // The same calculation in fixed point: compiled tables, integer arithmetic, no allocation.
    Benchmark("full calculation, FixedPointCalculator: federal + NY + NYC + FICA, 2026 MFJ", configuration: .init(scalingFactor: .mega)) { benchmark in
        let calculator = try FixedPointCalculator(data: await year2026.data(year: 2026))
        let ny = try calculator.state("NY")
        var gross: Int64 = 2_000_000
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            gross += 101_300
            if gross > 90_000_000 { gross = 2_000_000 }
            var input = FixedPointCalculator.Input(grossCents: gross, status: .marriedFilingJointly, state: ny, newYorkCity: true)
            input.plan401k = 1_000_000
            blackHole(try calculator.calculate(input))
        }
    }

    // With a local tax where the person lives and one where they work (issue 36): a Cleveland resident
    // working in Columbus (two city taxes and a resident credit), against the same without localities.
    Benchmark("full calculation, FixedPointCalculator: federal + OH + Columbus and Cleveland (credit) + FICA, 2026 single", configuration: .init(scalingFactor: .mega)) { benchmark in
        let calculator = try FixedPointCalculator(data: try withLocalities(await year2026.data(year: 2026)))
        let oh = try calculator.state("OH")
        let cleveland = try calculator.locality("3916000", state: oh), columbus = try calculator.locality("3918000", state: oh)
        var gross: Int64 = 2_000_000
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            gross += 101_300
            if gross > 90_000_000 { gross = 2_000_000 }
            blackHole(try calculator.calculate(.init(grossCents: gross, status: .single, state: oh, locality: cleveland, workLocality: columbus)))
        }
    }

    Benchmark("full calculation, FixedPointCalculator: federal + OH + FICA, no locality, 2026 single", configuration: .init(scalingFactor: .mega)) { benchmark in
        let calculator = try FixedPointCalculator(data: try withLocalities(await year2026.data(year: 2026)))
        let oh = try calculator.state("OH")
        var gross: Int64 = 2_000_000
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            gross += 101_300
            if gross > 90_000_000 { gross = 2_000_000 }
            blackHole(try calculator.calculate(.init(grossCents: gross, status: .single, state: oh)))
        }
    }

    // Every jurisdiction and status in turn (the bracket tables differ in size and shape).
    Benchmark("full calculation, FixedPointCalculator: all 2026 jurisdictions x statuses", configuration: .init(scalingFactor: .mega)) { benchmark in
        let data = await year2026.data(year: 2026)
        let calculator = try FixedPointCalculator(data: data)
        let states = try data.states.keys.sorted().map { try calculator.state($0) }
        let statuses = FilingStatus.allCases
        var gross: Int64 = 2_000_000, i = 0
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            gross += 101_300
            if gross > 90_000_000 { gross = 2_000_000 }
            i &+= 1
            blackHole(try calculator.calculate(.init(grossCents: gross, status: statuses[i % 5], state: states[i % states.count])))
        }
    }

    // Baseline for the two above: the Decimal reference on the same inputs.
    Benchmark("full calculation: federal + NY + NYC + FICA, 2026 MFJ", configuration: .init(scalingFactor: .kilo)) { benchmark in
        let calculator = TaxCalculator(data: await year2026.data(year: 2026))
        var gross: Decimal = 20_000
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            gross += 1_013
            if gross > 900_000 { gross = 20_000 }
            blackHole(try calculator.calculate(PayInput(grossAnnual: gross, status: .marriedFilingJointly, state: "NY",
                                                        preTax: [PreTaxDeduction(.plan401k, 10_000)], newYorkCity: true)))
        }
    }

    // Issue 37: one paycheck's withholding by the reference (Decimal) calculator. The goal is a
    // fixed-point path at or under 200 ns; this is the baseline it will be measured against.
    Benchmark("one paycheck, PaycheckCalculator (Decimal): federal Pub 15-T + IL + FICA, 2026 biweekly single", configuration: .init(scalingFactor: .kilo)) { benchmark in
        let calculator = PaycheckCalculator(data: await year2026.data(year: 2026))
        var wages: Decimal = 800
        let certificate = StateCertificate(allowances: 1)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            wages += 37
            if wages > 20_000 { wages = 800 }
            blackHole(try calculator.calculate(PaycheckInput(frequency: .biweekly, wages: wages, w4: FormW4(filingStatus: .single),
                                                             state: "IL", stateCertificate: certificate)))
        }
    }

    Benchmark("one paycheck, FixedPaycheckCalculator: federal Pub 15-T + IL + FICA, 2026 biweekly single", configuration: .init(scalingFactor: .mega)) { benchmark in
        let fast = try FixedPaycheckCalculator(data: await year2026.data(year: 2026))
        var input = try FixedPaycheckCalculator.Input(PaycheckInput(frequency: .biweekly, wages: 800, w4: FormW4(filingStatus: .single),
                                                                    state: "IL", stateCertificate: StateCertificate(allowances: 1)), calculator: fast)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            input.wagesCents += 3_700
            if input.wagesCents > 2_000_000 { input.wagesCents = 80_000 }
            blackHole(fast.calculate(input))
        }
    }

    Benchmark("one paycheck, FixedPaycheckCalculator: federal + DE brackets + FICA, 2026 monthly joint, 401(k)", configuration: .init(scalingFactor: .mega)) { benchmark in
        let fast = try FixedPaycheckCalculator(data: await year2026.data(year: 2026))
        var input = try FixedPaycheckCalculator.Input(
            PaycheckInput(frequency: .monthly, wages: 5_000, preTax: [PreTaxDeduction(.plan401k, 400)],
                          w4: FormW4(filingStatus: .marriedFilingJointly, dependentsAmount: 4_000), state: "DE",
                          stateCertificate: StateCertificate(filingStatus: .marriedFilingJointly, allowances: 3)), calculator: fast)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            input.wagesCents += 7_300
            if input.wagesCents > 5_000_000 { input.wagesCents = 200_000 }
            blackHole(fast.calculate(input))
        }
    }
}
