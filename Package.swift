// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "taxdata",
    platforms: [.iOS(.v16), .macOS(.v13), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .executable(name: "taxdata", targets: ["taxdata"]),
        .library(name: "TaxDataCore", targets: ["TaxDataCore"]),
        .library(name: "TaxDataCompiler", targets: ["TaxDataCompiler"]),
        .library(name: "TaxDataClient", targets: ["TaxDataClient"]),
        .library(name: "TaxDataServer", targets: ["TaxDataServer"]),
        .library(name: "TaxCalculator", targets: ["TaxCalculator"]),
    ],
    // Exact versions of every direct dependency, so clones build the same code (the tool's output is
    // meant to be reproducible). Their own dependencies still resolve within the ranges these exact
    // versions declare; see docs/releasing.md for why Package.resolved is not committed.
    // To upgrade: change a version here, `swift package update`, run `make test`, note it in CHANGELOG.md.
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", exact: "6.2.2"),
        .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1"),
        .package(url: "https://github.com/swift-server/async-http-client", exact: "1.37.0"),
        .package(url: "https://github.com/apple/swift-crypto", exact: "4.5.2"),
        // gzip for `taxdata serve` (zlib, streamed into NIO buffers).
        .package(url: "https://github.com/adam-fowler/compress-nio", exact: "1.5.0"),
        // Already under AsyncHTTPClient: named for its decompression errors (the client on Linux).
        .package(url: "https://github.com/apple/swift-nio-extras", exact: "1.35.2"),
        // `swift package generate-documentation` (the DocC catalogues in Sources/*/*.docc); builds nothing otherwise.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", exact: "1.5.0"),
    ],
    targets: [
        // OpenSSL's libcrypto: the toolchain's crypto. Only TaxDataCrypto may import it; nothing apps link
        // (TaxDataClient, TaxCalculator, TaxDataCore) depends on it (PortabilityTests prove it).
        .systemLibrary(
            name: "COpenSSL",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"]), .brew(["openssl@3"])]
        ),
        .target(name: "TaxDataCrypto", dependencies: ["COpenSSL", "TaxDataCore"]),
        // Reading files at the edges (CLI, server, the client's cache): regular files only, bounded.
        // Foundation and the C library only, so it builds for iOS.
        .target(name: "TaxDataFiles"),
        // swift-crypto: CryptoKit on Apple platforms, vendored BoringSSL elsewhere (no system library).
        .target(name: "TaxDataCore", dependencies: [.product(name: "Crypto", package: "swift-crypto")]),
        .target(
            name: "TaxDataCompiler",
            dependencies: ["TaxDataCore", .product(name: "Yams", package: "Yams")]
        ),
        // The library apps link: remote → cache → embedded. Never Yams, the compiler or the server.
        .target(
            name: "TaxDataClient",
            dependencies: [
                "TaxDataCore", "TaxDataFiles", "TaxCalculator", .product(name: "Logging", package: "swift-log"),
                // Linux only: URLSession there (FoundationNetworking) inflates and buffers bodies without a
                // bound, so the default transport on Linux is AsyncHTTPClient, which streams with backpressure.
                .product(name: "AsyncHTTPClient", package: "async-http-client", condition: .when(platforms: [.linux])),
                .product(name: "NIOHTTPCompression", package: "swift-nio-extras", condition: .when(platforms: [.linux])),
            ],
            resources: [.copy("Embedded")]
        ),
        // Federal, FICA and state tax over the model (what apps compute paychecks with).
        .target(name: "TaxCalculator", dependencies: ["TaxDataCore"]),
        // The remote API over a dist directory, with fault injection.
        .target(
            name: "TaxDataServer",
            dependencies: ["TaxDataCore", "TaxDataCrypto", "TaxDataFiles", .product(name: "Hummingbird", package: "hummingbird"),
                           .product(name: "Logging", package: "swift-log"), .product(name: "CompressNIO", package: "compress-nio")]
        ),
        .target(
            name: "TaxDataCLI",
            dependencies: [
                "TaxDataCore", "TaxDataCompiler", "TaxDataCrypto", "TaxDataFiles", "TaxDataClient", "TaxDataServer", "TaxCalculator",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "taxdata", dependencies: ["TaxDataCLI"]),

        // Fuzzing (`make fuzz`): the targets as functions, and an executable that is libFuzzer's
        // entry point when built with -sanitize=fuzzer -D FUZZING, and replays inputs otherwise.
        .target(name: "TaxDataFuzzing", dependencies: ["TaxDataCompiler", "TaxDataCore", "TaxDataClient"]),
        .executableTarget(name: "taxdata-fuzz", dependencies: ["TaxDataFuzzing"]),
        .testTarget(name: "TaxDataFuzzingTests", dependencies: ["TaxDataFuzzing", "TaxDataTestSupport"]),

        // Shared helpers for the test targets (package root, reading trees, the compiled real years).
        .target(name: "TaxDataTestSupport",
                dependencies: ["TaxDataCompiler", "TaxDataCore", "TaxDataClient", "TaxDataServer", "TaxDataCrypto",
                               .product(name: "Logging", package: "swift-log")],
                path: "Tests/TaxDataTestSupport"),
        .testTarget(
            name: "TaxDataCryptoTests",
            dependencies: ["TaxDataCrypto", "TaxDataCore", "TaxDataTestSupport", .product(name: "Crypto", package: "swift-crypto")]
        ),
        .testTarget(name: "TaxDataCoreTests", dependencies: ["TaxDataCore"]),
        .testTarget(
            name: "TaxDataCompilerTests",
            dependencies: ["TaxDataCompiler", "TaxDataCore", "TaxDataTestSupport"]
        ),
        .testTarget(
            name: "TaxDataClientTests",
            dependencies: ["TaxDataClient", "TaxDataCore", "TaxDataCrypto", "TaxDataCompiler", "TaxDataTestSupport",
                           .product(name: "Logging", package: "swift-log")]
        ),
        .testTarget(name: "TaxCalculatorTests", dependencies: ["TaxCalculator", "TaxDataCore", "TaxDataTestSupport"]),
        .testTarget(
            name: "TaxDataServerTests",
            dependencies: ["TaxDataServer", "TaxDataClient", "TaxDataCore", "TaxDataCompiler", "TaxDataTestSupport",
                           .product(name: "HummingbirdTesting", package: "hummingbird"), .product(name: "CompressNIO", package: "compress-nio")]
        ),
        .testTarget(
            name: "TaxDataCLITests",
            dependencies: ["TaxDataCLI", "TaxDataCompiler", "TaxDataCore", "TaxDataCrypto", "TaxDataTestSupport"],
            exclude: ["Golden"] // read from disk by path, not bundled
        ),
        // Real sockets, real processes, real nginx and schemathesis: `make test-integration`.
        .testTarget(
            name: "TaxDataIntegrationTests",
            dependencies: ["TaxDataClient", "TaxDataServer", "TaxDataCore", "TaxDataCompiler", "TaxDataCrypto", "TaxDataTestSupport",
                           .product(name: "Logging", package: "swift-log")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
