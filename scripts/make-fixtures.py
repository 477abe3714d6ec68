#!/usr/bin/env python3
"""Regenerates Fixtures/check/<rule>/: one broken source tree per rule, as an overlay on _base.

Each fixture holds only what differs from Fixtures/check/_base: the files it edits or adds, a
`removed.txt` listing the files of _base it deletes (one path per line), and expected.txt
listing the diagnostics it must produce as `severity rule-id file:line`. The tests lay the
overlay over _base (TaxDataTestSupport's `CheckFixture`). The expected line is found by
searching the edited text for a marker, never by running taxdata, so the fixtures check the
tool independently. Run it (`make fixtures`) after changing _base; review the diff.
"""
import os, shutil, sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Fixtures", "check")
BASE = os.path.join(ROOT, "_base")

def base_text(file):
    """The text of a file of _base, for fixtures that add a year built from it."""
    with open(os.path.join(BASE, file)) as f:
        return f.read()



SCHEMA_113 = ("2024/year.yaml", 'schemaVersion: "1.2"', 'schemaVersion: "1.13"')
LOCALITY_ITEM = """  - id: {id}  # second
    name: A city
    kind: {kind}
    provenance: official
    sources: [ {{ title: Fixture, url: https://example.org/city, kind: official }} ]
    taxes:
      - {{ id: ca-tax, name: City tax, resident: {part} }}
"""
LOCALITY = "taxYear: 2024\nlocalities:\n" + LOCALITY_ITEM.replace("  # second", "")

