import Foundation

/// The four top-level roles of a TUF repository (specification 1.0).
public enum TUFRole: String, CaseIterable, Sendable {
    case root, timestamp, snapshot, targets

    /// The most bytes a client reads of the role's metadata (the endless-data attack): python-tuf's
    /// own defaults, so that both clients refuse the same files.
    public var maxBytes: Int {
        switch self {
        case .root: 512_000
        case .timestamp: 16_384
        case .snapshot: 2_000_000
        case .targets: 5_000_000
        }
    }
}

/// Why TUF metadata or a target is refused: a stable rule, the role (or target) and what.
public struct TUFError: Error, Sendable, Equatable, CustomStringConvertible {
    public var rule: RuleID
    public var subject: String
    public var message: String
    public init(_ rule: RuleID, _ subject: String, _ message: String) {
        self.rule = rule
        self.subject = subject
        self.message = message
    }
    public var description: String { "[\(rule)] \(subject): \(message)" }
}

extension RuleID {
    /// Not TUF metadata: not one JSON object, a field missing or of the wrong type, a value the
    /// specification does not allow, or no canonical form to verify.
    public static let tufMalformed = RuleID("tuf.malformed")
    /// More bytes than the role's bound.
    public static let tufTooLarge = RuleID("tuf.too-large")
    /// Metadata of another role than the one asked for.
    public static let tufType = RuleID("tuf.type")
    /// A key, key id or signature listed twice.
    public static let tufDuplicate = RuleID("tuf.duplicate")
    /// Fewer distinct keys of the role signed it than its threshold.
    public static let tufThreshold = RuleID("tuf.threshold")
    /// A version that rolls back, skips, or is not the one the referring metadata names.
    public static let tufVersion = RuleID("tuf.version")
    /// Past its `expires`.
    public static let tufExpired = RuleID("tuf.expired")
    /// A length other than the referring metadata lists.
    public static let tufLength = RuleID("tuf.length")
    /// A hash other than the referring metadata lists, or none this client can check.
    public static let tufHash = RuleID("tuf.hash")
    /// Metadata given before what it depends on (a snapshot before its timestamp, ...).
    public static let tufOrder = RuleID("tuf.order")
}

/// One role's signed metadata, parsed strictly and ready to verify: `signedBytes` are the canonical
/// bytes its signatures are over.
public struct TUFMetadata: Sendable {
    public struct Key: Sendable, Equatable {
        public var keyType: String
        public var scheme: String
        /// The Ed25519 key, or nil for a key type this client does not verify (it never counts).
        public var ed25519: Ed25519PublicKey?
    }

    public struct RoleKeys: Sendable, Equatable {
        public var keyIDs: [String]
        public var threshold: Int
    }

    /// A file a timestamp or snapshot names: its version, and where given its length and hashes.
    public struct MetaFile: Sendable, Equatable {
        public var version: Int
        public var length: Int?
        public var hashes: [String: String]?
    }

    /// A target: its length and hashes (`sha256` is what this client checks).
    public struct TargetFile: Sendable, Equatable {
        public var length: Int
        public var hashes: [String: String]
        public init(length: Int, hashes: [String: String]) {
            self.length = length
            self.hashes = hashes
        }
    }

    public let role: TUFRole
    public let version: Int
    public let expires: Date
    public let specVersion: String
    public let signedBytes: Data
    /// The bytes as read: what a client keeps to load again on its next refresh.
    public let raw: Data
    public let signatures: [(keyID: String, signature: Data)]
    /// Root: its keys, roles and consistent snapshot flag.
    public let keys: [String: Key]
    public let roles: [TUFRole: RoleKeys]
    public let consistentSnapshot: Bool
    /// Timestamp and snapshot: the metadata files they name.
    public let meta: [String: MetaFile]
    /// Targets: the files by path.
    public let targets: [String: TargetFile]

