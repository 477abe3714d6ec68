import Foundation
import Testing
@testable import TaxDataCore

@Suite("Exact decimal parsing and rounding")
struct MoneyTests {
    @Test("plain numerals parse exactly", arguments: [
        ("14600", "14600"), ("1192.50", "1192.5"), ("0.0145", "0.0145"), ("0", "0"), ("-5", "-5"),
        ("183647.25", "183647.25"), ("0.014500000000000002", "0.014500000000000002"),
    ])
    func parses(text: String, canonical: String) throws {
        let value = try #require(Money.parse(text))
        #expect(Money.text(value) == canonical)
    }

    @Test("anything else is rejected, not guessed", arguments: [
        "1e3", "12abc", "1,5", "1,000", " 12", "12 ", "+12", ".5", "1.", "$100", "", "-", "0x10", "007", "1_000", "NaN", "inf",
    ])
    func rejects(text: String) {
        #expect(Money.parse(text) == nil)
    }

    @Test("rates as fractions or percentages")
    func rates() throws {
        let percent = try #require(Money.parseRate("4.75%"))
        let fraction = try #require(Money.parseRate("0.0145"))
        #expect(percent == Money.parse("0.0475"))
        #expect(fraction == Money.parse("0.0145"))
        #expect(Money.parseRate("4.75 %") == nil)
        #expect(Money.parseRate("%") == nil)
    }

    @Test("rounding to the cent is half away from zero")
    func rounding() {
        #expect(Money.roundedToCent(Money.parse("1236.405")!) == Money.parse("1236.41"))
        #expect(Money.roundedToCent(Money.parse("2394.315")!) == Money.parse("2394.32"))
        #expect(Money.roundedToCent(Money.parse("10453.2")!) == Money.parse("10453.2"))
        #expect(Money.roundedToCent(Money.parse("0.004")!) == 0)
    }

    @Test("the canonical JSON keeps exact values (0.0145 never becomes 0.014500000000000002)")
    func canonicalJSON() throws {
        struct Value: Codable { var rate: Decimal; var base: Decimal }
        let data = try CanonicalJSON.encode(Value(rate: Money.parse("0.0145")!, base: Money.parse("17168.50")!))
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\"rate\" : 0.0145"))
        #expect(text.contains("\"base\" : 17168.5"))
        let back = try CanonicalJSON.decode(Value.self, from: data)
        #expect(back.rate == Money.parse("0.0145"))
    }
}
