import Foundation

/// The parts of a state's withholding method (`StateWithholding`) that have keys of their own.
extension StateWithholding {
    /// A status's figures from `atLeast` allowances on: `allowances` counts the certificate's
    /// allowances, `allAllowances` its additional ones too.
    public struct AllowanceColumn: Sendable, Equatable, Codable {
        public var atLeast: Int
        public var counting: String?
        public var standardDeduction: Decimal?
        public var wageFloor: Decimal?
        /// The status whose brackets the column is taxed by (Oregon: single with 3 or more allowances, the married ones).
        public var brackets: String?
        public static let countings: [String] = ["allowances", "allAllowances"]
        public init(atLeast: Int, counting: String? = nil, standardDeduction: Decimal? = nil, wageFloor: Decimal? = nil, brackets: String? = nil) {
            self.brackets = brackets
            self.atLeast = atLeast
            self.counting = counting
            self.standardDeduction = standardDeduction
            self.wageFloor = wageFloor
        }
    }

    /// `max(0, amount[status] − rate × (the period's taxable wages − start[status]))`, taken off the
    /// period's tax, never below zero; `amount` and `start` are the yearly ones' shares rounded as the
    /// floors are. With `rounding: dollar`, the tax and the reduction are each rounded to the dollar
    /// first (Utah's Publication 14, lines 2 and 5).
    public struct CreditPhaseOut: Sendable, Equatable, Codable {
        public var amount: StatusTable<Decimal>
        public var start: StatusTable<Decimal>
        public var rate: Decimal
        public init(amount: StatusTable<Decimal>, start: StatusTable<Decimal>, rate: Decimal) {
            self.amount = amount
            self.start = start
            self.rate = rate
        }
    }

    /// `min(rate × the year's wages, max)` to the cent, when the certificate claims at least
    /// `minAllowances` allowances; otherwise nothing.
    public struct DeductionShare: Sendable, Equatable, Codable {
        public var rate: Decimal
        public var max: Decimal
        public var minAllowances: Int
        /// The least it is (Maryland to June 2025: 15 %, at least $1,850, at most $2,800).
        public var min: Decimal?
        public init(rate: Decimal, max: Decimal, minAllowances: Int, min: Decimal? = nil) {
            self.rate = rate
            self.max = max
            self.minAllowances = minAllowances
            self.min = min
        }
    }

    /// A method in force from `from` (`YYYY-MM-DD`) to the next change or the year's end, for the
    /// paychecks whose date named by `appliesBy` is on or after it: the pay date (wages paid on or
    /// after), the first day of the pay period (periods beginning on or after), or its last.
    public struct Change: Sendable, Equatable, Codable {
        public var from: String
        public var appliesBy: String
        public var method: StateWithholding
        public static let dates: [String] = ["payDate", "periodStart", "periodEnd"]
        public init(from: String, appliesBy: String, method: StateWithholding) {
            self.from = from
            self.appliesBy = appliesBy
            self.method = method
        }

        enum CodingKeys: String, CodingKey { case from, appliesBy }

        /// One object: `from`, `appliesBy` and the method's own keys.
        public init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            from = try c.decode(String.self, forKey: .from)
            appliesBy = try c.decode(String.self, forKey: .appliesBy)
            method = try StateWithholding(from: decoder)
            method.unreadKeys.removeAll { $0 == "from" || $0 == "appliesBy" }
            // A date this build does not know is a part of the method it cannot read.
            if !Self.dates.contains(appliesBy) { method.unreadKeys.append("appliesBy \(appliesBy)") }
        }