    /// Parses `bytes` as the `role`'s metadata: at most its bound, one JSON object with no key
    /// repeated, of that `_type`, spec version 1, a positive integer `version`, an `expires` of the
    /// form `2030-01-01T00:00:00Z`, and the role's own fields.
    public static func parse(_ bytes: Data, as role: TUFRole) throws -> TUFMetadata {
        let name = role.rawValue
        guard bytes.count <= role.maxBytes else {
            throw TUFError(.tufTooLarge, name, "\(bytes.count) bytes, more than the \(role.maxBytes) a client reads")
        }
        let document: JSONValue
        do { document = try JSONValue.parse(bytes, refusingDuplicateKeys: true) } catch {
            throw TUFError(.tufMalformed, name, "not JSON: \(error)")
        }
        guard case .object(let top) = document, case .object(let signed)? = top["signed"], case .array(let signatureList)? = top["signatures"],
              top.count == 2 else {
            throw TUFError(.tufMalformed, name, "must be an object of exactly 'signed' and 'signatures'")
        }
        let signedBytes: Data
        do { signedBytes = try TUFCanonicalJSON.encode(.object(signed)) } catch {
            throw TUFError(.tufMalformed, name, "'signed' has no canonical form: \(error)")
        }
        var signatures: [(keyID: String, signature: Data)] = []
        for entry in signatureList {
            guard case .object(let fields) = entry, case .string(let keyID)? = fields["keyid"], case .string(let hex)? = fields["sig"],
                  let raw = Hex.decode(hex) else {
                throw TUFError(.tufMalformed, name, "a signature must be {\"keyid\", \"sig\"} with the signature in lowercase hex")
            }
            guard !signatures.contains(where: { $0.keyID == keyID }) else {
                throw TUFError(.tufDuplicate, name, "two signatures by the key id \(keyID)")
            }
            signatures.append((keyID, Data(raw)))
        }
        guard case .string(let type)? = signed["_type"] else { throw TUFError(.tufMalformed, name, "'_type' is missing") }
        guard type == name else { throw TUFError(.tufType, name, "is \(type) metadata, not \(name)") }
        guard case .string(let spec)? = signed["spec_version"], spec.split(separator: ".").first == "1", spec.split(separator: ".").count >= 2 else {
            throw TUFError(.tufMalformed, name, "'spec_version' must be 1.x")
        }
        let version = try integer(signed["version"], "version", name)
        guard version >= 1 else { throw TUFError(.tufMalformed, name, "'version' must be 1 or more") }
        guard case .string(let expiresText)? = signed["expires"], let expires = parseTime(expiresText) else {
            throw TUFError(.tufMalformed, name, "'expires' must be a UTC time like 2030-01-01T00:00:00Z")
        }
        var keys: [String: Key] = [:], roles: [TUFRole: RoleKeys] = [:], consistent = false
        var meta: [String: MetaFile] = [:], targets: [String: TargetFile] = [:]
        switch role {
        case .root:
            (keys, roles, consistent) = try rootFields(signed, name)
        case .timestamp, .snapshot:
            guard case .object(let files)? = signed["meta"] else { throw TUFError(.tufMalformed, name, "'meta' is missing") }
            for (file, value) in files { meta[file] = try metaFile(value, "\(name) meta \(file)") }
            if role == .timestamp, meta.keys.sorted() != ["snapshot.json"] {
                throw TUFError(.tufMalformed, name, "'meta' must name snapshot.json alone")
            }
        case .targets:
            guard case .object(let files)? = signed["targets"] else { throw TUFError(.tufMalformed, name, "'targets' is missing") }
            for (path, value) in files {
                guard case .object(let fields) = value, case .object(let hashes)? = fields["hashes"] else {
                    throw TUFError(.tufMalformed, "target \(path)", "must have 'length' and 'hashes'")
                }
                let length = try integer(fields["length"], "length", "target \(path)")
                var hexes: [String: String] = [:]
                for (algorithm, digest) in hashes {
                    guard case .string(let hex) = digest, Hex.decode(hex) != nil else { throw TUFError(.tufMalformed, "target \(path)", "hash \(algorithm) is not hex") }
                    hexes[algorithm] = hex
                }
                guard length >= 0, !hexes.isEmpty else { throw TUFError(.tufMalformed, "target \(path)", "needs a length of 0 or more and a hash") }
                targets[path] = TargetFile(length: length, hashes: hexes)
            }
            if signed["delegations"] != nil { throw TUFError(.tufMalformed, name, "delegations are not supported by this client") }
        }
        return TUFMetadata(role: role, version: version, expires: expires, specVersion: spec, signedBytes: signedBytes, raw: bytes, signatures: signatures,
                           keys: keys, roles: roles, consistentSnapshot: consistent, meta: meta, targets: targets)
    }

