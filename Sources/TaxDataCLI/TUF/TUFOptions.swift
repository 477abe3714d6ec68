import ArgumentParser
import Foundation
import TaxDataCore
import TaxDataCrypto

/// `--key K.pem` (repeatable): the private keys a `taxdata tuf` command signs with. Each role's
/// metadata is signed by the given keys that the root lists for that role; a key that no role lists
/// is refused, since it signs nothing and was most likely meant for another repository.
struct TUFKeyOptions: ParsableArguments {
    @Option(name: .customLong("key"), help: ArgumentHelp("A private key (PEM, from `taxdata keygen`) to sign with; repeat for each role's key.", valueName: "K.pem"))
    var keys: [String] = []

    func read() throws -> [Ed25519PrivateKey] {
        do { return try keys.map(KeyFiles.readPrivate) } catch { throw CommandFailure("\(error)") }
    }

    /// Refuses a key that signs nothing here (no role of `roots` lists it).
    static func requireUsed(_ pool: [Ed25519PrivateKey], paths: [String], roots: [TUFMetadata]) throws {
        for (key, path) in zip(pool, paths) {
            let id = try TUFMetadataWriter.keyID(key.publicKey, crypto: OpenSSLCrypto())
            guard roots.contains(where: { root in root.roles.values.contains { $0.keyIDs.contains(id) } }) else {
                throw CommandFailure("--key \(path) (TUF key id \(id.prefix(16))…) is not a key of any role of this repository; nothing would be signed with it")
            }
        }
    }
}

/// `--now` and the validity periods of new metadata.
struct TUFTimeOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The signing time, e.g. 2026-03-01T12:00:00Z (a date alone is midnight UTC): expiries count from it, and the result is checked as a client would at that time. Default: $SOURCE_DATE_EPOCH, else now.", valueName: "TIME"))
    var now: String?

    @Option(help: ArgumentHelp("Days a new timestamp and snapshot stay valid (default 30). Clients report data expired after that: re-sign on a schedule with `taxdata tuf timestamp`.", valueName: "DAYS"))
    var validity: Int = 30

    @Option(help: ArgumentHelp("Days new targets metadata stays valid (default 365).", valueName: "DAYS"))
    var targetsValidity: Int = 365

    @Option(help: ArgumentHelp("Days a new root stays valid (default 365). An expired root stops every client's updates until it is rotated.", valueName: "DAYS"))
    var rootValidity: Int = 365

    func validate() throws {
        for (name, days) in [("--validity", validity), ("--targets-validity", targetsValidity), ("--root-validity", rootValidity)] where !(1...3650).contains(days) {
            throw ValidationError("\(name) \(days): give a number of days from 1 to 3650")
        }
        if let now, Timestamp(iso8601: now) == nil { throw ValidationError("--now '\(now)' is not a time like 2026-03-01T12:00:00Z (or a date like 2026-03-01)") }
    }

    func resolve(environment: [String: String] = CommandContext.current.environment) throws -> Date {
        if let now, let time = Timestamp(iso8601: now) { return Date(timeIntervalSince1970: TimeInterval(time.secondsSince1970)) }
        if let epoch = environment["SOURCE_DATE_EPOCH"] {
            guard let seconds = Int64(epoch), seconds >= 0 else { throw CommandFailure("SOURCE_DATE_EPOCH='\(epoch)' is not a number of seconds since 1970") }
            return Date(timeIntervalSince1970: TimeInterval(seconds))
        }
        // Whole seconds: TUF's times have no fraction.
        return Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
    }

    static func days(_ days: Int, after date: Date) -> Date { date.addingTimeInterval(TimeInterval(days) * 86_400) }
}

/// `ROLE=VALUE` options: `--add targets=t.pub`, `--threshold root=2`.
struct RoleValue {
    var role: TUFRole
    var value: String

    init(parsing text: String, option: String) throws {
        guard let equals = text.firstIndex(of: "="), let role = TUFRole(rawValue: String(text[..<equals])), text.index(after: equals) < text.endIndex else {
            throw ValidationError("\(option) '\(text)': give ROLE=VALUE, ROLE one of root, targets, snapshot, timestamp")
        }
        self.role = role
        self.value = String(text[text.index(after: equals)...])
    }
}