# name: (edits, expectations)
#   edits: list of (file, old, new)   (new=None deletes the file; old=None creates it with new)
#   expectations: list of (severity, rule, file, marker): line = first line of file containing marker
FIXTURES = {
    "brackets.empty": ([("2024/federal.yaml", "  head_of_household:\n    - { floor: 0, ceiling: 16550, rate: 0.10 }\n    - { floor: 16550, ceiling: null, rate: 0.12 }\n", "  head_of_household: []\n")],
                       [("error", "brackets.empty", "2024/federal.yaml", "head_of_household: []")]),
    "brackets.first-floor": ([("2024/federal.yaml", "- { floor: 0, ceiling: 16550,", "- { floor: 100, ceiling: 16550,")],
                             [("error", "brackets.first-floor", "2024/federal.yaml", "floor: 100,")]),
    "brackets.contiguous": ([("2024/federal.yaml", "- { floor: 11600, ceiling: 47150, rate: 0.12, baseTax: 1160 }", "- { floor: 11600, ceiling: 47100, rate: 0.12, baseTax: 1160 }")],
                            # One finding for one typo: base taxes are not checked while the shape is wrong.
                            [("error", "brackets.contiguous", "2024/federal.yaml", "ceiling: 47100")]),
    "brackets.floors-rise": ([("2024/states/CA.yaml", "    - { floor: 0, ceiling: 21512, rate: 0.01 }\n    - { floor: 21512, ceiling: null, rate: 0.02 }",
                               "    - { floor: 0, ceiling: 0, rate: 0.01 }\n    - { floor: 0, ceiling: null, rate: 0.02 }")],
                             [("error", "brackets.floors-rise", "2024/states/CA.yaml", "{ floor: 0, ceiling: 0,"),
                              ("error", "brackets.floors-rise", "2024/states/CA.yaml", "{ floor: 0, ceiling: null, rate: 0.02")]),
    "brackets.open-ceiling": ([("2024/federal.yaml", "- { floor: 0, ceiling: 23200, rate: 0.10 }", "- { floor: 0, ceiling: null, rate: 0.10 }")],
                              [("error", "brackets.open-ceiling", "2024/federal.yaml", "{ floor: 0, ceiling: null, rate: 0.10 }")]),
    "brackets.rate-range": ([("2024/federal.yaml", "- { floor: 23200, ceiling: null, rate: 0.12 }", "- { floor: 23200, ceiling: null, rate: 12 }")],
                            [("error", "brackets.rate-range", "2024/federal.yaml", "rate: 12 }")]),
    "brackets.rate-decrease": ([("2024/federal.yaml", "- { floor: 16550, ceiling: null, rate: 0.12 }", "- { floor: 16550, ceiling: null, rate: 0.08 }")],
                               [("warning", "brackets.rate-decrease", "2024/federal.yaml", "rate: 0.08")]),
    "brackets.base-tax": ([("2024/federal.yaml", "baseTax: 5426 }", "baseTax: 5462 }")],
                          [("error", "brackets.base-tax", "2024/federal.yaml", "baseTax: 5462")]),
    "statuses.required": ([("2024/federal.yaml", "  head_of_household: 21900\n", "")],
                          [("error", "statuses.required", "2024/federal.yaml", "  single: 14600")]),
    "fica.max-tax": ([("2024/fica.yaml", "maxTax: 10453.20", "maxTax: 10453.00")],
                     [("error", "fica.max-tax", "2024/fica.yaml", "maxTax: 10453.00")]),
    "sdi.max-tax": ([("2024/states/CA.yaml", "sdi: { rate: 0.011, wageBase: null }", "sdi: { rate: 0.011, wageBase: 153164, maxTax: 1684.00 }")],
                    [("error", "sdi.max-tax", "2024/states/CA.yaml", "maxTax: 1684.00")]),
    "amount.negative": ([("2024/federal.yaml", "  married_filing_jointly: 29200\n", "  married_filing_jointly: -29200\n")],
                        [("error", "amount.negative", "2024/federal.yaml", "-29200"),
                         ("warning", "sanity.separate-half-joint", "2024/federal.yaml", "married_filing_separately: 14600")]),
    "rate.range": ([("2024/fica.yaml", "  rate: 0.062", "  rate: 6.2")],
                   [("error", "rate.range", "2024/fica.yaml", "rate: 6.2"), ("error", "fica.max-tax", "2024/fica.yaml", "maxTax:")]),
    "state.shape": ([("2024/states/TX.yaml", "type: no_tax", "type: flat")],
                    [("error", "state.shape", "2024/states/TX.yaml", "type: flat")]),
    "retirement.phaseout-range": ([("2024/retirement.yaml", "{ start: 230000, end: 240000 }", "{ start: 240000, end: 230000 }")],
                                  [("error", "retirement.phaseout-range", "2024/retirement.yaml", "end: 230000")]),
    "coverage.jurisdictions": ([("2024/year.yaml", "status: draft", "status: published")],
                               [("error", "coverage.jurisdictions", "2024/year.yaml", "status: published")]),
    "year.dates": ([("2024/year.yaml", "expirationDate: 2024-12-31", "expirationDate: 2023-12-31")],
                   [("error", "year.dates", "2024/year.yaml", "expirationDate")]),
    "data.incomplete": ([("2024/states/CA.yaml", "type: progressive", "type: progressive\nmissing: [standardDeduction, taxes]")],
                        [("warning", "data.incomplete", "2024/states/CA.yaml", "missing: ["),
                         ("error", "data.incomplete", "2024/states/CA.yaml", "missing: [")]),
    "sanity.separate-half-joint": ([("2024/federal.yaml", "  married_filing_separately: 14600", "  married_filing_separately: 29200")],
                                   [("warning", "sanity.separate-half-joint", "2024/federal.yaml", "married_filing_separately: 29200")]),
    "data.provisional": ([("2024/federal.yaml", "  single: 14600", '  single: { value: 14600, provisional: "2023 13850 x 1.054, rounded down to 50" }')],
                         [("warning", "data.provisional", "2024/federal.yaml", "provisional:")]),
    "sources.missing": ([("2024/states/TX.yaml", "sources:\n  - title: \"Fixture: Texas Comptroller\"\n    url: https://comptroller.texas.gov/taxes/\n    kind: official\n", "")],
                        [("error", "sources.missing", "2024/states/TX.yaml", "taxYear")]),
    "schema.unsupported": ([("2024/year.yaml", 'schemaVersion: "1.2"', 'schemaVersion: "2.0"')],
                           [("error", "schema.unsupported", "2024/year.yaml", "schemaVersion")]),
    "yaml.syntax": ([("2024/fica.yaml", "  wageBase: 168600", "  wageBase: [168600")],
                    [("error", "yaml.syntax", "2024/fica.yaml", "maxTax")]),
    "yaml.duplicate-key": ([("2024/fica.yaml", "  maxTax: 10453.20\n", "  maxTax: 10453.20\n  wageBase: 168601\n")],
                           [("error", "yaml.duplicate-key", "2024/fica.yaml", "wageBase: 168601")]),
    "yaml.unknown-key": ([("2024/federal.yaml", "standardDeduction:", "standardDeductions:")],
                         [("error", "yaml.unknown-key", "2024/federal.yaml", "standardDeductions:")]),
    "yaml.missing-key": ([("2024/federal.yaml", "- { floor: 23200, ceiling: null, rate: 0.12 }", "- { floor: 23200, ceiling: null }")],
                         [("error", "yaml.missing-key", "2024/federal.yaml", "{ floor: 23200, ceiling: null }")]),
    "yaml.type": ([("2024/federal.yaml", "  single: 14600", '  single: "14600"')],
                  [("error", "yaml.type", "2024/federal.yaml", '"14600"')]),
    "yaml.number": ([("2024/retirement.yaml", "hsa: { individual: 4150, family: 8300,", "hsa: { individual: 1e3, family: 12abc,"),
                     ("2024/fica.yaml", "  wageBase: 168600", "  wageBase: 1,5")],
                    [("error", "yaml.number", "2024/retirement.yaml", "individual: 1e3"),
                     ("error", "yaml.number", "2024/retirement.yaml", "family: 12abc"),
                     ("error", "yaml.number", "2024/fica.yaml", "wageBase: 1,5")]),
    "provenance.grade": ([("2024/states/TX.yaml", "provenance: official", "provenance: corroborated"),
                          ("2024/fica.yaml", "    kind: official\n", "")],
                         [("error", "provenance.grade", "2024/states/TX.yaml", "provenance: corroborated"),
                          ("error", "provenance.grade", "2024/fica.yaml", "- title:"),
                          ("error", "provenance.grade", "2024/fica.yaml", "provenance: official")]),
    "data.estimated": ([("2024/states/CA.yaml", "provenance: official", "provenance: estimated"),
                        ("2024/states/TX.yaml", "provenance: official", "provenance: estimated\npending: \"Fixture: the Comptroller's 2024 publication\"")],
                       [("warning", "data.estimated", "2024/states/CA.yaml", "provenance: estimated")]),
    "reviewed.unused": ([("2024/federal.yaml", "standardDeduction:", "reviewed:\n  - { rule: sanity.separate-half-joint, path: standardDeduction.single, reason: \"fixture: nothing to review\" }\nstandardDeduction:")],
                        [("warning", "reviewed.unused", "2024/federal.yaml", "- { rule: sanity.separate-half-joint")]),
    "state.phase-out": ([("2024/states/CA.yaml", "type: progressive", "type: progressive\nphaseOuts:\n  - { part: personalExemption, method: linear, start: { single: 1, married_filing_jointly: 1, married_filing_separately: 1, head_of_household: 1, qualifying_widower: 1 } }")],
                        [("error", "state.phase-out", "2024/states/CA.yaml", "- { part: personalExemption"),
                         ("error", "state.phase-out", "2024/states/CA.yaml", "- { part: personalExemption")]),
    "state.percent-deduction": ([("2024/states/CA.yaml", "type: progressive", "type: progressive\nstandardDeductionPercent: { rate: 0.15, minimum: { single: 1800, married_filing_jointly: 1800, married_filing_separately: 1800, head_of_household: 1800, qualifying_widower: 1800 }, maximum: { single: 2000, married_filing_jointly: 2000, married_filing_separately: 2000, head_of_household: 2000, qualifying_widower: 2000 } }")],
                                [("error", "state.percent-deduction", "2024/states/CA.yaml", "standardDeductionPercent:"),
                                 ("error", "state.percent-deduction", "2024/states/CA.yaml", "standardDeductionPercent:")]),
    "state.tax-add-back": ([("2024/states/CA.yaml", "type: progressive", "type: progressive\ntaxAddBacks:\n  - { label: recapture, start: { single: 1000, married_filing_jointly: 1000, married_filing_separately: 1000, head_of_household: 1000, qualifying_widower: 1000 }, rate: 2, maximum: { single: 100, married_filing_jointly: 100, married_filing_separately: 100, head_of_household: 100, qualifying_widower: 100 } }")],
                           [("error", "state.tax-add-back", "2024/states/CA.yaml", "- { label: recapture"),
                            ("error", "state.tax-add-back", "2024/states/CA.yaml", "- { label: recapture")]),
    "state.tax-credit": ([("2024/states/CA.yaml", "type: progressive", "type: progressive\ntaxCredit: { label: personal credit, table: { single: [ { over: 100, share: 0.5 } ] } }")],
                         [("error", "state.tax-credit", "2024/states/CA.yaml", "taxCredit:"),
                          ("error", "state.tax-credit", "2024/states/CA.yaml", "taxCredit:"),
                          ("error", "state.tax-credit", "2024/states/CA.yaml", "taxCredit:")]),
    "state.paid-tax-deduction": ([("2024/states/CA.yaml", "type: progressive", "type: progressive\nficaDeduction: { cap: { single: 2000 } }\nfederalTaxDeduction: { lessRefundable: [ earned_income_credit, earned_income_credit ] }")],
                                 [("error", "state.paid-tax-deduction", "2024/states/CA.yaml", "ficaDeduction:"),
                                  ("error", "state.paid-tax-deduction", "2024/states/CA.yaml", "lessRefundable:"),
                                  ("error", "state.paid-tax-deduction", "2024/states/CA.yaml", "lessRefundable:")]),
    "state.extra-tax": ([("2024/states/TX.yaml", "type: no_tax", "type: no_tax\nextraTax: 10")],
                        [("error", "state.extra-tax", "2024/states/TX.yaml", "extraTax: 10")]),
    "state.income-base": ([("2024/states/CA.yaml", "type: progressive", "type: progressive\nincomeBase: federal_taxable_income")],
                          [("error", "state.income-base", "2024/states/CA.yaml", "incomeBase:")]),
    "federal.earned-income-credit": ([("2024/federal.yaml", "standardDeduction:", "earnedIncomeCredit:\n  - children: 0\n    phaseInRate: 0.0765\n    earnedAmount: 8260\n    maximum: 6320\n    phaseOutRate: 0.0765\n    phaseOutStart: { single: 10330, married_filing_jointly: 17250, married_filing_separately: 10330, head_of_household: 10330, qualifying_widower: 10330 }\nstandardDeduction:")],
                                     [("error", "federal.earned-income-credit", "2024/federal.yaml", "- children: 0"),
                                      ("error", "federal.earned-income-credit", "2024/federal.yaml", "- children: 0"),
                                      ("error", "federal.earned-income-credit", "2024/federal.yaml", "maximum: 6320")]),
    "withholding.schedule": ([("2024/federal.yaml", "standardDeduction:", """withholding:
  standard:
    married_filing_jointly:
      - { atLeast: 0, lessThan: 19300, tentative: 0, rate: 0 }
      - { atLeast: 19300, lessThan: 44000, tentative: 0, rate: 0.10 }
      - { atLeast: 44100, tentative: 2480, rate: 0.12 }
    single:
      - { atLeast: 0, lessThan: 7500, tentative: 0, rate: 0 }
      - { atLeast: 7500, tentative: 0, rate: 1.5 }
    head_of_household:
      - { atLeast: 0, tentative: 0, rate: 0 }
  checkbox:
    single:  # checkbox
      - { atLeast: 0, lessThan: 8050, tentative: 0, rate: 0 }
      - { atLeast: 8050, lessThan: 14250, tentative: 0, rate: 0.10 }
      - { atLeast: 14250, tentative: 720, rate: 0.12 }
    married_filing_jointly:
      - { atLeast: 0, tentative: 0, rate: 0 }
    head_of_household:
      - { atLeast: 0, tentative: 0, rate: 0 }
  standardAllowance: { married_filing_jointly: 12900, single: 8600, head_of_household: 8600 }
  allowance: 4300
  supplemental: { rate: 0.22, mandatoryRate: 0.37, mandatoryThreshold: 1000000 }
standardDeduction:""")],
                             # A year before schema 1.14; rows that do not meet; a rate outside [0, 1); a tentative
                             # amount that does not follow from the row before. (A missing column is yaml.missing-key.)
                             [("error", "withholding.schedule", "2024/federal.yaml", "  standard:"),
                              ("error", "withholding.schedule", "2024/federal.yaml", "lessThan: 44000"),
                              ("error", "withholding.schedule", "2024/federal.yaml", "rate: 1.5"),
                              ("error", "withholding.schedule", "2024/federal.yaml", "tentative: 720")]),
    "state.withholding": ([("2024/states/CA.yaml", "type: progressive", "type: progressive\nwithholding:\n  certificate: [allowances, colour, filingStatus]\n  rate: 0.05\n  additionalAllowance: 1000\n  electedRates: [0.02, 0.02]\n  federalFilingStatus: true\n  allowanceWageLimit: 100000\n  personalAllowance:\n    count: { single: 3, married_filing_jointly: 0, married_filing_separately: 1, head_of_household: 1, qualifying_widower: 1 }\n    amount: { single: 1000, married_filing_jointly: 1000, married_filing_separately: 1000, head_of_household: 1000, qualifying_widower: 1000 }\n  perPeriod: { floors: nickel, rows: under, bases: sums, deductions: { fortnightly: { allowance: 40 } } }\n  localBase: payroll\n  flatRateAbove:\n    threshold: { single: 0, married_filing_jointly: 1, married_filing_separately: 1, head_of_household: 1, qualifying_widower: 1 }\n    tiers: [ { atLeast: 100, rate: 0.1 } ]\n  exemptionAmountDefault: { single: 5000 }\n  standardDeductionShare: { rate: 0, max: 7500, minAllowances: 11 }\n  creditPhaseOut: { amount: { single: 10 }, start: { single: 100 }, rate: 0 }\n  wageFloor: { single: 1000 }\n  byAllowances: { married: { atLeast: 0, counting: everything } }\n  federalWithholdingDeduction: true\n  maxAllowances: 100\n  additionalAllowanceByWages: [ { through: null, amount: 1 }, { through: 5, amount: 2 } ]\n  midYear:\n    - from: 2025-03-01\n      appliesBy: checkDate\n      certificate: [extraWithholding]\n      rate: 0.04\n      creditPerAllowance: 10\n      provenance: official\n      sources: [ { title: Fixture, url: https://example.org/withholding, kind: official } ]\n  provenance: official\n  sources: [ { title: Fixture, url: https://example.org/withholding, kind: official } ]")],
                          # A year before schema 1.14 (at the mapping), an unknown certificate field, an amount
                          # without the certificate field it needs, a default rate that cannot be elected, elected
                          # rates without the certificate's field, and listed twice; the federal W-4's status with a
                          # state certificate's own; a wage limit without an allowance, and on a per-period method;
                          # a personal allowance of 0 allowances, and one whose share is not whole cents; floors
                          # rounded to a step that is not one, rows read neither 'over' nor 'atLeast', bases neither
                          # 'share' nor 'runningSum', printed
                          # deductions with an additional allowance and for a frequency that is not one; a flat
                          # rate above a threshold of 0, with tiers that do not start at 0; a local base that is
                          # not one; a default exemption for only one status and without the certificate's
                          # field; a deduction share of rate 0, needing 11 allowances, on a per-period method; a
                          # phased credit for one status, of rate 0, with a flat rate above a threshold; a wage
                          # floor for one status on a per-period method; a column for a status that is not one,
                          # from 0 allowances, counting what is not a count, changing nothing; at most 100
                          # allowances; the federal
                          # withholding off a per-period method's wages; wage tiers without the certificate's
                          # field, beside additionalAllowance, on a per-period method, open first and closed
                          # last; a
                          # later method (midYear) from a day outside the year, going by a date that is
                          # not one, with a credit per allowance and no allowances on its certificate.
                          [("error", "state.withholding", "2024/states/CA.yaml", "certificate: [allowances, colour, filingStatus]"),
                           ("error", "state.withholding", "2024/states/CA.yaml", "certificate: [allowances, colour, filingStatus]"),
                           ("error", "state.withholding", "2024/states/CA.yaml", "rate: 0.05"),
                           ("error", "state.withholding", "2024/states/CA.yaml", "additionalAllowance: 1000"),
                           ("error", "state.withholding", "2024/states/CA.yaml", "electedRates: [0.02, 0.02]"),
                           ("error", "state.withholding", "2024/states/CA.yaml", "electedRates: [0.02, 0.02]"),
                           ("error", "state.withholding", "2024/states/CA.yaml", "federalFilingStatus: true"),
                           ("error", "state.withholding", "2024/states/CA.yaml", "allowanceWageLimit: 100000"),
                           ("error", "state.withholding", "2024/states/CA.yaml", "allowanceWageLimit: 100000"),
                           ("error", "state.withholding", "2024/states/CA.yaml", "count: { single: 3"),
                           ("error", "state.withholding", "2024/states/CA.yaml", "amount: { single: 1000"),
                           ("error", "state.withholding", "2024/states/CA.yaml", "perPeriod: { floors: nickel"),
                           ("error", "state.withholding", "2024/states/CA.yaml", "perPeriod: { floors: nickel"),
                           ("error", "state.withholding", "2024/states/CA.yaml", "perPeriod: { floors: nickel"),
                           ("error", "state.withholding", "2024/states/CA.yaml", "perPeriod: { floors: nickel"),
                           ("error", "state.withholding", "2024/states/CA.yaml", "perPeriod: { floors: nickel"),
                           ("error", "state.withholding", "2024/states/CA.yaml", "perPeriod: { floors: nickel"),
                           ("error", "state.withholding", "2024/states/CA.yaml", "localBase: payroll"),
                           ("error", "state.withholding", "2024/states/CA.yaml", "threshold: { single: 0"),
                           ("error", "state.withholding", "2024/states/CA.yaml", "tiers: [ { atLeast: 100"),
                           ("error", "state.withholding", "2024/states/CA.yaml", "exemptionAmountDefault: { single: 5000 }"),
                           ("error", "state.withholding", "2024/states/CA.yaml", "exemptionAmountDefault: { single: 5000 }"),
                           ("error", "state.withholding", "2024/states/CA.yaml", "standardDeductionShare: { rate: 0"),
                           ("error", "state.withholding", "2024/states/CA.yaml", "standardDeductionShare: { rate: 0"),
                           ("error", "state.withholding", "2024/states/CA.yaml", "standardDeductionShare: { rate: 0"),
                           ("error", "state.withholding", "2024/states/CA.yaml", "creditPhaseOut: { amount"),
                           ("error", "state.withholding", "2024/states/CA.yaml", "creditPhaseOut: { amount"),
                           ("error", "state.withholding", "2024/states/CA.yaml", "creditPhaseOut: { amount"),
                           ("error", "state.withholding", "2024/states/CA.yaml", "creditPhaseOut: { amount"),
                           ("error", "state.withholding", "2024/states/CA.yaml", "wageFloor: { single: 1000 }"),
                           ("error", "state.withholding", "2024/states/CA.yaml", "wageFloor: { single: 1000 }"),
                           ("error", "state.withholding", "2024/states/CA.yaml", "byAllowances: { married"),
                           ("error", "state.withholding", "2024/states/CA.yaml", "byAllowances: { married"),
                           ("error", "state.withholding", "2024/states/CA.yaml", "byAllowances: { married"),
                           ("error", "state.withholding", "2024/states/CA.yaml", "byAllowances: { married"),
                           ("error", "state.withholding", "2024/states/CA.yaml", "byAllowances: { married"),
                           ("error", "state.withholding", "2024/states/CA.yaml", "byAllowances: { married"),
                           ("error", "state.withholding", "2024/states/CA.yaml", "federalWithholdingDeduction: true"),
                           ("error", "state.withholding", "2024/states/CA.yaml", "maxAllowances: 100"),
                           ("error", "state.withholding", "2024/states/CA.yaml", "additionalAllowanceByWages: ["),
                           ("error", "state.withholding", "2024/states/CA.yaml", "additionalAllowanceByWages: ["),
                           ("error", "state.withholding", "2024/states/CA.yaml", "additionalAllowanceByWages: ["),
                           ("error", "state.withholding", "2024/states/CA.yaml", "additionalAllowanceByWages: ["),
                           ("error", "state.withholding", "2024/states/CA.yaml", "additionalAllowanceByWages: ["),
                           ("error", "state.withholding", "2024/states/CA.yaml", "from: 2025-03-01"),
                           ("error", "state.withholding", "2024/states/CA.yaml", "appliesBy: checkDate"),
                           ("error", "state.withholding", "2024/states/CA.yaml", "creditPerAllowance: 10")]),
    # Printed per-period tables (perPeriod.tables): with a derived-base reading, for a frequency that is not one,
    # and a row whose rate is not the yearly one's, whose base is more than a dollar from the yearly base's share.
    "state.withholding-tables": ([("2024/states/CA.yaml", "type: progressive", "type: progressive\nwithholding:\n  certificate: [filingStatus]\n  brackets:\n    single: [ { floor: 0, ceiling: 10000, rate: 0.02 }, { floor: 10000, ceiling: null, rate: 0.05 } ]\n    married_filing_jointly: { sameAs: single }\n    married_filing_separately: { sameAs: single }\n    head_of_household: { sameAs: single }\n    qualifying_widower: { sameAs: single }\n  perPeriod:\n    floors: dollar\n    bases: runningSum\n    tables:\n      fortnightly: { single: [ { floor: 0, ceiling: null, rate: 0.02 } ], married_filing_jointly: { sameAs: single }, married_filing_separately: { sameAs: single }, head_of_household: { sameAs: single }, qualifying_widower: { sameAs: single } }\n      weekly:\n        single:\n          - { floor: 0, ceiling: 192, rate: 0.02 }\n          - { floor: 192, ceiling: null, rate: 0.04, baseTax: 9 }\n        married_filing_jointly: { sameAs: single }\n        married_filing_separately: { sameAs: single }\n        head_of_household: { sameAs: single }\n        qualifying_widower: { sameAs: single }\n  provenance: official\n  sources: [ { title: Fixture, url: https://example.org/withholding, kind: official } ]")],
                                 [("error", "state.withholding", "2024/states/CA.yaml", "certificate: [filingStatus]"),
                                  ("error", "state.withholding", "2024/states/CA.yaml", "bases: runningSum"),
                                  ("error", "state.withholding", "2024/states/CA.yaml", "fortnightly:"),
                                  ("error", "state.withholding", "2024/states/CA.yaml", "rate: 0.04, baseTax: 9"),
                                  ("error", "state.withholding", "2024/states/CA.yaml", "rate: 0.04, baseTax: 9")]),
    # Rate tables the certificate chooses (rateTables): a name that is not one, a status table with a status
    # missing and a table that is not one; printed per-period tables without a rate table and with one that is not one.
    "state.withholding-rate-tables": ([("2024/states/CA.yaml", "type: progressive", "type: progressive\nwithholding:\n  certificate: [filingStatus, rateTable]\n  rateTables:\n    A: [ { floor: 0, ceiling: 10000, rate: 0.02 }, { floor: 10000, ceiling: null, rate: 0.05 } ]\n    B-1: [ { floor: 0, ceiling: null, rate: 0.03 } ]\n  statusRateTable: { single: A, married_filing_jointly: Z }\n  perPeriod:\n    floors: dollar\n    rateTables:\n      weekly:\n        A: [ { floor: 0, ceiling: 192, rate: 0.02 }, { floor: 192, ceiling: null, rate: 0.05, baseTax: 3.85 } ]\n        C: [ { floor: 0, ceiling: null, rate: 0.03 } ]\n  provenance: official\n  sources: [ { title: Fixture, url: https://example.org/withholding, kind: official } ]")],
                                      [("error", "state.withholding", "2024/states/CA.yaml", "certificate: [filingStatus, rateTable]"),
                                       ("error", "state.withholding", "2024/states/CA.yaml", "B-1: ["),
                                       ("error", "state.withholding", "2024/states/CA.yaml", "statusRateTable:"),
                                       ("error", "state.withholding", "2024/states/CA.yaml", "statusRateTable:"),
                                       ("error", "state.withholding", "2024/states/CA.yaml", "A: [ { floor: 0, ceiling: 192"),
                                       ("error", "state.withholding", "2024/states/CA.yaml", "C: [")]),
    # Circular M's steps (ficaDeduction, periodDeductions, periodWageFloor, periodCredits): a cap of 0, a rounding that
    # is not one, a negative floor needing allowances the certificate lacks, a credit for a status that is not one and
    # per additional allowance without them on the certificate.
    "state.withholding-period": ([("2024/states/CA.yaml", "type: progressive", "type: progressive\nwithholding:\n  certificate: [filingStatus]\n  rate: 0.05\n  ficaDeduction: { cap: 0 }\n  periodDeductions: nickel\n  periodWageFloor: { amount: -1, withAllowances: true }\n  periodCredits: { byStatus: { married: 10 }, perAdditionalAllowance: 5 }\n  provenance: official\n  sources: [ { title: Fixture, url: https://example.org/withholding, kind: official } ]")],
                                 [("error", "state.withholding", "2024/states/CA.yaml", "certificate: [filingStatus]"),
                                  ("error", "state.withholding", "2024/states/CA.yaml", "ficaDeduction: { cap: 0 }"),
                                  ("error", "state.withholding", "2024/states/CA.yaml", "periodDeductions: nickel"),
                                  ("error", "amount.negative", "2024/states/CA.yaml", "periodWageFloor:"),
                                  ("error", "state.withholding", "2024/states/CA.yaml", "periodWageFloor:"),
                                  ("error", "state.withholding", "2024/states/CA.yaml", "periodWageFloor:"),
                                  ("error", "state.withholding", "2024/states/CA.yaml", "periodCredits:"),
                                  ("error", "state.withholding", "2024/states/CA.yaml", "periodCredits:")]),
    # Oregon's keys (federalWithholdingCap, allowanceWageLimitByStatus, lowWageAddition, byAllowances' brackets): a cap
    # without the federal deduction, for one status, not from 0; a limit for one status, of 0, without allowances on the
    # certificate; an addition below 0 wages; a column taxed by a status that is not one.
    "state.withholding-wages": ([("2024/states/CA.yaml", "type: progressive", "type: progressive\nwithholding:\n  certificate: [filingStatus]\n  rate: 0.05\n  federalWithholdingCap: { single: [ { atLeast: 100, amount: 5 } ] }\n  allowanceWageLimitByStatus: { single: 0 }\n  lowWageAddition: { below: 0, amount: 10 }\n  byAllowances: { single: { atLeast: 1, brackets: married } }\n  provenance: official\n  sources: [ { title: Fixture, url: https://example.org/withholding, kind: official } ]")],
                                [("error", "state.withholding", "2024/states/CA.yaml", "certificate: [filingStatus]"),
                                 ("error", "state.withholding", "2024/states/CA.yaml", "federalWithholdingCap:"),
                                 ("error", "state.withholding", "2024/states/CA.yaml", "federalWithholdingCap:"),
                                 ("error", "state.withholding", "2024/states/CA.yaml", "federalWithholdingCap:"),
                                 ("error", "state.withholding", "2024/states/CA.yaml", "allowanceWageLimitByStatus:"),
                                 ("error", "state.withholding", "2024/states/CA.yaml", "allowanceWageLimitByStatus:"),
                                 ("error", "state.withholding", "2024/states/CA.yaml", "allowanceWageLimitByStatus:"),
                                 ("error", "state.withholding", "2024/states/CA.yaml", "lowWageAddition:"),
                                 ("error", "state.withholding", "2024/states/CA.yaml", "byAllowances:"),
                                 ("error", "state.withholding", "2024/states/CA.yaml", "byAllowances:")]),
    "state.withholding-no-certificate": ([("2024/states/CA.yaml", "type: progressive", "type: progressive\nwithholding:\n  certificate: [filingStatus, allowances]\n  rate: 0.05\n  allowance: 1000\n  maxAllowances: 2\n  noCertificate:\n    filingStatus: married\n    allowances: 3\n    rateTable: A\n    rate: 0.08\n  provenance: official\n  sources: [ { title: Fixture, url: https://example.org/withholding, kind: official } ]")],
                                         [("error", "state.withholding", "2024/states/CA.yaml", "certificate: [filingStatus, allowances]"),
                                         ("error", "state.withholding", "2024/states/CA.yaml", "filingStatus: married"),
                                          ("error", "state.withholding", "2024/states/CA.yaml", "filingStatus: married"),
                                          ("error", "state.withholding", "2024/states/CA.yaml", "allowances: 3"),
                                          ("error", "state.withholding", "2024/states/CA.yaml", "allowances: 3"),
                                          ("error", "state.withholding", "2024/states/CA.yaml", "rateTable: A"),
                                          ("error", "state.withholding", "2024/states/CA.yaml", "rateTable: A")]),
    "state.withholding-local": ([("2024/states/CA.yaml", "type: progressive", "type: progressive\nwithholding:\n  certificate: [allowances]\n  rate: 0.05\n  standardDeductionShare: { rate: 0.15, min: 3000, max: 2800, minAllowances: 0 }\n  ficaDeduction: { cap: 2000 }\n  localTableRates: [0.03, 0.025]\n  provenance: official\n  sources: [ { title: Fixture, url: https://example.org/withholding, kind: official } ]\n  midYear:\n    - from: 2024-07-01\n      appliesBy: payDate\n      certificate: [allowances]\n      rate: 0.05\n      localBase: withholdingWages\n      periodDeductions: dollar\n      provenance: official\n      sources: [ { title: Fixture, url: https://example.org/withholding, kind: official } ]")],
                                [("error", "state.withholding", "2024/states/CA.yaml", "certificate: [allowances]"),
                                 ("error", "state.withholding", "2024/states/CA.yaml", "standardDeductionShare:"),
                                 ("error", "state.withholding", "2024/states/CA.yaml", "localTableRates:"),
                                 ("error", "state.withholding", "2024/states/CA.yaml", "localTableRates:"),
                                 ("error", "state.withholding", "2024/states/CA.yaml", "localBase: withholdingWages")]),
    "state.withholding-rounding": ([("2024/states/CA.yaml", "type: progressive", "type: progressive\nwithholding:\n  certificate: [allowances]\n  rate: 0.05\n  standardDeduction: { single: 1000, married_filing_jointly: 1000, married_filing_separately: 1000, head_of_household: 1000, qualifying_widower: 1000 }\n  standardDeductionPhaseOut: { start: { single: 1, married_filing_jointly: 1, married_filing_separately: 1, head_of_household: 1, qualifying_widower: 1 }, rate: { single: 0.1, married_filing_jointly: 0.1, married_filing_separately: 0.1, head_of_household: 0.1, qualifying_widower: 0.1 }, rounding: dime }\n  annualTaxRounding: cent\n  flatRateAbove: { threshold: { single: 1, married_filing_jointly: 1, married_filing_separately: 1, head_of_household: 1, qualifying_widower: 1 }, tiers: [ { atLeast: 0, rate: 0.06 } ] }\n  rounding: dollarUp\n  provenance: official\n  sources: [ { title: Fixture, url: https://example.org/withholding, kind: official } ]")],
                                   [("error", "state.withholding", "2024/states/CA.yaml", "certificate: [allowances]"),
                                    ("error", "state.withholding", "2024/states/CA.yaml", "standardDeductionPhaseOut:"),
                                    ("error", "state.withholding", "2024/states/CA.yaml", "annualTaxRounding: cent"),
                                    ("error", "state.withholding", "2024/states/CA.yaml", "flatRateAbove:"),
                                    ("error", "state.withholding", "2024/states/CA.yaml", "rounding: dollarUp"),]),
    "state.withholding-lookup": ([("2024/states/CA.yaml", "type: progressive", "type: progressive\nwithholding:\n  certificate: [allowances]\n  rate: 0.05\n  taxableLookup:\n    step: 100\n    add: 100\n    below: 0\n  provenance: official\n  sources: [ { title: Fixture, url: https://example.org/withholding, kind: official } ]")],
                                 [("error", "state.withholding", "2024/states/CA.yaml", "certificate: [allowances]"),
                                  ("error", "state.withholding", "2024/states/CA.yaml", "step: 100"),
                                  ("error", "state.withholding", "2024/states/CA.yaml", "add: 100"),
                                  ("error", "state.withholding", "2024/states/CA.yaml", "below: 0"),]),
    "state.withholding-codes": ([("2024/states/CA.yaml", "type: progressive", "type: progressive\nwithholding:\n  certificate: [filingStatus, withholdingCode]\n  rate: 0.05\n  withholdingCodes:\n    A: { status: married }\n    TOOLONGNAME: { status: single }\n  useLiability: [taxCredit, bogus]\n  provenance: official\n  sources: [ { title: Fixture, url: https://example.org/withholding, kind: official } ]")],
                                [("error", "state.withholding", "2024/states/CA.yaml", "certificate: [filingStatus, withholdingCode]"),
                                 ("error", "state.withholding", "2024/states/CA.yaml", "A: { status: married }"),
                                 ("error", "state.withholding", "2024/states/CA.yaml", "A: { status: married }"),
                                 ("error", "state.withholding", "2024/states/CA.yaml", "TOOLONGNAME:"),
                                 ("error", "state.withholding", "2024/states/CA.yaml", "useLiability:"),
                                 ("error", "state.withholding", "2024/states/CA.yaml", "useLiability:")]),
    "state.earned-income-credit": ([("2024/states/CA.yaml", "type: progressive", "type: progressive\nearnedIncomeCredit:\n  label: state EITC\n  share: 3\n  refundableAlternative: 0.045")],
                                   [("error", "state.earned-income-credit", "2024/states/CA.yaml", "label: state EITC"),
                                    ("error", "state.earned-income-credit", "2024/states/CA.yaml", "label: state EITC"),
                                    ("error", "state.earned-income-credit", "2024/states/CA.yaml", "share: 3"),
                                    ("error", "state.earned-income-credit", "2024/states/CA.yaml", "refundableAlternative: 0.045")]),
    "state.child-credit-share": ([("2024/states/CA.yaml", "type: progressive", "type: progressive\nchildTaxCreditShare:\n  label: child credit\n  share: 0.05\n  incomeLimit: { single: 100000 }")],
                                 [("error", "state.child-credit-share", "2024/states/CA.yaml", "label: child credit"),
                                  ("error", "state.child-credit-share", "2024/states/CA.yaml", "label: child credit"),
                                  ("error", "state.child-credit-share", "2024/states/CA.yaml", "incomeLimit:")]),
    "state.child-exemption": ([("2024/states/TX.yaml", "type: no_tax", "type: no_tax\nchildExemption: 1500")],
                              [("error", "state.child-exemption", "2024/states/TX.yaml", "childExemption: 1500"),
                               ("error", "state.child-exemption", "2024/states/TX.yaml", "childExemption: 1500")]),
    "state.income-tested-credit": ([("2024/states/CA.yaml", "type: progressive", "type: progressive\nincomeTestedCredit:\n  label: low-income credit\n  measure: excess\n  base: { single: 10000 }\n  perDependent: 500\n  bands: { single: [ { upTo: 300, share: 0.9 }, { upTo: 200, share: 1 } ] }\n  limit: { rate: 0.1, upTo: 100 }")],
                                   [("error", "state.income-tested-credit", "2024/states/CA.yaml", "label: low-income credit"),
                                    ("error", "state.income-tested-credit", "2024/states/CA.yaml", "base: { single: 10000 }"),
                                    ("error", "state.income-tested-credit", "2024/states/CA.yaml", "limit: {"),
                                    ("error", "state.income-tested-credit", "2024/states/CA.yaml", "limit: {"),
                                    ("error", "state.income-tested-credit", "2024/states/CA.yaml", "bands: {"),
                                    ("error", "state.income-tested-credit", "2024/states/CA.yaml", "bands: {"),
                                    ("error", "state.income-tested-credit", "2024/states/CA.yaml", "bands: {")]),
    "state.federal-deduction-add-back": ([("2024/states/CA.yaml", "type: progressive", "type: progressive\nfederalDeductionAddBack:\n  label: federal deduction add-back\n  atLeast: 0\n  cap: { single: 12000 }")],
                                         [("error", "state.federal-deduction-add-back", "2024/states/CA.yaml", "label: federal deduction add-back"),
                                          ("error", "state.federal-deduction-add-back", "2024/states/CA.yaml", "label: federal deduction add-back"),
                                          ("error", "state.federal-deduction-add-back", "2024/states/CA.yaml", "atLeast: 0"),
                                          ("error", "state.federal-deduction-add-back", "2024/states/CA.yaml", "cap: { single: 12000 }")]),
    "state.dependent-deduction": ([("2024/states/TX.yaml", "type: no_tax", "type: no_tax\ndependentDeduction:\n  label: deduction for certain dependents\n  amount: { married_filing_jointly: 4000 }\n  exceptFirst: -1")],
                                  [("error", "state.dependent-deduction", "2024/states/TX.yaml", "label: deduction for certain dependents"),
                                   ("error", "state.dependent-deduction", "2024/states/TX.yaml", "label: deduction for certain dependents"),
                                   ("error", "state.dependent-deduction", "2024/states/TX.yaml", "amount: { married_filing_jointly: 4000 }"),
                                   ("error", "state.dependent-deduction", "2024/states/TX.yaml", "exceptFirst: -1")]),
    "state.young-child-deduction": ([("2024/states/TX.yaml", "type: no_tax", "type: no_tax\nyoungChildDeduction:\n  label: \" \"\n  amount: 4790")],
                                    [("error", "state.young-child-deduction", "2024/states/TX.yaml", "label: \" \""),
                                     ("error", "state.young-child-deduction", "2024/states/TX.yaml", "label: \" \""),
                                     ("error", "state.young-child-deduction", "2024/states/TX.yaml", "label: \" \"")]),
    "state.payroll-contribution": ([("2024/states/TX.yaml", "type: no_tax", "type: no_tax\npayrollContributions:\n"
                                      "  - { id: tx-leave, name: Paid leave, kind: family-leave, rate: 0.95, employeeShare: 1.5, wageBase: -5, wages: net,\n"
                                      "      effective: { from: \"2024-01-01\", to: \"2024-08-31\" }, provenance: official, sources: [ { title: Fixture, url: https://example.org/leave, kind: official } ] }\n"
                                      "  - { id: tx-leave, name: Paid leave, kind: vacation, rate: 0.01, wageBase: null, wages: gross,\n"
                                      "      effective: { from: \"2024-07-01\", to: \"2024-13-31\" }, provenance: official, sources: [ { title: Fixture, url: https://example.org/leave, kind: official } ] }\n"
                                      "  - { id: tx-late, name: Paid leave, kind: family-leave, rate: 0.01, wageBase: null, wages: gross,\n"
                                      "      effective: { from: \"2024-07-01\", to: \"2024-12-31\" }, provenance: official, sources: [ { title: Fixture, url: https://example.org/leave, kind: official } ] }\n"
                                      "  - { id: tx-late, name: Paid leave, kind: family-leave, rate: 0.02, wageBase: null, wages: gross,\n"
                                      "      effective: { from: \"2024-12-01\", to: \"2024-12-31\" }, provenance: official, sources: [ { title: Fixture, url: https://example.org/leave, kind: official } ] }")],
                                    [("error", "state.payroll-contribution", "2024/states/TX.yaml", "rate: 0.95"),
                                     ("error", "amount.negative", "2024/states/TX.yaml", "wageBase: -5"),
                                     ("error", "state.payroll-contribution", "2024/states/TX.yaml", "wageBase: -5"),
                                     ("error", "state.payroll-contribution", "2024/states/TX.yaml", "wageBase: -5"),
                                     ("error", "state.payroll-contribution", "2024/states/TX.yaml", "wageBase: -5"),
                                     ("error", "state.payroll-contribution", "2024/states/TX.yaml", "kind: vacation"),
                                     ("error", "state.payroll-contribution", "2024/states/TX.yaml", "2024-13-31"),
                                     ("error", "state.payroll-contribution", "2024/states/TX.yaml", "2024-12-01")]),
    "state.pre-tax-treatment": ([("2024/states/TX.yaml", "type: no_tax", "type: no_tax\npreTaxTreatment:\n  taxed: [ 401k, 529, 401k ]\n"
                                  "  provenance: official\n  sources: [ { title: Fixture, url: https://example.org/pretax, kind: official } ]")],
                                [("error", "state.pre-tax-treatment", "2024/states/TX.yaml", "taxed:"),
                                 ("error", "state.pre-tax-treatment", "2024/states/TX.yaml", "taxed:"),
                                 ("error", "state.pre-tax-treatment", "2024/states/TX.yaml", "taxed: [ 401k, 529"),
                                 ("error", "state.pre-tax-treatment", "2024/states/TX.yaml", "taxed: [ 401k, 529")]),
    "provenance.construct": ([("2024/states/TX.yaml", "type: no_tax", "type: no_tax\npayrollContributions:\n"
                               "  - id: tx-leave\n    name: Paid leave\n    kind: family-leave\n    rate: 0.01\n    wageBase: null\n    wages: gross\n"
                               "    provenance: corroborated\n    sources:\n      - { title: Fixture, url: https://example.org/leave, kind: secondary }")],
                             [("error", "state.payroll-contribution", "2024/states/TX.yaml", "- id: tx-leave"),
                              ("error", "provenance.construct", "2024/states/TX.yaml", "provenance: corroborated")]),
    "state.refundable-earned-income-credit": ([("2024/states/TX.yaml", "type: no_tax", "type: no_tax\nrefundableEarnedIncomeCredit:\n  label: \" \"\n  share: 0")],
                                              [("error", "state.refundable-earned-income-credit", "2024/states/TX.yaml", "label: \" \""),
                                               ("error", "state.refundable-earned-income-credit", "2024/states/TX.yaml", "label: \" \""),
                                               ("error", "state.refundable-earned-income-credit", "2024/states/TX.yaml", "label: \" \""),
                                               ("error", "state.refundable-earned-income-credit", "2024/states/TX.yaml", "share: 0")]),
    "state.young-child-credit": ([("2024/states/TX.yaml", "type: no_tax", "type: no_tax\nyoungChildCredit:\n  label: credit per child under 6\n  amount: 0")],
                                 [("error", "state.young-child-credit", "2024/states/TX.yaml", "label: credit per child under 6"),
                                  ("error", "state.young-child-credit", "2024/states/TX.yaml", "label: credit per child under 6"),
                                  ("error", "state.young-child-credit", "2024/states/TX.yaml", "amount: 0")]),
    "state.poverty-level-credit": ([("2024/states/TX.yaml", "type: no_tax", "type: no_tax\npovertyLevelCredit:\n  label: poverty level credit\n  share: 1.5\n  firstPerson: 15060\n  additionalPerson: 0")],
                                   [("error", "state.poverty-level-credit", "2024/states/TX.yaml", "label: poverty level credit"),
                                    ("error", "state.poverty-level-credit", "2024/states/TX.yaml", "label: poverty level credit"),
                                    ("error", "state.poverty-level-credit", "2024/states/TX.yaml", "share: 1.5"),
                                    ("error", "state.poverty-level-credit", "2024/states/TX.yaml", "additionalPerson: 0")]),
    "state.no-tax-below": ([("2024/states/TX.yaml", "type: no_tax", "type: no_tax\nnoTaxBelow:\n  label: filing threshold\n  amount: { single: 11950, married_filing_jointly: 0 }")],
                           [("error", "state.no-tax-below", "2024/states/TX.yaml", "label: filing threshold"),
                            ("error", "state.no-tax-below", "2024/states/TX.yaml", "label: filing threshold"),
                            ("error", "state.no-tax-below", "2024/states/TX.yaml", "amount: { single"),
                            ("error", "state.no-tax-below", "2024/states/TX.yaml", "amount: { single")]),
    "state.table-credit": ([("2024/states/TX.yaml", "type: no_tax", "type: no_tax\ntableCredit:\n  label: household credit\n  perReturn: { single: [ { over: 0, amount: 75 }, { over: 5000, share: 0.5 } ] }")],
                           [("error", "state.table-credit", "2024/states/TX.yaml", "label: household credit"),
                            ("error", "state.table-credit", "2024/states/TX.yaml", "label: household credit"),
                            ("error", "state.table-credit", "2024/states/TX.yaml", "perReturn: {"),
                            ("error", "state.table-credit", "2024/states/TX.yaml", "perReturn: {")]),
    "sources.carried-over": ([("2024/fica.yaml", "title: \"", "title: \"[2023 publication: replace with the 2024 one] ")],
                             [("warning", "sources.carried-over", "2024/fica.yaml", "[2023 publication")]),
    "state.low-income-table": ([("2024/states/TX.yaml", "type: no_tax", "type: no_tax\nlowIncomeTable:\n  label: low income tables\n  tables:\n    single: [ { dependents: 1, through: 17500, rows: [ { over: 0, amount: 0 }, { atLeast: 17500, amount: 29 } ] } ]")],
                               [("error", "state.low-income-table", "2024/states/TX.yaml", "label: low income tables"),
                                ("error", "state.low-income-table", "2024/states/TX.yaml", "label: low income tables"),
                                ("error", "state.low-income-table", "2024/states/TX.yaml", "single: ["),
                                ("error", "state.low-income-table", "2024/states/TX.yaml", "single: ["),
                                ("error", "state.low-income-table", "2024/states/TX.yaml", "single: ["),
                                ("error", "state.low-income-table", "2024/states/TX.yaml", "single: [")]),
    "state.tax-table": ([("2024/states/CA.yaml", "type: progressive", "type: progressive\ntaxTable:\n  below: 100001\n  rowWidth: 0.5\n  rowOffsets: [ { from: 75000, offset: 1 } ]")],
                        [("error", "state.tax-table", "2024/states/CA.yaml", "below: 100001"),
                         ("error", "state.tax-table", "2024/states/CA.yaml", "rowWidth: 0.5"),
                         ("error", "state.tax-table", "2024/states/CA.yaml", "rowOffsets: ["),
                         ("error", "state.tax-table", "2024/states/CA.yaml", "rowOffsets: [")]),
    "state.refundable-dependent-credit": ([("2024/states/TX.yaml", "type: no_tax", "type: no_tax\nrefundableDependentCredit: 0")],
                                          [("error", "state.refundable-dependent-credit", "2024/states/TX.yaml", "refundableDependentCredit: 0"),
                                           ("error", "state.refundable-dependent-credit", "2024/states/TX.yaml", "refundableDependentCredit: 0"),
                                           ("error", "state.refundable-dependent-credit", "2024/states/TX.yaml", "refundableDependentCredit: 0")]),
    "state.tax-recapture": ([("2024/states/TX.yaml", "type: no_tax", "type: no_tax\ntaxRecapture:\n  label: supplemental tax\n  start: 107650\n  width: 0\n  rows: { single: [ { over: 0, flatRate: 0.06 }, { over: 215400, base: 568 } ] }")],
                            [("error", "state.tax-recapture", "2024/states/TX.yaml", "label: supplemental tax"),
                             ("error", "state.tax-recapture", "2024/states/TX.yaml", "label: supplemental tax"),
                             ("error", "state.tax-recapture", "2024/states/TX.yaml", "width: 0"),
                             ("error", "state.tax-recapture", "2024/states/TX.yaml", "rows: {"),
                             ("error", "state.tax-recapture", "2024/states/TX.yaml", "rows: {")]),
    "federal.child-credit": ([("2024/federal.yaml", "standardDeduction:", "childTaxCredit: { perChild: 2000, perOtherDependent: 500, phaseOutStart: { single: 200000 }, phaseOutStep: 0, phaseOutAmount: 50 }\nstandardDeduction:")],
                             [("error", "federal.child-credit", "2024/federal.yaml", "childTaxCredit:"),
                              ("error", "federal.child-credit", "2024/federal.yaml", "childTaxCredit:")]),
    "status.unknown": ([("2024/federal.yaml", "  married_filing_separately: { sameAs: single }", "  married_filing_separate: { sameAs: single }")],
                       [("error", "status.unknown", "2024/federal.yaml", "married_filing_separate:")]),
    "status.same-as": ([("2024/federal.yaml", "  married_filing_separately: { sameAs: single }", "  married_filing_separately: { sameAs: qualifying_widower }")],
                       [("error", "status.same-as", "2024/federal.yaml", "sameAs: qualifying_widower")]),
    "state.unknown-code": ([("2024/states/XX.yaml", None, "taxYear: 2024\nname: Nowhere\ntype: no_tax\n")],
                           [("error", "state.unknown-code", "2024/states/XX.yaml", "taxYear")]),
    "year.directory": ([("2024/fica.yaml", "taxYear: 2024", "taxYear: 2023")],
                       [("error", "year.directory", "2024/fica.yaml", "taxYear: 2023")]),
    "file.missing": ([("2024/retirement.yaml", "", None)],
                     [("error", "file.missing", "2024/retirement.yaml", None)]),
    "file.unexpected": ([("2024/federal.yml", None, "taxYear: 2024\n")],
                        [("error", "file.unexpected", "2024/federal.yml", "taxYear")]),
    # Local income taxes (schema 1.13): localities/XX.yaml beside the state's file.
    "locality.shape": ([SCHEMA_113, ("2024/localities/CA.yaml", None, LOCALITY.format(id='"ca-1"', kind="town", part="{ base: wages, rate: 0.01 }"))],
                       [("error", "locality.shape", "2024/localities/CA.yaml", 'ca-1'),
                        ("error", "locality.shape", "2024/localities/CA.yaml", "kind: town"),
                        ("error", "locality.shape", "2024/localities/CA.yaml", "base: wages")]),
    "locality.rate": ([SCHEMA_113, ("2024/localities/CA.yaml", None, LOCALITY.format(id='"0644000"', kind="city", part="{ base: wages, wages: fica, rate: 1.5 }"))],
                      [("error", "locality.rate", "2024/localities/CA.yaml", "rate: 1.5")]),
    "locality.dates": ([SCHEMA_113, ("2024/localities/CA.yaml", None, LOCALITY.format(id='"0644000"', kind="city", part="{ base: wages, wages: fica, rate: 0.01 }")
                                     + "      - { id: ca-tax, name: City tax, effective: { from: 2024-06-01, to: 2024-12-31 }, resident: { base: wages, wages: fica, rate: 0.02 } }\n"
                                     + "      - { id: ca-late, name: Late tax, effective: { from: 2024-07-01, to: 2024-02-30 }, resident: { base: wages, wages: fica, rate: 0.02 } }\n")],
                       [("error", "locality.dates", "2024/localities/CA.yaml", "from: 2024-06-01"),
                        ("error", "locality.dates", "2024/localities/CA.yaml", "2024-02-30")]),
    "locality.duplicate": ([SCHEMA_113, ("2024/localities/CA.yaml", None, LOCALITY.format(id='"0644000"', kind="city", part="{ base: wages, wages: fica, rate: 0.01 }")
                                         + LOCALITY_ITEM.format(id='"0644000"', kind="city", part="{ base: wages, wages: fica, rate: 0.01 }").replace("ca-tax", "ca-other"))],
                           [("error", "locality.duplicate", "2024/localities/CA.yaml", 'id: "0644000"  # second')]),
    "locality.provenance": ([SCHEMA_113, ("2024/localities/CA.yaml", None, LOCALITY.format(id='"0644000"', kind="city", part="{ base: wages, wages: fica, rate: 0.01 }")
                                          .replace("provenance: official\n    sources: [ { title: Fixture, url: https://example.org/city, kind: official } ]",
                                                   "provenance: corroborated\n    sources: [ { title: Fixture, url: https://example.org/city, kind: secondary } ]"))],
                            [("error", "locality.provenance", "2024/localities/CA.yaml", "provenance: corroborated")]),
    # A state file present the year before and gone now (2023 is _base/2024 with its year changed).
    "coverage.state-removed": ([(f"2023/{name}", None, base_text(f"2024/{name}").replace("2024", "2023"))
                                for name in ["year.yaml", "federal.yaml", "fica.yaml", "retirement.yaml", "states/CA.yaml", "states/TX.yaml"]]
                               + [("2024/states/TX.yaml", "", None)],
                               [("warning", "coverage.state-removed", "2024/states/TX.yaml", None)]),
    # An inflation-indexed amount lower than the year before's (2023 is _base/2024 with its year changed).
    "sanity.indexed-decrease": ([(f"2023/{name}", None, base_text(f"2024/{name}").replace("2024", "2023"))
                                 for name in ["year.yaml", "federal.yaml", "fica.yaml", "retirement.yaml", "states/CA.yaml", "states/TX.yaml"]]
                                + [("2024/retirement.yaml", "hsa: { individual: 4150,", "hsa: { individual: 4100,")],
                                [("warning", "sanity.indexed-decrease", "2024/retirement.yaml", "individual: 4100")]),
}


