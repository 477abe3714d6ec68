import Foundation
import Logging
import TaxDataClient
import TaxDataCompiler
import TaxDataCore
import TaxDataServer
@_exported import TaxDataTestSupport

