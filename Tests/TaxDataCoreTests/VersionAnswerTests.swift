import Foundation
import Testing
@testable import TaxDataCore

@Suite("The version answer, declared once in Core")
struct VersionAnswerTests {
    let latest = DataVersion("2026.3.1")!

    @Test("hasUpdate and isRequired from the installed version")
    func decisions() {
        #expect(VersionAnswer(current: nil, latest: latest) == VersionAnswer(hasUpdate: true, latestVersion: "2026.3.1", isRequired: false, changeLog: nil))
        #expect(VersionAnswer(current: DataVersion("2026.3.1")!, latest: latest).hasUpdate == false)
        #expect(VersionAnswer(current: DataVersion("2026.3.0")!, latest: latest).isRequired == false)
        #expect(VersionAnswer(current: DataVersion("2026.2.9")!, latest: latest).isRequired == true)
        #expect(VersionAnswer(current: DataVersion("2026.4.0")!, latest: latest).hasUpdate == false)
    }

    @Test("written with every key, changeLog as null; an older server's answer without isRequired still decodes")
    func wire() throws {
        let bytes = try CanonicalJSON.encode(VersionAnswer(current: nil, latest: latest))
        let object = try #require(try JSONSerialization.jsonObject(with: bytes) as? [String: Any])
        #expect(Set(object.keys) == ["hasUpdate", "latestVersion", "isRequired", "changeLog"])
        #expect(object["changeLog"] is NSNull)
        let old = try JSONDecoder().decode(VersionAnswer.self, from: Data(#"{"hasUpdate": false, "latestVersion": "2026.1.0"}"#.utf8))
        #expect(old.hasUpdate == false && old.isRequired == nil && old.changeLog == nil)
    }
}

@Suite("the version answer's changeLog (issue 32.12)")
struct ChangeLogTests {
    @Test("a release's changes are the version answer's changeLog; without them it is null")
    func changeLog() throws {
        let latest = try #require(DataVersion("2026.8.0"))
        let with = String(decoding: try CanonicalJSON.encode(VersionAnswer(current: DataVersion("2026.7.0"), latest: latest, changeLog: "Georgia's rate cut")), as: UTF8.self)
        #expect(with.contains("\"changeLog\" : \"Georgia's rate cut\""), "\(with)")
        let without = String(decoding: try CanonicalJSON.encode(VersionAnswer(current: nil, latest: latest)), as: UTF8.self)
        #expect(without.contains("\"changeLog\" : null"), "\(without)")
    }
}