    static func rootFields(_ signed: [String: JSONValue], _ name: String) throws -> ([String: Key], [TUFRole: RoleKeys], Bool) {
        guard case .object(let keyList)? = signed["keys"], case .object(let roleList)? = signed["roles"],
              case .bool(let consistent)? = signed["consistent_snapshot"] else {
            throw TUFError(.tufMalformed, name, "root needs 'keys', 'roles' and 'consistent_snapshot'")
        }
        var keys: [String: Key] = [:]
        var material: [Data: String] = [:]
        for (keyID, value) in keyList {
            guard case .object(let fields) = value, case .string(let type)? = fields["keytype"], case .string(let scheme)? = fields["scheme"],
                  case .object(let keyval)? = fields["keyval"], case .string(let publicHex)? = keyval["public"] else {
                throw TUFError(.tufMalformed, name, "key \(keyID) needs 'keytype', 'scheme' and 'keyval.public'")
            }
            var ed25519: Ed25519PublicKey?
            if type == "ed25519" && scheme == "ed25519" {
                guard let raw = Hex.decode(publicHex), let key = try? Ed25519PublicKey(rawRepresentation: raw) else {
                    throw TUFError(.tufMalformed, name, "key \(keyID) is not a 32-byte Ed25519 key in lowercase hex")
                }
                if let other = material[key.rawRepresentation] {
                    throw TUFError(.tufDuplicate, name, "keys \(other) and \(keyID) are the same key: it would count twice")
                }
                material[key.rawRepresentation] = keyID
                ed25519 = key
            }
            keys[keyID] = Key(keyType: type, scheme: scheme, ed25519: ed25519)
        }
        guard Set(roleList.keys) == Set(TUFRole.allCases.map(\.rawValue)) else {
            throw TUFError(.tufMalformed, name, "'roles' must be exactly root, timestamp, snapshot and targets, not \(roleList.keys.sorted())")
        }
        var roles: [TUFRole: RoleKeys] = [:]
        for role in TUFRole.allCases {
            guard case .object(let fields)? = roleList[role.rawValue], case .array(let idList)? = fields["keyids"] else {
                throw TUFError(.tufMalformed, name, "role \(role.rawValue) needs 'keyids' and 'threshold'")
            }
            let threshold = try integer(fields["threshold"], "threshold", "\(name) role \(role.rawValue)")
            var ids: [String] = []
            for id in idList {
                guard case .string(let keyID) = id, keys[keyID] != nil else {
                    throw TUFError(.tufMalformed, name, "role \(role.rawValue) lists a key id that is not among the keys")
                }
                guard !ids.contains(keyID) else { throw TUFError(.tufDuplicate, name, "role \(role.rawValue) lists \(keyID) twice") }
                ids.append(keyID)
            }
            guard threshold >= 1 else { throw TUFError(.tufMalformed, name, "role \(role.rawValue)'s threshold must be 1 or more") }
            roles[role] = RoleKeys(keyIDs: ids, threshold: threshold)
        }
        return (keys, roles, consistent)
    }

    static func metaFile(_ value: JSONValue, _ subject: String) throws -> MetaFile {
        guard case .object(let fields) = value else { throw TUFError(.tufMalformed, subject, "must be an object") }
        let version = try integer(fields["version"], "version", subject)
        let length = try fields["length"].map { try integer($0, "length", subject) }
        var hashes: [String: String]?
        if let value = fields["hashes"] {
            guard case .object(let list) = value, !list.isEmpty else { throw TUFError(.tufMalformed, subject, "'hashes' must name at least one") }
            hashes = [:]
            for (algorithm, digest) in list {
                guard case .string(let hex) = digest, Hex.decode(hex) != nil else { throw TUFError(.tufMalformed, subject, "hash \(algorithm) is not hex") }
                hashes?[algorithm] = hex
            }
        }
        guard version >= 1, (length ?? 0) >= 0 else { throw TUFError(.tufMalformed, subject, "version must be 1 or more, length 0 or more") }
        return MetaFile(version: version, length: length, hashes: hashes)
    }

    static func integer(_ value: JSONValue?, _ field: String, _ subject: String) throws -> Int {
        guard case .number(let text)? = value, let number = Int(text), String(number) == text else {
            throw TUFError(.tufMalformed, subject, "'\(field)' must be an integer")
        }
        return number
    }

    /// `YYYY-MM-DDTHH:MM:SSZ`, exactly.
    static func parseTime(_ text: String) -> Date? {
        let utf8 = Array(text.utf8)
        guard utf8.count == 20, utf8[4] == UInt8(ascii: "-"), utf8[7] == UInt8(ascii: "-"), utf8[10] == UInt8(ascii: "T"),
              utf8[13] == UInt8(ascii: ":"), utf8[16] == UInt8(ascii: ":"), utf8[19] == UInt8(ascii: "Z") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            guard utf8[range].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
            return Int(String(decoding: utf8[range], as: UTF8.self))
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10), let hour = number(11..<13),
              let minute = number(14..<16), let second = number(17..<19) else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        guard let date = calendar.date(from: components), calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date) == components else {
            return nil
        }
        return date
    }

    /// Checks that at least `threshold` distinct keys of `role`, as `delegator` (a root) lists them,
    /// signed these bytes. A key counts once however it is listed.
    public func verify(_ role: TUFRole, by delegator: TUFMetadata, crypto: any BundleCrypto) throws {
        guard let keys = delegator.roles[role] else { throw TUFError(.tufMalformed, role.rawValue, "the root lists no such role") }
        var counted = Set<Data>()
        for (keyID, signature) in signatures where keys.keyIDs.contains(keyID) {
            guard let key = delegator.keys[keyID]?.ed25519 else { continue }
            if try crypto.isValidEd25519Signature(signature, for: signedBytes, by: key) { counted.insert(key.rawRepresentation) }
        }
        guard counted.count >= keys.threshold else {
            throw TUFError(.tufThreshold, self.role.rawValue,
                           "\(counted.count) valid signature(s) by \(role.rawValue) keys of root version \(delegator.version), its threshold is \(keys.threshold)")
        }
    }

    public func isExpired(at now: Date) -> Bool { now >= expires }
}
