// swift-tools-version:6.1
import PackageDescription

// In-process benchmarks (ordo-one/package-benchmark), kept out of the main package so its build
// stays light. Run with `make bench` from the repository root.
let package = Package(
    name: "TaxDataBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "taxdata", path: ".."),
        .package(url: "https://github.com/ordo-one/package-benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "TaxDataBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "package-benchmark"),
                .product(name: "TaxDataClient", package: "taxdata"),
                .product(name: "TaxCalculator", package: "taxdata"),
                .product(name: "TaxDataCore", package: "taxdata"),
            ],
            path: "Benchmarks/TaxDataBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        ),
    ]
)
