import Foundation
import Testing
import TaxDataCompiler
import TaxDataCore
import TaxDataTestSupport

@Suite("The model's fields, described once")
struct FieldCatalogueTests {
    @Test("every value of every real year has a catalogue row")
    func everyFieldClassified() {
        var unclassified: Set<String> = []
        for year in compiledYears {
            for field in year.fields() where field.spec.kind == .unclassified {
                unclassified.insert(FieldCatalogue.pattern(field.path, statuses: true))
            }
        }
        #expect(unclassified.isEmpty, "no FieldCatalogue row for: \(unclassified.sorted().joined(separator: ", "))")
    }
}
