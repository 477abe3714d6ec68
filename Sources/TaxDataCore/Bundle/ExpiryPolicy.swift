/// How a bundle's expiration date is read (`bundle.expired`). One definition for `verify`, `build`
/// and the client.
public enum ExpiryPolicy: Sendable, Equatable {
    /// Expired only while its own tax year is still running: data for a past year legitimately
    /// passes its expiration date and stays right for that year (the client's reading, and
    /// `verify`'s default).
    case pastYearsStayValid
    /// Expired as soon as the date has passed (`verify --strict-expiry`).
    case strict

    /// Whether data for `taxYear` expiring on `expiration` is expired on `today`.
    public func isExpired(expiration: ISODate, taxYear: Int, today: ISODate) -> Bool {
        guard expiration < today else { return false }
        switch self {
        case .strict: return true
        case .pastYearsStayValid: return today.year <= taxYear
        }
    }
}
