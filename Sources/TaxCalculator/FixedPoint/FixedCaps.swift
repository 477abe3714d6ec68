import Foundation
import TaxDataCore

struct FixedCaps: Sendable {
    var elective: Int64, plan457b: Int64, hsaFamily: Int64, hsaSelf: Int64
}
