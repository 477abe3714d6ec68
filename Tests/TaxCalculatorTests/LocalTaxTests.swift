import Foundation
import Testing
@testable import TaxCalculator
import TaxDataCore
import TaxDataTestSupport

/// Local income taxes (issue 36): each expected figure is worked by hand from the rate the data
/// cites (the arithmetic is in the comment), never produced by the calculator.
@Suite("Local income taxes")
struct LocalTaxTests {
    func local(_ year: Int, _ state: String, gross: String, lives: String?, works: String? = nil, status: FilingStatus = .single) throws -> PayResult {
        let data = try #require(compiledYears.first { $0.meta.taxYear == year })
        return try TaxCalculator(data: data).calculate(PayInput(grossAnnual: d(gross), status: status, state: state,
                                                                locality: lives, workLocality: works))
    }

    func lines(_ r: PayResult) -> [String: Decimal] {
        Dictionary(uniqueKeysWithValues: r.localTaxes.map { ($0.id, $0.amount) })
    }

    @Test("Maryland 2026: Montgomery County 3.2% of Maryland taxable income; the sum is in localIncomeTax, cityIncomeTax and the totals")
    func montgomery() throws {
        // 93,400 × 0.032 = 2,988.80.
        let r = try local(2026, "MD", gross: "100000", lives: "24031")
        let none = try local(2026, "MD", gross: "100000", lives: nil)
        #expect(r.stateTaxableIncome == d("93400"))
        #expect(lines(r) == ["md-24031": d("2988.80")])
        #expect(r.localIncomeTax == d("2988.80") && r.cityIncomeTax == r.localIncomeTax)
        #expect(r.totalTax == none.totalTax + d("2988.80") && r.netPay == none.netPay - d("2988.80"))
        #expect(none.localTaxes.isEmpty && none.cityIncomeTax == 0)
    }

    @Test("Frederick County 2026 taxes the whole income at its bracket's rate, the bracket's ceiling included (Form 502 instructions: 'not exceeding $25,000')")
    func frederick() throws {
        // 25,000 × 0.0225 = 562.50; 25,050 × 0.0275 = 688.875 → 688.88.
        let at = try local(2026, "MD", gross: "31600", lives: "24021")
        #expect(at.stateTaxableIncome == d("25000") && lines(at) == ["md-24021": d("562.50")])
        let over = try local(2026, "MD", gross: "31650", lives: "24021")
        #expect(over.stateTaxableIncome == d("25050") && lines(over) == ["md-24021": d("688.88")])
    }

    @Test("Anne Arundel County 2026 is marginal: 2.70% to 50,000, then 2.94%")
    func anneArundel() throws {
        // 50,000 × 0.027 + 43,400 × 0.0294 = 1,350 + 1,275.96 = 2,625.96.
        #expect(lines(try local(2026, "MD", gross: "100000", lives: "24003")) == ["md-24003": d("2625.96")])
    }

    @Test("Indiana 2024: Decatur County's rate changed on October 1, so the year is 9/12 at 2.5% and 3/12 at 2.45% (IC 6-3.6-8-1, 45 IAC 3.1-4-6)")
    func indianaBlend() throws {
        // 99,000 × 0.025 × 9/12 = 1,856.25; 99,000 × 0.0245 × 3/12 = 606.375 → 606.38; 2,462.63 (= 99,000 × 0.024875 to the cent).
        let r = try local(2024, "IN", gross: "100000", lives: "18031")
        #expect(r.stateTaxableIncome == d("99000"))
        #expect(lines(r) == ["in-18031": d("2462.63")])
    }

    @Test("Philadelphia 2026: the wage tax changes on July 1, half a year at each rate")
    func philadelphia() throws {
        // Residents: 100,000 × 0.0374 / 2 + 100,000 × 0.03735 / 2 = 1,870 + 1,867.50 = 3,737.50.
        #expect(lines(try local(2026, "PA", gross: "100000", lives: "4260000")) == ["pa-4260000": d("3737.50")])
        // A Bethlehem resident who works in Philadelphia: nonresident 3.43% / 3.425% = 1,715 + 1,712.50 = 3,427.50,
        // credited against Bethlehem's 1% EIT (Act 32), which falls to 0.
        let commuter = try local(2026, "PA", gross: "100000", lives: "4206088", works: "4260000")
        #expect(lines(commuter) == ["pa-4260000": d("3427.50"), "pa-4206088": 0])
        #expect(commuter.notes.contains { $0.contains("credit for the tax paid where you work") })
    }

