import Foundation

/// One bracket of a rate schedule: tax = `baseTax` + (income − `floor`) × `rate`.
public struct Bracket: Sendable, Equatable, Hashable, Codable {
    /// Lower bound of the bracket (inclusive), in dollars.
    public var floor: Decimal
    /// Upper bound (exclusive); `nil` for the top bracket.
    public var ceiling: Decimal?
    /// Marginal rate as a fraction (0.22 means 22 %).
    public var rate: Decimal
    /// Tax on all income below `floor`, in dollars.
    public var baseTax: Decimal
    /// True when the law fixes `baseTax` itself instead of summing the brackets below (Ohio's
    /// fixed amount above a 0 % band). Continuity is then checked from this bracket upwards.
    /// Added in schema 1.1; encoded only when true.
    public var statutoryBaseTax: Bool

    public init(floor: Decimal, ceiling: Decimal?, rate: Decimal, baseTax: Decimal, statutoryBaseTax: Bool = false) {
        self.floor = floor
        self.ceiling = ceiling
        self.rate = rate
        self.baseTax = baseTax
        self.statutoryBaseTax = statutoryBaseTax
    }

    enum CodingKeys: String, CodingKey { case floor, ceiling, rate, baseTax, statutoryBaseTax }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        floor = try container.decode(Decimal.self, forKey: .floor)
        ceiling = try container.decodeIfPresent(Decimal.self, forKey: .ceiling)
        rate = try container.decode(Decimal.self, forKey: .rate)
        baseTax = try container.decode(Decimal.self, forKey: .baseTax)
        statutoryBaseTax = try container.decodeIfPresent(Bool.self, forKey: .statutoryBaseTax) ?? false
    }

    /// Encodes `ceiling` as an explicit `null` on the top bracket, as the contract requires.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(floor, forKey: .floor)
        try container.encode(ceiling, forKey: .ceiling)
        try container.encode(rate, forKey: .rate)
        try container.encode(baseTax, forKey: .baseTax)
        if statutoryBaseTax { try container.encode(true, forKey: .statutoryBaseTax) }
    }
}

/// Schedule-level helpers shared by the compiler, the rules and the calculator.
public enum Schedule {
    /// Expected base taxes for a bracket list, honouring statutory base taxes.
    public static func expectedBaseTaxes(_ brackets: [Bracket]) -> [Decimal?] {
        expectedBaseTaxes(floors: brackets.map(\.floor), ceilings: brackets.map(\.ceiling), rates: brackets.map(\.rate),
                          anchors: brackets.map { $0.statutoryBaseTax ? $0.baseTax : nil })
    }

    /// The base tax each bracket should carry, from the brackets below it.
    ///
    /// `expected[0] = 0`, `expected[i] = expected[i−1] + (ceiling[i−1] − floor[i−1]) × rate[i−1]`, summed
    /// exactly and rounded to the cent (`Money.roundedToCent`) only where reported, as official
    /// schedules print them (Nebraska's 1,236.405 prints as 1,236.41). A bracket below a missing ceiling
    /// gets `nil` (the continuity rules report that ceiling). Where `anchors[i]` is set (a statutory
    /// base tax), the expected value is that anchor and the chain continues from it.
    public static func expectedBaseTaxes(floors: [Decimal], ceilings: [Decimal?], rates: [Decimal],
                                         anchors: [Decimal?]? = nil) -> [Decimal?] {
        var result: [Decimal?] = []
        var running: Decimal? = 0
        for index in floors.indices {
            if let anchor = anchors?[index] { running = anchor }
            result.append(running.map(Money.roundedToCent))
            if let base = running, let ceiling = ceilings[index] {
                running = base + (ceiling - floors[index]) * rates[index]
            } else {
                running = nil
            }
        }
        return result
    }
}