enum TUFConsole {
    /// Runs a command body, printing a refusal with its rule and exiting 1.
    static func refusing(_ what: String, _ body: () async throws -> Void) async throws {
        do { try await body() } catch let error as TUFError {
            Console.error("\(what) refused: [\(error.rule)] \(error.subject): \(error.message); nothing was written")
            throw ExitCode(1)
        } catch let error as CommandFailure {
            Console.error("\(what) refused: \(error.description); nothing was written")
            throw ExitCode(1)
        }
    }

    static func keyID(_ key: Ed25519PublicKey) -> String {
        (try? TUFMetadataWriter.keyID(key, crypto: OpenSSLCrypto())) ?? "?"
    }

    static func describe(_ set: TUFTrustedSet) -> String {
        let targets = set.targets!
        return "root version \(set.root.version) (expires \(TUFMetadataWriter.time(set.root.expires))), targets version \(targets.version) "
            + "(\(targets.targets.count) files, expires \(TUFMetadataWriter.time(targets.expires))), snapshot version \(set.snapshot!.version), "
            + "timestamp version \(set.timestamp!.version) (expires \(TUFMetadataWriter.time(set.timestamp!.expires)))"
    }
}

/// `--revoke ROLE=P.pem`, `--add ROLE=P.pem` and `--threshold ROLE=K`, applied in that order to a
/// root's roles (`init` starts from none, `rotate-root` from the current root's), then checked:
/// every role keeps at least its threshold of keys.
enum RoleEdits {
    static func validate(add: [String], revoke: [String], thresholds: [String]) throws {
        for text in add { _ = try RoleValue(parsing: text, option: "--add") }
        for text in revoke { _ = try RoleValue(parsing: text, option: "--revoke") }
        for text in thresholds { _ = try RoleValue(parsing: text, option: "--threshold") }
    }

    static func apply(to roles: inout [TUFRole: TUFMetadataWriter.RoleKeys], add: [String], revoke: [String], thresholds: [String],
                      from what: String) throws {
        func key(_ path: String) throws -> Ed25519PublicKey {
            do { return try KeyFiles.readPublic(path) } catch { throw CommandFailure("\(error)") }
        }
        for text in revoke {
            let entry = try RoleValue(parsing: text, option: "--revoke")
            guard let at = roles[entry.role]!.keys.firstIndex(of: try key(entry.value)) else {
                throw CommandFailure("--revoke \(text): \(what)'s \(entry.role.rawValue) role has no such key")
            }
            roles[entry.role]!.keys.remove(at: at)
        }
        for text in add {
            let entry = try RoleValue(parsing: text, option: "--add")
            let added = try key(entry.value)
            guard !roles[entry.role]!.keys.contains(added) else { throw CommandFailure("--add \(text): the \(entry.role.rawValue) role already has this key") }
            roles[entry.role]!.keys.append(added)
        }
        for text in thresholds {
            let entry = try RoleValue(parsing: text, option: "--threshold")
            guard let k = Int(entry.value), k >= 1 else { throw CommandFailure("--threshold \(text): give a number of keys, 1 or more") }
            roles[entry.role]!.threshold = k
        }
        for role in TUFRole.allCases {
            let keys = roles[role]!
            guard !keys.keys.isEmpty else { throw CommandFailure("the \(role.rawValue) role has no key: give --add \(role.rawValue)=P.pem") }
            guard keys.threshold <= keys.keys.count else {
                throw CommandFailure("the \(role.rawValue) role would have \(keys.keys.count) key(s) for a threshold of \(keys.threshold): nothing could be signed")
            }
        }
    }

    /// "  root: 2 of 3 key(s) 1f2e…, …", a line per role.
    static func describe(_ root: TUFMetadata) -> [String] {
        TUFRole.allCases.map { role in
            let keys = root.roles[role]!
            return "  \(role.rawValue): \(keys.threshold) of \(keys.keyIDs.count) key(s) \(keys.keyIDs.map { String($0.prefix(16)) }.joined(separator: ", "))"
        }
    }
}