def line_of(text, marker, where):
    for number, line in enumerate(text.splitlines(), 1):
        if marker in line:
            return number
    sys.exit(f"marker {marker!r} not found in {where}")


def main():
    for name in sorted(os.listdir(ROOT)):
        path = os.path.join(ROOT, name)
        if name != "_base" and os.path.isdir(path):
            shutil.rmtree(path)
    for name, (edits, expectations) in sorted(FIXTURES.items()):
        target = os.path.join(ROOT, name)
        overlay, removed = {}, set()
        for file, old, new in edits:
            if new is None:
                overlay.pop(file, None)
                removed.add(file)
                continue
            if old is None:
                overlay[file] = new
                removed.discard(file)
                continue
            text = overlay[file] if file in overlay else base_text(file)
            if old not in text:
                sys.exit(f"{name}: {old!r} not in {file}")
            overlay[file] = text.replace(old, new, 1)
        os.makedirs(target)
        for file, text in overlay.items():
            path = os.path.join(target, file)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w") as f:
                f.write(text)
        if removed:
            with open(os.path.join(target, "removed.txt"), "w") as f:
                f.write("\n".join(sorted(removed)) + "\n")
        lines = []
        for severity, rule, file, marker in expectations:
            if marker is None:
                lines.append(f"{severity} {rule} {file}:0")
            else:
                text = overlay[file] if file in overlay else base_text(file)
                lines.append(f"{severity} {rule} {file}:{line_of(text, marker, name + '/' + file)}")
        with open(os.path.join(target, "expected.txt"), "w") as f:
            f.write("\n".join(sorted(lines)) + "\n")
    print(f"wrote {len(FIXTURES)} fixtures under {os.path.relpath(ROOT)}")


if __name__ == "__main__":
    main()
