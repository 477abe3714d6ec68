import Foundation
import TaxDataCore

struct FixedSDI: Sendable {
    var rate: Int64
    var wageBase: Int64?
    var maxAnnualUnits: Int64?
}
