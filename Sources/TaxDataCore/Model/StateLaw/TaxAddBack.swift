import Foundation

/// 1.3: an amount added to the bracket tax as income rises (Connecticut's 3% phase-out add-back
/// and benefit recapture): `rate` × (income − start), in whole steps when `step` is set, capped at
/// `maximum`, rounded to the cent.
public struct TaxAddBack: Sendable, Equatable, Codable {
    public var label: String
    public var start: StatusTable<Decimal>
    public var rate: Decimal?
    public var rates: StatusTable<Decimal>?
    public var step: PhaseOut.Step?
    public var maximum: StatusTable<Decimal>

    public init(label: String, start: StatusTable<Decimal>, rate: Decimal?, rates: StatusTable<Decimal>? = nil,
                step: PhaseOut.Step? = nil, maximum: StatusTable<Decimal>) {
        self.label = label
        self.start = start
        self.rate = rate
        self.rates = rates
        self.step = step
        self.maximum = maximum
    }

    public func amount(income: Decimal, status: FilingStatus) -> Decimal {
        guard let start = start[status], income > start else { return 0 }
        let excess = step.map { $0.counted(income - start, status: status) } ?? (income - start)
        return Swift.min(maximum[status] ?? 0, Money.roundedToCent(excess * (rates?[status] ?? rate ?? 0)))
    }
}
