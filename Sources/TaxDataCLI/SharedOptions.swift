import ArgumentParser

// Options several commands share, declared once (`@OptionGroup`): the same name, help and
// validation everywhere they appear.

/// `--format text|json|github`: how findings are printed (`check`, `build`, `verify`).
struct FindingsFormatOption: ParsableArguments {
    @Option(help: "Output format for findings: text, json or github (annotations for GitHub Actions).")
    var format: OutputFormat = .text
}

/// `--format text|json`: how a report is printed (`calc`, `fetch`).
struct ReportFormatOption: ParsableArguments {
    @Option(help: "Output format: text or json.")
    var format: ReportFormat = .text
}

/// `--sources DIR`: the source tree that a year like 2026 refers to (`calc`, `diff`, `new-year`).
struct SourceTreeOption: ParsableArguments {
    static let defaultTree = "TaxData"
    @Option(help: "The source tree that years like 2026 refer to.")
    var sources: String = SourceTreeOption.defaultTree
}

/// `--key P.pem`, repeatable: the trusted Ed25519 public keys (`verify`, `fetch`).
struct TrustedKeyOptions: ParsableArguments {
    @Option(name: .customLong("key"), help: ArgumentHelp(
        "A trusted Ed25519 public key (SPKI PEM); repeat for several. Signatures are checked against these.",
        valueName: "P.pem"))
    var keys: [String] = []
}

/// `--sign-key K.pem`, repeatable: the Ed25519 private keys to sign with (`build`, `sign`).
struct SigningKeyOptions: ParsableArguments {
    @Option(name: .customLong("sign-key"), help: ArgumentHelp(
        "An Ed25519 private key (PKCS#8 PEM) to sign each manifest.json and index.json with; repeat to sign with two keys during a rotation.",
        valueName: "K.pem"))
    var signKeys: [String] = []
}
