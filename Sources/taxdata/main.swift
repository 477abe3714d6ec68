import Foundation
import TaxDataCLI

exit(await TaxDataCommand.run(Array(CommandLine.arguments.dropFirst())))
