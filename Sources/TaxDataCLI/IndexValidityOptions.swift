import ArgumentParser
import Foundation
import TaxDataCore

/// `--validity DAYS` and `--issued-at TIME`, shared by `build --sign-key` and `sign`: the validity
/// period written into a signed index.json.
struct IndexValidityOptions: ParsableArguments {
    @Option(name: .customLong("validity"), help: ArgumentHelp(
        "How many days the signed index.json stays valid (default \(IndexFreshness.defaultValidityDays)); re-sign it with `taxdata sign` before then.",
        valueName: "DAYS"))
    var days: Int?

    @Option(name: .customLong("issued-at"), help: ArgumentHelp(
        "The signing time written as issuedAt, e.g. 2026-03-01T12:00:00Z (a date alone is midnight UTC). Default: $SOURCE_DATE_EPOCH, else now.",
        valueName: "TIME"))
    var issuedAt: String?

    /// Whether either option was given (they mean nothing for an unsigned index).
    var isGiven: Bool { days != nil || issuedAt != nil }

    func validate() throws {
        if let days, !(1...3650).contains(days) { throw ValidationError("--validity \(days): give a number of days from 1 to 3650") }
        if let issuedAt, Timestamp(iso8601: issuedAt) == nil {
            throw ValidationError("--issued-at '\(issuedAt)' is not a time like 2026-03-01T12:00:00Z (or a date like 2026-03-01)")
        }
    }

    /// The validity to write: from --issued-at, else `SOURCE_DATE_EPOCH` (seconds since 1970, as
    /// reproducible builds set it), else `now`.
    func resolve(environment: [String: String] = CommandContext.current.environment, now: Date = Date()) throws -> IndexValidity {
        let issued: Timestamp
        if let issuedAt, let parsed = Timestamp(iso8601: issuedAt) {
            issued = parsed
        } else if let epoch = environment["SOURCE_DATE_EPOCH"] {
            guard let seconds = Int64(epoch), seconds >= 0 else {
                throw CommandFailure("SOURCE_DATE_EPOCH='\(epoch)' is not a number of seconds since 1970")
            }
            issued = Timestamp(secondsSince1970: seconds)
        } else {
            issued = Timestamp(now)
        }
        // A client refuses every index issued before the newest it accepted (index.replay): one
        // issued in the future by a typo would lock every client out of the real ones until then.
        guard issued.secondsSince1970 <= Timestamp(now).secondsSince1970 + 86_400 else {
            throw CommandFailure("the signing time \(issued) is more than a day in the future (now \(Timestamp(now))): clients would refuse every index issued before it; check --issued-at or SOURCE_DATE_EPOCH")
        }
        return IndexValidity(issuedAt: issued, days: days ?? IndexFreshness.defaultValidityDays)
    }

    /// A loud warning when the index being signed has already expired (an `--issued-at` too far in
    /// the past): every client that fetches it would report its data `expired` at once.
    static func warnings(_ validity: IndexValidity, now: Date = Date()) -> [String] {
        guard validity.expires.secondsSince1970 <= Timestamp(now).secondsSince1970 else { return [] }
        return ["warning: this index.json EXPIRED at \(validity.expires), before now (\(Timestamp(now))): every client that fetches it "
                + "reports its data expired at once. Do not publish it: sign again without --issued-at (or with a later one), or with a longer --validity"]
    }

    /// "index.json issued at …, expires at … (30 days)".
    static func describe(_ validity: IndexValidity) -> String {
        let days = (validity.expires.secondsSince1970 - validity.issuedAt.secondsSince1970) / 86_400
        return "index.json issued at \(validity.issuedAt), expires at \(validity.expires) (\(days) days): re-sign it before then with `taxdata sign`"
    }
}
