import Foundation
import TaxDataCore

/// What the provider reports: the status of the active data, and a stream of it.
extension TaxDataProvider {
    /// What is active for `year` (default: the requested year), and everything refused so far.
    public func status(year: Int? = nil) -> TaxDataStatus {
        let wanted = year ?? requestedYear
        let active = candidate(for: wanted)
        let meta = active.data.meta
        let stale = active.source == .embedded ? false
            : active.fetchedAt.map { clock.now().timeIntervalSince($0) > configuration.cacheValidity } ?? false
        // Only a client with trusted keys fetches (and so can rely on) the signed index.
        // With a TUF root, the earliest expiry of the timestamp, snapshot and targets accepted.
        let indexExpires = configuration.trustedRoot != nil ? state.tuf?.expires : configuration.trustedKeys.isEmpty ? nil : state.index?.expires
        var incomplete: [String: [String]] = [:]
        var belowOfficial: [String: Provenance] = [:]
        var estimated: [String: String] = [:]
        for (code, state) in active.data.states {
            if let missing = state.missing, !missing.isEmpty { incomplete[code] = missing }
            if let grade = state.provenance, grade != .official { belowOfficial[code] = grade }
            if state.provenance == .estimated { estimated[code] = state.pending ?? "no publication named" }
        }
        return TaxDataStatus(
            source: active.source, taxYear: meta.taxYear, version: meta.version.description, publication: meta.status,
            effectiveDate: meta.effectiveDate,
            fetchedAt: active.fetchedAt, isStale: stale,
            freshness: Freshness.decide(isStale: stale, indexExpires: indexExpires, now: clock.now()),
            indexExpires: indexExpires?.date,
            outdatedMessage: Self.substitution(used: meta.taxYear, wanted: wanted),
            rejections: rejections, incompleteStates: incomplete, belowOfficialStates: belowOfficial,
            estimatedStates: estimated, changes: meta.changes)
    }

    /// What to tell a person when `used` answers for `wanted`: an earlier year ("rates may
    /// differ"), or, for a year before any data, a later one; nil when they are the same.
    static func substitution(used: Int, wanted: Int) -> String? {
        if used < wanted { return "Using \(used) tax data. \(wanted) rates may differ." }
        if used > wanted { return "Using \(used) tax data: there is no \(wanted) data. \(wanted) rates differ." }
        return nil
    }

    /// A stream of statuses, one each time newly accepted data becomes active.
    public func updates() -> AsyncStream<TaxDataStatus> {
        let (stream, continuation) = AsyncStream<TaxDataStatus>.makeStream(bufferingPolicy: .bufferingNewest(16))
        let id = UUID()
        continuations[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { await self?.removeContinuation(id) }
        }
        return stream
    }

    func removeContinuation(_ id: UUID) { continuations[id] = nil }

    func publish() {
        let current = status()
        for continuation in continuations.values { continuation.yield(current) }
    }
}