    @Test("Pennsylvania (Act 32): a Reading resident working in Bethlehem pays the higher of the two rates in all")
    func pennsylvaniaHigherOf() throws {
        // Bethlehem nonresident 1% = 1,000; Reading 3.6% = 3,600 less the 1,000 credit = 2,600; 3,600 in all.
        let r = try local(2026, "PA", gross: "100000", lives: "4263624", works: "4206088")
        #expect(lines(r) == ["pa-4206088": d("1000"), "pa-4263624": d("2600")] && r.localIncomeTax == d("3600"))
    }

    @Test("Ohio 2026: a Cleveland resident working in Columbus pays Columbus 2.5%, and Cleveland credits it in full up to 2.5%")
    func ohioCredit() throws {
        let r = try local(2026, "OH", gross: "100000", lives: "3916000", works: "3918000")
        #expect(lines(r) == ["oh-3918000": d("2500"), "oh-3916000": 0])
        // Living and working in Cleveland: 2.5% = 2,500, no credit.
        #expect(lines(try local(2026, "OH", gross: "100000", lives: "3916000")) == ["oh-3916000": d("2500")])
    }

    @Test("flat amounts: Denver's $5.75 a month from $500 of wages in the month; Pittsburgh's $52 LST from $12,000")
    func flat() throws {
        // 6,000 / 12 = 500 a month: 12 × 5.75 = 69.00; 5,999.88 / 12 = 499.99: none.
        #expect(lines(try local(2026, "CO", gross: "6000", lives: "0820000"))["co-denver-opt"] == d("69"))
        #expect(lines(try local(2026, "CO", gross: "5999.88", lives: "0820000"))["co-denver-opt"] == 0)
        // 12,000 × 3% = 360 and the LST 52; 11,999 × 3% = 359.97 and no LST.
        #expect(lines(try local(2026, "PA", gross: "12000", lives: "4261000")) == ["pa-4261000": d("360"), "pa-4261000-lst": d("52")])
        #expect(lines(try local(2026, "PA", gross: "11999", lives: "4261000")) == ["pa-4261000": d("359.97"), "pa-4261000-lst": 0])
    }

    @Test("work-place taxes: a Louisville resident working in Lexington pays Lexington's occupational fee, and neither Louisville's nor either school tax")
    func workplace() throws {
        let r = try local(2026, "KY", gross: "100000", lives: "21111", works: "21067")
        // Lexington-Fayette 2.25% of 100,000 = 2,250; the FCPS tax is on Fayette residents, the JCPS tax on work in Jefferson County.
        #expect(lines(r).filter { $0.value > 0 } == ["ky-lfucg-occupational-license-fee": d("2250")], "\(r.localTaxes)")
        let home = try local(2026, "KY", gross: "100000", lives: "21111")
        #expect(home.localTaxes.count == 2 && home.localIncomeTax == d("1450") + d("750"), "\(home.localTaxes)")
    }

    @Test("a share of the state tax: Yonkers' resident surcharge is 16.75% of the New York tax")
    func yonkers() throws {
        let r = try local(2026, "NY", gross: "100000", lives: "3684000")
        #expect(lines(r)["ny-yonkers-surcharge"] == Money.roundedToCent(r.stateIncomeTax * d("0.1675")))
        #expect(r.stateIncomeTax > 0)
    }

    @Test("New York City as a locality is the nycTax step: the same figures as newYorkCity")
    func newYorkCity() throws {
        let data = try #require(compiledYears.first { $0.meta.taxYear == 2026 })
        let byFlag = try TaxCalculator(data: data).calculate(PayInput(grossAnnual: d("100000"), status: .single, state: "NY", newYorkCity: true))
        let byLocality = try local(2026, "NY", gross: "100000", lives: "3651000")
        #expect(byFlag.localTaxes == byLocality.localTaxes && byFlag.localTaxes.map(\.id) == ["ny-nyc"])
        #expect(byFlag.totalTax == byLocality.totalTax && byFlag.cityIncomeTax > 0 && byFlag.marginalRate == byLocality.marginalRate)
    }

