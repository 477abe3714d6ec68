// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "taxdata",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "taxdata", targets: ["taxdata"]),
        .library(name: "TaxDataCore", targets: ["TaxDataCore"]),
        .library(name: "TaxDataCompiler", targets: ["TaxDataCompiler"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    ],
    targets: [
        // OpenSSL's libcrypto. Only TaxDataCrypto may import it.
        .systemLibrary(
            name: "COpenSSL",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"]), .brew(["openssl@3"])]
        ),
        .target(name: "TaxDataCrypto", dependencies: ["COpenSSL"]),
        .target(name: "TaxDataCore", dependencies: ["TaxDataCrypto"]),
        .target(
            name: "TaxDataCompiler",
            dependencies: ["TaxDataCore", .product(name: "Yams", package: "Yams")]
        ),
        .target(
            name: "TaxDataCLI",
            dependencies: [
                "TaxDataCore", "TaxDataCompiler", "TaxDataCrypto",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "taxdata", dependencies: ["TaxDataCLI"]),

        .testTarget(name: "TaxDataCryptoTests", dependencies: ["TaxDataCrypto"]),
        .testTarget(name: "TaxDataCoreTests", dependencies: ["TaxDataCore"]),
        .testTarget(
            name: "TaxDataCompilerTests",
            dependencies: ["TaxDataCompiler", "TaxDataCore"],
            resources: []
        ),
        .testTarget(
            name: "TaxDataCLITests",
            dependencies: ["TaxDataCLI", "TaxDataCompiler", "TaxDataCore", "TaxDataCrypto"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
