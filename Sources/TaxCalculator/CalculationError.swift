import TaxDataCore

/// Why a calculation cannot be done: a code an app can switch on, and a message written for a
/// person (an app can show it; `taxdata calc` prints it).
///
/// Equality is on the code, so a test or an app matches `error.code == .unknownState` without
/// depending on the wording. New codes may be added in a minor release: switch with a default.
public struct CalculationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, stable across releases.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// An input amount is negative (gross pay, a pre-tax deduction).
        public static let negativeAmount = Code(rawValue: "negative-amount")
        /// An input is beyond what the calculator computes exactly ($1,000,000,000; 20 dependents).
        public static let outOfRange = Code(rawValue: "out-of-range")
        /// Inputs that contradict each other (more children than dependents).
        public static let inconsistentInput = Code(rawValue: "inconsistent-input")
        /// Not a state's USPS code, or a state without data for the year.
        public static let unknownState = Code(rawValue: "unknown-state")
        /// A local tax asked for where it does not apply (New York City outside New York).
        public static let localityNotInState = Code(rawValue: "locality-not-in-state")
        /// A locality id the year's data does not have (`TaxYearData.localities` lists them).
        public static let unknownLocality = Code(rawValue: "unknown-locality")
        /// Places of residence that cannot all hold: a locality given twice, two of one kind (a
        /// person lives in one county, one city, one school district), or more than
        /// `PayInput.maxLocalities`.
        public static let localitiesConflict = Code(rawValue: "localities-conflict")
        /// The data lacks something the calculation needs (a filing status's brackets), or holds a
        /// figure the fixed-point calculator cannot represent exactly.
        public static let dataUnusable = Code(rawValue: "data-unusable")
        /// The fixed-point calculator was used outside what it computes (no state; another year's state).
        public static let unsupported = Code(rawValue: "unsupported")
    }

    public let code: Code
    /// What went wrong and, where it helps, what to do, in a sentence.
    public let message: String
    public var description: String { message }

    init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public static func == (lhs: CalculationError, rhs: CalculationError) -> Bool { lhs.code == rhs.code }

    static func negative(_ what: String) -> CalculationError { .init(.negativeAmount, "\(what) must not be negative") }
    static func outOfRange(_ message: String) -> CalculationError { .init(.outOfRange, message) }
    static func inconsistent(_ message: String) -> CalculationError { .init(.inconsistentInput, message) }
    static func dataUnusable(_ message: String) -> CalculationError { .init(.dataUnusable, message) }
    static func unsupported(_ message: String) -> CalculationError { .init(.unsupported, message) }
    static let newYorkCityOutsideNewYork = CalculationError(.localityNotInState, "New York City tax applies only with --state NY")
    static func tooManyLocalities(_ count: Int) -> CalculationError {
        .init(.localitiesConflict, "\(count) localities of residence: a calculation takes at most \(PayInput.maxLocalities) (a county, a city and a school district)")
    }
    static func localityTwice(_ id: String) -> CalculationError { .init(.localitiesConflict, "locality \(id) is given twice") }
    static func localitiesOfOneKind(_ first: String, _ second: String, kind: String) -> CalculationError {
        .init(.localitiesConflict, "localities \(first) and \(second) are both a \(kind): a person lives in one \(kind)")
    }
    static let newYorkCityAndLocality = CalculationError(.inconsistentInput, "newYorkCity is the locality 3651000: give newYorkCity or a locality, not both")

    /// No data for `code` in `year`: a known state without a file yet, or not a state at all.
    static func unknownState(_ code: String, year: Int) -> CalculationError {
        let upper = code.uppercased()
        return CalculationError(.unknownState, Jurisdiction.isKnown(upper) ? "\(upper) has no \(year) data yet (see the coverage table)"
                                                                          : "'\(code)' is not a state's USPS code")
    }

    /// `dependents` outside 0…`PayInput.maxDependents`.
    static func dependents(_ count: Int) -> CalculationError {
        .outOfRange("dependents must be 0…\(PayInput.maxDependents), not \(count)")
    }

    /// Hours worked outside 0…`PayInput.maxHours`.
    static func hours(_ hours: Int) -> CalculationError {
        .outOfRange("hours worked must be 0…\(PayInput.maxHours) in a year, not \(hours)")
    }

    /// More children under 6 than children under 17.
    static func childrenUnder6(_ young: Int, children: Int) -> CalculationError {
        .inconsistent("children under 6 (\(young)) must be counted among the children under 17 (\(children))")
    }

    /// More children under 17 than dependents.
    static func children(_ children: Int, dependents: Int) -> CalculationError {
        .inconsistent("children under 17 (\(children)) must be counted among the dependents (\(dependents))")
    }
}