    @Test("refused: an unknown id, a locality of another state (saying which), a locality without a state")
    func refused() throws {
        let data = try #require(compiledYears.first { $0.meta.taxYear == 2026 })
        let calculator = TaxCalculator(data: data)
        func error(_ input: PayInput) -> CalculationError? {
            do { _ = try calculator.calculate(input); return nil } catch { return error as? CalculationError }
        }
        let unknown = error(PayInput(grossAnnual: 1, status: .single, state: "MD", locality: "99999"))
        #expect(unknown?.code == .unknownLocality && unknown?.message.contains("taxdata localities --state MD") == true)
        let elsewhere = error(PayInput(grossAnnual: 1, status: .single, state: "VA", locality: "24031"))
        #expect(elsewhere?.code == .localityNotInState && elsewhere?.message.contains("is in MD, not in VA") == true)
        let work = error(PayInput(grossAnnual: 1, status: .single, state: "MD", locality: "24031", workLocality: "4260000"))
        #expect(work?.code == .localityNotInState && work?.message.contains("is in PA") == true)
        #expect(error(PayInput(grossAnnual: 1, status: .single, locality: "24031"))?.code == .localityNotInState)
        // The fixed-point calculator refuses the same inputs with the same codes.
        let fixed = try FixedPointCalculator(data: data)
        func fixedError(_ input: PayInput) -> CalculationError? {
            do { _ = try fixed.calculate(FixedPointCalculator.Input(input, calculator: fixed)); return nil } catch { return error as? CalculationError }
        }
        #expect(fixedError(PayInput(grossAnnual: 1, status: .single, state: "MD", locality: "99999"))?.code == .unknownLocality)
        #expect(fixedError(PayInput(grossAnnual: 1, status: .single, state: "VA", locality: "24031"))?.code == .localityNotInState)
        let both = PayInput(grossAnnual: 1, status: .single, state: "NY", newYorkCity: true, locality: "3684000")
        #expect(error(both)?.code == .inconsistentInput && fixedError(both)?.code == .inconsistentInput)
    }

    @Test("several places of residence: an Ohio city and its school district each charge their own tax, as each does alone")
    func severalResidences() throws {
        let data = try #require(compiledYears.first { $0.meta.taxYear == 2026 })
        let calculator = TaxCalculator(data: data)
        func pay(_ lives: [String]) throws -> PayResult {
            try calculator.calculate(PayInput(grossAnnual: d("80000"), status: .single, state: "OH", localities: lives))
        }
        // Lancaster 2.3% of Medicare wages: 80,000 × 0.023 = 1,840; Lancaster CSD 1.5% of Ohio
        // taxable wages (earned-income base): 80,000 × 0.015 = 1,200.
        let both = try pay(["3941720", "OH-SD-2305"])
        #expect(lines(both) == ["oh-3941720": d("1840"), "oh-sd-2305": d("1200")])
        #expect(both.localTaxes.map(\.id) == ["oh-3941720", "oh-sd-2305"])
        let city = try pay(["3941720"]), district = try pay(["OH-SD-2305"]), none = try pay([])
        #expect(both.totalTax == none.totalTax + d("3040") && both.localIncomeTax == city.localIncomeTax + district.localIncomeTax)
        #expect(both.marginalRate == none.marginalRate + d("0.038"))
        #expect(both.input.locality == "3941720" && PayInput(grossAnnual: 1, status: .single, locality: "1", localities: ["2"]).localities == ["1", "2"])
        // The fixed-point calculator: the same sum, to the cent.
        let fixed = try FixedPointCalculator(data: data)
        let cents = try fixed.calculate(FixedPointCalculator.Input(both.input, calculator: fixed))
        let noneCents = try fixed.calculate(FixedPointCalculator.Input(none.input, calculator: fixed))
        #expect(cents.cityIncomeTaxCents == 304_000 && cents.marginalRateMillionths == 38_000 + noneCents.marginalRateMillionths)
    }

