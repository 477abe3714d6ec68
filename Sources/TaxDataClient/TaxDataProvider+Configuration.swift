import Foundation
import TaxDataCore

extension TaxDataProvider {
    /// Where the provider fetches from, which keys it trusts, and how often it refreshes.
    public struct Configuration: Sendable {
        /// The dist root (where `index.json` and `<year>/manifest.json` are served); nil: offline only.
        public var baseURL: URL?
        /// The tax year to use; nil: the clock's calendar year.
        public var taxYear: Int?
        /// Trusted Ed25519 keys; when non-empty, remote and cached bundles must be signed by one.
        public var trustedKeys: [Ed25519PublicKey]
        /// A trusted TUF root (the repository's `1.root.json`, from `taxdata tuf init`, embedded in
        /// the app). When set, each refresh follows the TUF client workflow from `tufPath` under
        /// `baseURL`: root version by version, then timestamp, snapshot and targets, and the year's
        /// files by their hashed names. The signed index is then not used, and `fresh` / `stale` /
        /// `expired` come from the timestamp. Keys are rotated and revoked in band, without an app
        /// release (docs/tuf.md).
        public var trustedRoot: Data?
        /// Where the TUF repository is served, relative to `baseURL` (default `tuf`:
        /// `tuf/metadata/` and `tuf/targets/`).
        public var tufPath: String
        /// Minimum time between two fetches (default 24 hours).
        public var minimumFetchInterval: TimeInterval
        /// How long a fetched bundle counts as fresh (default 7 days); older ones are still used if
        /// the server cannot be reached (stale-if-error), and make the next refresh due at once.
        /// With trusted keys, the signed index is fetched at least this often, whatever the version
        /// endpoint says.
        public var cacheValidity: TimeInterval
        /// Whole-request time limit, seconds.
        public var requestTimeout: TimeInterval
        /// Byte limit for any single response.
        public var maxResponseBytes: Int
        /// Ask `GET /v1/tax-data/{year}/version?current=V` first where the server offers it.
        public var useVersionEndpoint: Bool

        public init(baseURL: URL?, taxYear: Int? = nil, trustedKeys: [Ed25519PublicKey] = [],
                    minimumFetchInterval: TimeInterval = 24 * 3600, cacheValidity: TimeInterval = 7 * 24 * 3600,
                    requestTimeout: TimeInterval = 15, maxResponseBytes: Int = 8 << 20, useVersionEndpoint: Bool = true,
                    trustedRoot: Data? = nil, tufPath: String = "tuf") {
            self.baseURL = baseURL
            self.taxYear = taxYear
            self.trustedKeys = trustedKeys
            self.minimumFetchInterval = minimumFetchInterval
            self.cacheValidity = cacheValidity
            self.requestTimeout = requestTimeout
            self.maxResponseBytes = maxResponseBytes
            self.useVersionEndpoint = useVersionEndpoint
            self.trustedRoot = trustedRoot
            self.tufPath = tufPath
        }
    }
}
