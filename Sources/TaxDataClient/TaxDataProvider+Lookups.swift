import Foundation
import TaxDataCore

/// The answers an app asks for: always answered, from the best data the provider holds.
extension TaxDataProvider {
    /// The tax year asked for: the configured one, or the clock's calendar year.
    public var requestedYear: Int {
        configuration.taxYear ?? Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: clock.now()).year!
    }

    /// The best candidate for `year`: remote/cache or embedded, whichever has the higher version
    /// (a cache at the same version wins); for a year with no data, the latest earlier year.
    func candidate(for year: Int) -> Candidate {
        loadIfNeeded()
        prepareEmbedded(for: year)
        return trusted.active(for: year)
    }

    /// Verifies the embedded years a lookup of `year` needs that were not verified yet (creating
    /// the provider verified only the requested year's); a refused one is reported like any other.
    func prepareEmbedded(for year: Int?) {
        let found = year.map { trusted.prepareEmbedded(for: $0) } ?? trusted.prepareAllEmbedded()
        rejections += found
        for rejection in found { logger.warning("rejected \(rejection)") }
    }

    /// All data for a year (default: the requested year). For a year no source holds it answers
    /// with the nearest one it has — the latest earlier year, else the earliest — and
    /// `status(year:).outdatedMessage` says which; `data(exactly:)` throws instead.
    public func data(year: Int? = nil) -> TaxYearData {
        candidate(for: year ?? requestedYear).data
    }

    /// The data of exactly `year`, from whichever source holds it.
    /// - Throws: `ProviderError` `.yearUnavailable`, naming the years there are.
    public func data(exactly year: Int) throws -> TaxYearData {
        let found = candidate(for: year).data
        guard found.meta.taxYear == year else {
            throw ProviderError(.yearUnavailable, "no \(year) tax data; there is data for \(availableYears().map(String.init).joined(separator: ", "))")
        }
        return found
    }

    /// The tax years some source (cache or embedded) holds valid data for, ascending.
    public func availableYears() -> [Int] {
        loadIfNeeded()
        prepareEmbedded(for: nil)
        return Set(trusted.cached.keys).union(trusted.embedded.keys).sorted()
    }

    public func federalBrackets(for status: FilingStatus, year: Int? = nil) -> [Bracket] {
        data(year: year).federal.brackets[status] ?? []
    }

    public func standardDeduction(for status: FilingStatus, year: Int? = nil) -> Decimal? {
        data(year: year).federal.standardDeduction[status]
    }

    /// A state's configuration by USPS code; nil when the data has no such jurisdiction (yet).
    public func stateConfig(_ code: String, year: Int? = nil) -> StateData? {
        data(year: year).states[code.uppercased()]
    }

    public func fica(year: Int? = nil) -> FICAData { data(year: year).fica }

    public func retirementLimits(year: Int? = nil) -> RetirementData { data(year: year).retirement }
}