    @Test("a work place's tax is credited once: a second place of residence with a credit takes what the first left")
    func creditedOnce() throws {
        var data = try #require(compiledYears.first { $0.meta.taxYear == 2026 })
        // A made-up school district with a full credit up to 2%, beside Cleveland (100% up to 2.5%).
        let district = Locality(id: "OH-SD-9999", name: "Test district", kind: "school-district", taxes: [
            LocalIncomeTax(id: "oh-sd-9999", name: "Test district income tax", resident: LocalTaxPart(base: "wages", wages: "fica", rate: d("0.02")),
                           residentCredit: .init(share: 1, rateLimit: d("0.02")))], provenance: .official)
        data.states["OH"]!.localities!.append(district)
        let input = PayInput(grossAnnual: d("100000"), status: .single, state: "OH", localities: ["3916000", "OH-SD-9999"], workLocality: "3918000")
        // Columbus 2.5% where they work: 2,500. Cleveland 2,500 less a 2,500 credit: 0. The district's
        // 2,000 less what is left of the work place's tax (2,500 − 2,500 = 0): 2,000.
        let r = try TaxCalculator(data: data).calculate(input)
        #expect(lines(r) == ["oh-3918000": d("2500"), "oh-3916000": 0, "oh-sd-9999": d("2000")])
        // In the other order the district takes its 2,000 first and Cleveland is credited the 500 left.
        var reversed = input
        reversed.localities = ["OH-SD-9999", "3916000"]
        #expect(lines(try TaxCalculator(data: data).calculate(reversed)) == ["oh-3918000": d("2500"), "oh-3916000": d("2000"), "oh-sd-9999": 0])
        let fixed = try FixedPointCalculator(data: data)
        for case_ in [input, reversed] {
            #expect(try fixed.calculate(FixedPointCalculator.Input(case_, calculator: fixed)).cityIncomeTaxCents == 450_000)
        }
    }

    @Test("refused in both calculators: a locality twice, two of one kind, more than three; the message names them")
    func residenceConflicts() throws {
        let data = try #require(compiledYears.first { $0.meta.taxYear == 2026 })
        let calculator = TaxCalculator(data: data), fixed = try FixedPointCalculator(data: data)
        func errors(_ lives: [String]) -> (CalculationError?, CalculationError?) {
            let input = PayInput(grossAnnual: 1, status: .single, state: "OH", localities: lives)
            var reference: CalculationError?, cents: CalculationError?
            do { _ = try calculator.calculate(input) } catch { reference = error as? CalculationError }
            do { _ = try fixed.calculate(FixedPointCalculator.Input(input, calculator: fixed)) } catch { cents = error as? CalculationError }
            return (reference, cents)
        }
        let twice = errors(["3916000", "3916000"])
        #expect(twice.0?.code == .localitiesConflict && twice.1?.code == .localitiesConflict)
        #expect(twice.0?.message.contains("3916000 is given twice") == true && twice.1?.message.contains("3916000 is given twice") == true)
        let cities = errors(["3916000", "3918000"])
        #expect(cities.0?.code == .localitiesConflict && cities.1?.code == .localitiesConflict)
        #expect(cities.0?.message.contains("are both a city") == true, "\(String(describing: cities.0))")
        let four = errors(["3916000", "OH-SD-2305", "OH-SD-5010", "3918000"])
        #expect(four.0?.code == .localitiesConflict && four.1?.code == .localitiesConflict)
        let cleveland = try fixed.locality("3916000", state: fixed.state("OH"))
        #expect(throws: CalculationError.self) { try FixedPointCalculator.Localities(Array(repeating: cleveland, count: 4)) }
    }

    @Test("the share of a year an entry is in force: whole months in twelfths, other spans in days")
    func shares() {
        func range(_ from: String, _ to: String) -> PayrollContribution.DateRange { .init(from: from, to: to) }
        #expect(LocalTaxes.share(of: nil, in: 2026) == 1)
        #expect(LocalTaxes.share(of: range("2024-10-01", "2024-12-31"), in: 2024) == d("0.25"))
        #expect(LocalTaxes.share(of: range("2026-01-01", "2026-06-30"), in: 2026) == d("0.5"))
        #expect(LocalTaxes.share(of: range("2024-02-01", "2024-02-29"), in: 2024) == Decimal(1) / 12)
        #expect(LocalTaxes.share(of: range("2026-01-15", "2026-01-24"), in: 2026) == Decimal(10) / 365)
    }
}
