import Foundation

/// `retirement_<year>.json`: contribution limits.
public struct RetirementData: Sendable, Equatable, Codable {
    /// The SECURE 2.0 catch-up for ages 60 through 63 (from 2025).
    public struct EnhancedCatchUp: Sendable, Equatable, Codable {
        public var contribution: Decimal
        public var minAge: Int
        public var maxAge: Int
        public init(contribution: Decimal, minAge: Int, maxAge: Int) {
            self.contribution = contribution
            self.minAge = minAge
            self.maxAge = maxAge
        }
    }

    /// 401(k), 403(b) and 457(b) plans.
    public struct DeferralPlan: Sendable, Equatable, Codable {
        public var employeeLimit: Decimal
        public var catchUpContribution: Decimal
        public var catchUpAge: Int
        /// The §415(c) limit on all additions; absent for 457(b).
        public var totalLimit: Decimal?
        public var enhancedCatchUp: EnhancedCatchUp?
        public init(employeeLimit: Decimal, catchUpContribution: Decimal, catchUpAge: Int,
                    totalLimit: Decimal?, enhancedCatchUp: EnhancedCatchUp?) {
            self.employeeLimit = employeeLimit
            self.catchUpContribution = catchUpContribution
            self.catchUpAge = catchUpAge
            self.totalLimit = totalLimit
            self.enhancedCatchUp = enhancedCatchUp
        }
    }

    public struct IRA: Sendable, Equatable, Codable {
        public var traditionalLimit: Decimal
        public var rothLimit: Decimal
        public var catchUpContribution: Decimal
        public var catchUpAge: Int
        public init(traditionalLimit: Decimal, rothLimit: Decimal, catchUpContribution: Decimal, catchUpAge: Int) {
            self.traditionalLimit = traditionalLimit
            self.rothLimit = rothLimit
            self.catchUpContribution = catchUpContribution
            self.catchUpAge = catchUpAge
        }
    }

    public struct Phaseout: Sendable, Equatable, Codable {
        public var start: Decimal
        public var end: Decimal
        public init(start: Decimal, end: Decimal) {
            self.start = start
            self.end = end
        }
    }

    public struct SimpleIRA: Sendable, Equatable, Codable {
        public var employeeLimit: Decimal
        public var catchUpContribution: Decimal
        public var enhancedCatchUp: EnhancedCatchUp?
        public init(employeeLimit: Decimal, catchUpContribution: Decimal, enhancedCatchUp: EnhancedCatchUp?) {
            self.employeeLimit = employeeLimit
            self.catchUpContribution = catchUpContribution
            self.enhancedCatchUp = enhancedCatchUp
        }
    }

    public struct SEPIRA: Sendable, Equatable, Codable {
        public var limit: Decimal
        public var maxCompensation: Decimal
        public var maxPercentage: Decimal
        public init(limit: Decimal, maxCompensation: Decimal, maxPercentage: Decimal) {
            self.limit = limit
            self.maxCompensation = maxCompensation
            self.maxPercentage = maxPercentage
        }
    }

    public struct HSA: Sendable, Equatable, Codable {
        public var individual: Decimal
        public var family: Decimal
        public var catchUpContribution: Decimal
        public var catchUpAge: Int
        public init(individual: Decimal, family: Decimal, catchUpContribution: Decimal, catchUpAge: Int) {
            self.individual = individual
            self.family = family
            self.catchUpContribution = catchUpContribution
            self.catchUpAge = catchUpAge
        }
    }

    public var year: Int
    public var plan401k: DeferralPlan
    public var plan403b: DeferralPlan
    public var plan457b: DeferralPlan
    public var ira: IRA
    public var rothIncomePhaseout: StatusTable<Phaseout>
    public var simpleIra: SimpleIRA
    public var sepIra: SEPIRA
    public var hsa: HSA
    public var sources: [Citation]
    public var notes: String?
    /// Added in 1.2: how the figures are known (the weakest of the file's and its figures' grades).
    public var provenance: Provenance?

    enum CodingKeys: String, CodingKey {
        case year, ira, rothIncomePhaseout, simpleIra, sepIra, hsa, sources, notes, provenance
        case plan401k = "401k", plan403b = "403b", plan457b = "457b"
    }

    public init(year: Int, plan401k: DeferralPlan, plan403b: DeferralPlan, plan457b: DeferralPlan, ira: IRA,
                rothIncomePhaseout: StatusTable<Phaseout>, simpleIra: SimpleIRA, sepIra: SEPIRA, hsa: HSA,
                sources: [Citation], notes: String? = nil) {
        self.year = year
        self.plan401k = plan401k
        self.plan403b = plan403b
        self.plan457b = plan457b
        self.ira = ira
        self.rothIncomePhaseout = rothIncomePhaseout
        self.simpleIra = simpleIra
        self.sepIra = sepIra
        self.hsa = hsa
        self.sources = sources
        self.notes = notes
    }
}
