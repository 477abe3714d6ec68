import Foundation

/// Writes TUF 1.0 metadata a python-tuf client reads: each role's `signed` object, and the signed
/// envelope. Pure: the signers are passed in (the toolchain's are OpenSSL's, `TaxDataCrypto`); the
/// keys' ids are TUF's (the SHA-256 of the key's canonical JSON), so python-tuf computes the same.
public enum TUFMetadataWriter {
    public static let specVersion = "1.0.31"

    /// A role's keys and threshold, for a root.
    public struct RoleKeys: Sendable {
        public var keys: [Ed25519PublicKey]
        public var threshold: Int
        public init(keys: [Ed25519PublicKey], threshold: Int) {
            self.keys = keys
            self.threshold = threshold
        }
    }

    /// The key as TUF writes it: `{"keytype": "ed25519", "scheme": "ed25519", "keyval": {"public": hex}}`.
    public static func keyValue(_ key: Ed25519PublicKey) -> JSONValue {
        .object(["keytype": .string("ed25519"), "scheme": .string("ed25519"),
                 "keyval": .object(["public": .string(Hex.encode(key.rawRepresentation))])])
    }

    /// TUF's key id: the SHA-256 of the key's canonical JSON, in hex.
    public static func keyID(_ key: Ed25519PublicKey, crypto: any BundleCrypto = PortableCrypto()) throws -> String {
        Hex.encode(try crypto.sha256(try TUFCanonicalJSON.encode(keyValue(key))))
    }

    /// `YYYY-MM-DDTHH:MM:SSZ`.
    public static func time(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ n: Int?) -> String { n.map { $0 < 10 ? "0\($0)" : "\($0)" } ?? "00" }
        return "\(c.year ?? 0)-\(two(c.month))-\(two(c.day))T\(two(c.hour)):\(two(c.minute)):\(two(c.second))Z"
    }

    static func common(_ type: TUFRole, version: Int, expires: Date) -> [String: JSONValue] {
        ["_type": .string(type.rawValue), "spec_version": .string(specVersion), "version": .number(String(version)),
         "expires": .string(time(expires))]
    }

    public static func root(version: Int, expires: Date, consistentSnapshot: Bool, roles: [TUFRole: RoleKeys],
                            crypto: any BundleCrypto = PortableCrypto()) throws -> JSONValue {
        var signed = common(.root, version: version, expires: expires)
        var keys: [String: JSONValue] = [:], roleList: [String: JSONValue] = [:]
        for role in TUFRole.allCases {
            let list = roles[role] ?? RoleKeys(keys: [], threshold: 1)
            var ids: [JSONValue] = []
            for key in list.keys {
                let id = try keyID(key, crypto: crypto)
                keys[id] = keyValue(key)
                ids.append(.string(id))
            }
            roleList[role.rawValue] = .object(["keyids": .array(ids), "threshold": .number(String(list.threshold))])
        }
        signed["keys"] = .object(keys)
        signed["roles"] = .object(roleList)
        signed["consistent_snapshot"] = .bool(consistentSnapshot)
        return .object(signed)
    }

    /// Targets: each file by its path, with its length and SHA-256.
    public static func targets(version: Int, expires: Date, files: [String: Data], crypto: any BundleCrypto = PortableCrypto()) throws -> JSONValue {
        var listing: [String: TUFMetadata.TargetFile] = [:]
        for (path, bytes) in files {
            listing[path] = TUFMetadata.TargetFile(length: bytes.count, hashes: ["sha256": Hex.encode(try crypto.sha256(bytes))])
        }
        return targets(version: version, expires: expires, listing: listing)
    }

    /// Targets from a listing already made (a re-signing after a rotation of the targets keys).
    public static func targets(version: Int, expires: Date, listing: [String: TUFMetadata.TargetFile]) -> JSONValue {
        var signed = common(.targets, version: version, expires: expires)
        var list: [String: JSONValue] = [:]
        for (path, file) in listing {
            list[path] = .object(["length": .number(String(file.length)), "hashes": .object(file.hashes.mapValues { .string($0) })])
        }
        signed["targets"] = .object(list)
        return .object(signed)
    }

    static func metaFile(version: Int, bytes: Data, crypto: any BundleCrypto) throws -> JSONValue {
        .object(["version": .number(String(version)), "length": .number(String(bytes.count)),
                 "hashes": .object(["sha256": .string(Hex.encode(try crypto.sha256(bytes)))])])
    }

    /// A snapshot naming the targets metadata's version, length and SHA-256.
    public static func snapshot(version: Int, expires: Date, targets: (version: Int, bytes: Data), crypto: any BundleCrypto = PortableCrypto()) throws -> JSONValue {
        var signed = common(.snapshot, version: version, expires: expires)
        signed["meta"] = .object(["targets.json": try metaFile(version: targets.version, bytes: targets.bytes, crypto: crypto)])
        return .object(signed)
    }

    /// A timestamp naming the snapshot's version, length and SHA-256.
    public static func timestamp(version: Int, expires: Date, snapshot: (version: Int, bytes: Data), crypto: any BundleCrypto = PortableCrypto()) throws -> JSONValue {
        var signed = common(.timestamp, version: version, expires: expires)
        signed["meta"] = .object(["snapshot.json": try metaFile(version: snapshot.version, bytes: snapshot.bytes, crypto: crypto)])
        return .object(signed)
    }

    /// The envelope `{"signatures": [...], "signed": ...}`, each signer's Ed25519 signature over the
    /// canonical `signed`, written as canonical JSON and a final newline. A signer given twice signs once.
    public static func sign(_ signed: JSONValue, with signers: [any Ed25519Signer], crypto: any BundleCrypto = PortableCrypto()) throws -> Data {
        let message = try TUFCanonicalJSON.encode(signed)
        var signatures: [JSONValue] = [], seen = Set<String>()
        for signer in signers {
            let id = try keyID(signer.publicKey, crypto: crypto)
            guard seen.insert(id).inserted else { continue }
            signatures.append(.object(["keyid": .string(id), "sig": .string(Hex.encode(try signer.signature(for: message)))]))
        }
        var bytes = try TUFCanonicalJSON.encode(.object(["signatures": .array(signatures), "signed": signed]))
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }
}