        public func encode(to encoder: Encoder) throws {
            try method.encode(to: encoder)
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(from, forKey: .from)
            try c.encode(appliesBy, forKey: .appliesBy)
        }
    }

    /// The first `count[status]` allowances are worth `amount[status]` together; fewer are worth
    /// their share of it (a joint K-4 with one allowance: half of $18,320). Allowances beyond
    /// `count` are worth `allowance` each.
    public struct PersonalAllowance: Sendable, Equatable, Codable {
        public var count: StatusTable<Int>
        public var amount: StatusTable<Decimal>
        public init(count: StatusTable<Int>, amount: StatusTable<Decimal>) {
            self.count = count
            self.amount = amount
        }
    }

    /// How the state's per-period tables round the yearly brackets' floors: `floors` for every
    /// period, `dailyFloors` for daily pay when it differs (New Mexico: the dollar, and for daily
    /// pay the dime). Base taxes and deductions are always to the cent: by default each
    /// allowance's share, times the allowances (Kansas: 3 × 44.62); with `allowanceTotals` the
    /// allowances' yearly total's share (Indiana's tables by number of exemptions: 3 × 1,500 / 52
    /// = 86.54). A state that prints its per-period deductions otherwise lists them (`deductions`,
    /// by frequency: New York's 142.30 a week where 7,400 / 52 is 142.31); a frequency it prints
    /// none for has no table, and no withholding is computed for it. A row applies to wages over its
    /// floor, or at least at it (`rows: atLeast`, New York's "at least … but less than"). A row's
    /// base tax is the yearly one's share to the cent, or (`bases: runningSum`, Vermont) the sum of
    /// the rows below it on the period's own rounded floors, rounded once. A state whose printed
    /// tables are not the yearly one divided (Montana's bases rounded to the dollar, mostly up) lists
    /// them (`tables`, by frequency, each a schedule by status with the floors and bases as printed);
    /// then a frequency it prints none for has no table, but `annual`, which is `brackets`.
    public struct PerPeriod: Sendable, Equatable, Codable {
        public var floors: String
        public var dailyFloors: String?
        public var allowanceTotals: Bool?
        public var rows: String?
        public var deductions: [String: PeriodDeductions]?
        public var bases: String?
        public var tables: [String: StatusTable<[Bracket]>]?
        /// A method with `rateTables`: its printed per-period schedules, by frequency and table name.
        public var rateTables: [String: [String: [Bracket]]]?
        public static let roundings: [String] = ["cent", "dime", "dollar"]
        public static let rowReadings: [String] = ["over", "atLeast"]
        public static let baseReadings: [String] = ["share", "runningSum"]
        public init(floors: String, dailyFloors: String? = nil, allowanceTotals: Bool? = nil, rows: String? = nil,
                    deductions: [String: PeriodDeductions]? = nil, bases: String? = nil, tables: [String: StatusTable<[Bracket]>]? = nil,
                    rateTables: [String: [String: [Bracket]]]? = nil) {
            self.tables = tables
            self.rateTables = rateTables
            self.floors = floors
            self.dailyFloors = dailyFloors
            self.allowanceTotals = allowanceTotals
            self.rows = rows
            self.deductions = deductions
            self.bases = bases
        }
    }

    /// One frequency's printed deductions: the standard deduction by status, and each allowance's.
    public struct PeriodDeductions: Sendable, Equatable, Codable {
        public var standardDeduction: StatusTable<Decimal>?
        public var allowance: Decimal?
        public init(standardDeduction: StatusTable<Decimal>? = nil, allowance: Decimal? = nil) {
            self.standardDeduction = standardDeduction
            self.allowance = allowance
        }
    }

    /// At and above `threshold[status]` yearly wages less the deductions (or the period's share of
    /// it, rounded as the floors are), the whole of them is taxed at a flat rate, the rate of the last
    /// tier they reach (New York's Method III: 10.45 %, 11.10 % from $5,000,000, 11.70 % from
    /// $25,000,000): the year's tax to the cent, over the periods.
    public struct FlatRateAbove: Sendable, Equatable, Codable {
        public var threshold: StatusTable<Decimal>
        public var tiers: [Tier]
        public struct Tier: Sendable, Equatable, Codable {
            public var atLeast: Decimal
            public var rate: Decimal
            public init(atLeast: Decimal, rate: Decimal) {
                self.atLeast = atLeast
                self.rate = rate
            }
        }
        public init(threshold: StatusTable<Decimal>, tiers: [Tier]) {
            self.threshold = threshold
            self.tiers = tiers
        }
    }

    /// `standardDeduction[status] − rate[status] × (yearly wages − start[status])` when the wages
    /// are above `start`, never below zero.
    ///
    /// With `step`, the reduction goes by steps (Alabama: "$175 for each $500 or part thereof" from
    /// $26,000): `rate × step × (⌊(wages − start) / step⌋ + 1)` once the wages reach `start`; and the
    /// deduction never falls below `minimum` (Alabama's $5,000 married).
    public struct DeductionPhaseOut: Sendable, Equatable, Codable {
        public var start: StatusTable<Decimal>
        public var rate: StatusTable<Decimal>
        public var step: StatusTable<Decimal>?
        public var minimum: StatusTable<Decimal>?
        /// `cent` (the default) or `dollar`: how the reduced deduction is rounded (Maine: to the dollar).
        public var rounding: String?
        /// With `step`: `start` (the default) counts a step from the start itself, "for each $500 or
        /// part thereof" from it (Alabama: floor((wages − start) / step) + 1 at or above it); `over`
        /// counts the steps or parts of one above it (Connecticut's Table A: ceil((wages − start) / step)).
        public var stepsFrom: String?
        public init(start: StatusTable<Decimal>, rate: StatusTable<Decimal>, step: StatusTable<Decimal>? = nil, minimum: StatusTable<Decimal>? = nil,
                    rounding: String? = nil, stepsFrom: String? = nil) {
            self.rounding = rounding
            self.stepsFrom = stepsFrom
            self.start = start
            self.rate = rate
            self.step = step
            self.minimum = minimum
        }
    }

    public struct CapTier: Sendable, Equatable, Codable {
        public var atLeast: Decimal
        public var amount: Decimal
        public init(atLeast: Decimal, amount: Decimal) {
            self.atLeast = atLeast
            self.amount = amount
        }
    }

    /// `taxableLookup`: below `below`, the year's taxable wages are taxed as
    /// floor(wages / step) x step + add (Arkansas: step 100, add 50, below 97,801).
    public struct TaxableLookup: Sendable, Equatable, Codable {
        public var step: Decimal
        public var add: Decimal
        public var below: Decimal
        public init(step: Decimal, add: Decimal, below: Decimal) {
            self.step = step
            self.add = add
            self.below = below
        }

        /// The wages the brackets tax.
        public func apply(_ taxable: Decimal) -> Decimal {
            guard taxable < below, step > 0 else { return taxable }
            var steps = taxable / step, whole = Decimal()
            NSDecimalRound(&whole, &steps, 0, .down)
            return whole * step + add
        }
    }

    public struct LowWageAddition: Sendable, Equatable, Codable {
        public var below: Decimal
        public var amount: Decimal
        public init(below: Decimal, amount: Decimal) {
            self.below = below
            self.amount = amount
        }
    }

    /// `noCertificate`: the certificate the state withholds by when none is on file (its
    /// `filingStatus`, `allowances` and `rateTable`, each as the certificate's field), or a flat
    /// `rate` of the period's state wages, rounded as the method rounds, in place of the method.
    public struct NoCertificate: Sendable, Equatable, Codable {
        public var filingStatus: String?
        public var allowances: Int?
        public var rateTable: String?
        public var rate: Decimal?
        public init(filingStatus: String? = nil, allowances: Int? = nil, rateTable: String? = nil, rate: Decimal? = nil) {
            self.filingStatus = filingStatus
            self.allowances = allowances
            self.rateTable = rateTable
            self.rate = rate
        }
    }

    /// One code of a certificate that chooses the figures by a code rather than a filing status
    /// (Connecticut's CT-W4 line 1: A to F): the status whose figures it takes, and whether the
    /// standard deduction (`exemption`) and the liability's share-of-tax credit (`credit`) apply
    /// (both do unless false: Connecticut's D takes neither).
    public struct WithholdingCode: Sendable, Equatable, Codable {
        public var status: String
        public var exemption: Bool?
        public var credit: Bool?
        public init(status: String, exemption: Bool? = nil, credit: Bool? = nil) {
            self.status = status
            self.exemption = exemption
            self.credit = credit
        }
    }

    public struct FicaDeduction: Sendable, Equatable, Codable {
        public var cap: Decimal
        public init(cap: Decimal) { self.cap = cap }
    }

    public struct PeriodWageFloor: Sendable, Equatable, Codable {
        public var amount: Decimal
        public var withAllowances: Bool?
        public init(amount: Decimal, withAllowances: Bool? = nil) {
            self.amount = amount
            self.withAllowances = withAllowances
        }
    }

    public struct PeriodCredits: Sendable, Equatable, Codable {
        /// Some statuses only; the others have none.
        public var byStatus: [String: Decimal]?
        public var perAdditionalAllowance: Decimal?
        public init(byStatus: [String: Decimal]? = nil, perAdditionalAllowance: Decimal? = nil) {
            self.byStatus = byStatus
            self.perAdditionalAllowance = perAdditionalAllowance
        }
    }

    public struct WageTier: Sendable, Equatable, Codable {
        /// Inclusive; nil on the last tier.
        public var through: Decimal?
        public var amount: Decimal
        public init(through: Decimal?, amount: Decimal) {
            self.through = through
            self.amount = amount
        }
    }
}
