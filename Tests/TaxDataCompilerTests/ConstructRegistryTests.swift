import Foundation
import Testing
@testable import TaxDataCompiler
import TaxDataCore
import TaxDataTestSupport

/// What people forget when they add a state construct (issue 33; the checklist is in
/// CONTRIBUTING.md): each key a state file may hold is in the state's JSON Schema, and each
/// construct's rule has a fixture.
@Suite("every construct is wired through every layer")
struct ConstructRegistryTests {
    /// The properties of `docs/contract/schemas/state.schema.json`.
    static func schemaProperties() throws -> Set<String> {
        let url = packageRoot.appendingPathComponent("docs/contract/schemas/state.schema.json")
        let schema = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [String: Any]
        return Set((schema["properties"] as! [String: Any]).keys)
    }

    /// Keys that go to the bundle under more names than their own (a 1.2 client reads one of them).
    static let alsoWrittenAs: [String: [String]] = [
        "federalTaxDeduction": ["federalTaxDeductionSchedule"],
        "ficaDeduction": ["ficaDeductionSchedule"],
        "phaseOuts": ["phaseOutSchedules"],
    ]

    @Test("every key a state file may hold is in state.schema.json (a construct left out of the schema fails here)")
    func keysInSchema() throws {
        let properties = try Self.schemaProperties()
        let keys = StateKey.all.flatMap { [$0.key] + (Self.alsoWrittenAs[$0.key] ?? []) }
        let missing = keys.filter { !properties.contains($0) }
        #expect(missing.isEmpty, "state.schema.json lacks \(missing): add the construct's shape there")
        // And the other way: every schema property is read from a state file (or is its header).
        let header: Set<String> = ["name", "type", "sources", "notes", "provenance"]
        let unread = properties.subtracting(keys).subtracting(header)
        #expect(unread.isEmpty, "state.schema.json has \(unread) that no state file key produces")
    }

    @Test("a key left out of the schema is caught (the check can fail)")
    func detectsMissing() throws {
        var properties = try Self.schemaProperties()
        properties.remove("dependentDeduction")
        #expect(!StateKey.all.map(\.key).allSatisfy(properties.contains))
    }

    @Test("every state-construct rule has a fixture tree with its expected findings")
    func rulesHaveFixtures() {
        let constructRules = RuleSet.standard.rules.compactMap { $0 as? any StateConstructRule }
        #expect(constructRules.count >= 13)
        for rule in constructRules {
            let fixture = packageRoot.appendingPathComponent("Fixtures/check/\(rule.id.rawValue)/expected.txt")
            #expect(FileManager.default.fileExists(atPath: fixture.path), "\(rule.id) has no fixture (scripts/make-fixtures.py)")
        }
    }

    @Test("every state-construct rule reads a key the state files may hold")
    func rulesReadKnownKeys() {
        // `localities` is read from its own file, localities/XX.yaml, into the state.
        let keys = Set(StateKey.all.map(\.key)).union(["localities"])
        for rule in RuleSet.standard.rules.compactMap({ $0 as? any StateConstructRule }) {
            #expect(keys.contains(type(of: rule).key), "\(rule.id) checks \(type(of: rule).key), which no state file key reads")
        }
    }
}
