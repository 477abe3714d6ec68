/// Why the provider cannot do what was asked: a code an app can switch on, and a message written
/// for a person.
///
/// Equality is on the code. New codes may be added in a minor release: switch with a default.
public struct ProviderError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, stable across releases.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// None of the embedded bundles passed verification: a packaging error the app's own tests
        /// should catch (`make embed` after changing a rule).
        public static let noValidEmbeddedData = Code(rawValue: "no-valid-embedded-data")
        /// No data for the tax year asked for, from any source (`data(exactly:)`).
        public static let yearUnavailable = Code(rawValue: "year-unavailable")
        /// The audit trail of a year (`provenance(year:)`) could not be fetched or was refused.
        public static let provenanceUnavailable = Code(rawValue: "provenance-unavailable")
        /// A state's localities (`localities(of:year:)`) could not be fetched or were refused.
        public static let localitiesUnavailable = Code(rawValue: "localities-unavailable")
        /// `Configuration.trustedRoot` is not a TUF root signed by its own root role's threshold:
        /// the message gives the rule (`tuf.*`). A packaging error the app's own tests should catch.
        public static let invalidTrustedRoot = Code(rawValue: "invalid-trusted-root")
    }

    public let code: Code
    public let message: String
    public var description: String { message }

    init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public static func == (lhs: ProviderError, rhs: ProviderError) -> Bool { lhs.code == rhs.code }
}

extension TaxDataProvider {
    /// The provider's errors (`TaxDataProvider.ProviderError` before 0.9; the name still works).
    public typealias ProviderError = TaxDataClient.ProviderError
}
