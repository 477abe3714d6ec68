/// A listed file the caller hashed while reading it, in constant memory, instead of holding its
/// bytes: a document larger than `BundleLimits.maxDocumentBytes`. The file checks compare its
/// size and SHA-256 with the manifest as they would its bytes; the documents step then refuses it
/// as too large to read (`bundle.size`), as the client would.
public struct HashedFile: Sendable, Equatable {
    /// The bytes read: at most the listed size plus one, so a size that lies is still caught.
    public var size: Int
    /// The SHA-256 of those bytes (32 bytes).
    public var sha256: [UInt8]

    public init(size: Int, sha256: [UInt8]) {
        self.size = size
        self.sha256 = sha256
    }
}

/// How much of a bundle a verifier holds in memory.
public enum BundleLimits {
    /// The largest document whose contents are read, decoded and checked: 8 MiB, the client's
    /// default limit for one response (`TaxDataProvider.Configuration.maxResponseBytes`), so a dist
    /// that verifies is one the client accepts. A real year's largest document is well under 1 MiB.
    public static let maxDocumentBytes = 8 << 20
}
