#!/usr/bin/env python3
"""Write upgraded copies of the issue-36 MD/IN YAML drafts into ./yaml/ (read-only on ../36-local-md-in/).

Text edits only (the drafts' layout is kept). Every edited value is checked
against the figure read in the new source before it is written.
"""
import pathlib
import re
import sys

SRC = pathlib.Path(__file__).resolve().parent.parent / "36-local-md-in"
OUT = pathlib.Path(__file__).resolve().parent / "yaml"
OUT.mkdir(exist_ok=True)

# sagedeutschle/Bayzyl showcase/prismet-site/pages/scam-data/local-2026.json (built 2026-10-04),
# localIncome.MD.rates: pdftotext of the Comptroller's CPB memo 2026, Attachment 1.
BAYZYL_MD_2026 = {
    "24001": "0.032", "24005": "0.032", "24009": "0.032", "24011": "0.032", "24013": "0.0303",
    "24015": "0.0274", "24017": "0.0303", "24019": "0.033", "24023": "0.0265", "24025": "0.0306",
    "24027": "0.032", "24029": "0.033", "24031": "0.032", "24033": "0.032", "24035": "0.032",
    "24037": "0.032", "24039": "0.032", "24041": "0.024", "24043": "0.0295", "24045": "0.032",
    "24047": "0.0225", "24510": "0.032",
}

BAYZYL_MD_SOURCE = '''          - title: "sagedeutschle/Bayzyl, showcase/prismet-site/pages/scam-data/local-2026.json, localIncome.MD (built 2026-10-04 by build-local-data.mjs with pdftotext -layout from the Comptroller's CPB memo '2026 State and Local Withholding Information', Attachment 1 'Local Income Tax Withholding Rates for 2026'; the script stops unless it reads all 24 jurisdictions)"
            url: "https://github.com/sagedeutschle/Bayzyl/blob/main/showcase/prismet-site/pages/scam-data/local-2026.json"
            kind: secondary
            quote: "\\"{geoid}\\":{{\\"rate\\":{rate}}}"
'''

MD_NOTE_2026 = ("Two independent secondary transcriptions of the Comptroller's CPB memo '2026 Maryland State and Local Income Tax "
                "Withholding Information', Attachment 1 (Feb. 4, 2026), agree on {rate}: payroll-tax-engine MD-2026.json (hand "
                'transcription, with the 2026 Employer Withholding Guide) and Bayzyl local-2026.json (machine extraction with '
                'pdftotext, built 2026-10-04). Upgraded from estimated to corroborated (upgrade note 36b, 2026-11-28). The memo '
                'itself, the 2026 guide and the DLS 2026 table were still not read, so not official. PolicyEngine-US 2.68.0 has no '
                '2026 entry and carries 2025 ({pe}) forward.')

changed = []


def md_flat(geoid):
    path = SRC / f"{geoid}.yaml"
    text = path.read_text()
    head, sep, tail = text.partition("      2026:\n")
    if not sep:
        sys.exit(f"{geoid}: no 2026 block")
    rate = re.search(r'rate: "([0-9.]+)"', tail).group(1)
    if rate != BAYZYL_MD_2026[geoid]:
        sys.exit(f"{geoid}: draft 2026 rate {rate} != Bayzyl {BAYZYL_MD_2026[geoid]}")
    pe = re.search(r"carries 2025 \(([0-9.]+%)\) forward", tail)
    pe = pe.group(1) if pe else "the 2025 value"
    tail = tail.replace("grade: estimated", "grade: corroborated", 1)
    tail = tail.replace("        sources:\n", "        sources:\n" + BAYZYL_MD_SOURCE.format(geoid=geoid, rate=rate), 1)
    tail = re.sub(r'        notes: "One secondary source read:[^\n]*"',
                  lambda m: '        notes: "' + MD_NOTE_2026.format(rate=rate, pe=pe) + extra_md_note(m.group(0)) + '"', tail, count=1)
    (OUT / path.name).write_text(head + sep + tail)
    changed.append(path.name)


def extra_md_note(old):
    # keep the draft's statement about a 2026 change (Allegany, Kent) if present
    m = re.search(r"(2026 is a CHANGE:[^\"]*?)(?: Partial support:|\"$)", old)
    return " " + m.group(1).strip() if m else ""


for g in BAYZYL_MD_2026:
    md_flat(g)

# ---------------- Indiana: Oct. 1 blend rule now read in the rule's own text ----------------
RULE_SOURCES = '''          - title: "Ind. Code § 6-3.6-8-1, Determination of tax rates; different tax rates in a taxable year (text as reproduced by Casetext, current through P.L. 171-2024)"
            url: "https://casetext.com/statute/indiana-code/title-6-taxation/article-36-local-income-taxes/chapter-8-administration-of-tax/section-6-36-8-1-determination-of-tax-rates-different-tax-rates-in-a-taxable-year"
            kind: official
            quote: "If for any taxable year a local taxpayer is subject to different tax rates for the tax imposed by a particular county, the taxpayer's tax rate for that county and that taxable year is the rate determined in the last STEP of the following STEPS: STEP ONE: For each tax rate in effect in a year, multiply: (A) the number of months in the taxpayer's taxable year in which the rate is in effect; by (B) the rate. STEP TWO: Divide: (A) the sum of the amounts determined under STEP ONE; by (B) twelve (12)."
          - title: "45 IAC 3.1-4-6, Duration of tax (Department of State Revenue rule; text as reproduced by Casetext, current through Jan. 8, 2025)"
            url: "https://casetext.com/regulation/indiana-administrative-code/title-45-department-of-state-revenue/article-31-adjusted-gross-income-tax/rule-45-iac-31-4-local-income-tax/section-45-iac-31-4-6-duration-of-tax"
            kind: official
            quote: "If a LIT is changed between January 1 of a calendar year and August 31 of a calendar year, inclusive, the new LIT is effective on October 1 of that same calendar year. For purposes of computing an individual's LIT for that calendar year, the rate shall be equal to seventy-five percent (75%) of the LIT prior to change plus twenty-five percent (25%) of the LIT after the change."
'''

BLEND_2024 = {"18031": ("0.025", "0.0245", "0.024875"), "18041": ("0.0257", "0.0282", "0.026325"),
              "18049": ("0.0268", "0.0288", "0.0273"), "18065": ("0.018", "0.0202", "0.01855")}

for g, (old, new, blend) in BLEND_2024.items():
    calc = round(0.75 * float(old) + 0.25 * float(new), 8)
    if abs(calc - float(blend)) > 1e-12:
        sys.exit(f"{g}: blend {calc} != {blend}")
    path = SRC / f"{g}.yaml"
    text = path.read_text()
    head, sep, tail = text.partition("      2024:\n")
    blk, sep2, rest = tail.partition("      2025:\n")
    if f'annualReturnRate: "{blend}"' not in blk:
        sys.exit(f"{g}: blend not in draft")
    blk = blk.replace("        sources:\n", "        sources:\n" + RULE_SOURCES, 1)
    blk = blk.replace("PolicyEngine's 2024 value equals this blend exactly (one source, so that figure is estimated); the 2024 CT-40 chart was not read.",
                      f"The blend rule is now read in IC 6-3.6-8-1 (months-weighted) and 45 IAC 3.1-4-6(b)(1) (75% old + 25% new); with the two corroborated period rates it gives {blend}, which PolicyEngine's 2024 value also equals. annualReturnRate is therefore corroborated (rule official, inputs corroborated) - upgrade note 36b, 2026-11-28; the 2024 CT-40 chart itself was still not read.")
    if "upgrade note 36b" not in blk:
        sys.exit(f"{g}: note not replaced")
    (OUT / path.name).write_text(head + sep + blk + sep2 + rest)
    changed.append(path.name)

# Boone 2026
path = SRC / "18011.yaml"
text = path.read_text()
head, sep, blk = text.partition("      2026:\n")
old_fig = '{ base: "Indiana adjusted gross income after exemptions (Form IT-40 line 7; Schedule CT-40 line 1)", periods: [ { from: "2026-01-01", to: "2026-09-30", rate: "0.017" }, { from: "2026-10-01", to: "2026-12-31", rate: "0.0171" } ] }'
if old_fig not in blk:
    sys.exit("18011: figures not as expected")
assert round(0.75 * 0.017 + 0.25 * 0.0171, 8) == 0.017025
blk = blk.replace(old_fig, old_fig[:-2] + ', annualReturnRate: "0.017025" }', 1)
blk = blk.replace("        sources:\n", "        sources:\n" + '''          - title: "sagedeutschle/Bayzyl, showcase/prismet-site/pages/scam-data/local-2026.json, localIncome.IN (built 2026-10-04 by build-local-data.mjs with pdftotext from the DOR's Departmental Notice #1, in.gov/dor/files/dn01.pdf; the file records effective 'Oct. 1, 2026'; the script stops unless it reads 92 counties)"
            url: "https://github.com/sagedeutschle/Bayzyl/blob/main/showcase/prismet-site/pages/scam-data/local-2026.json"
            kind: secondary
            quote: "\\"IN\\":{\\"by\\":\\"county\\",\\"base\\":\\"stateTaxable\\",\\"year\\":2026,\\"effective\\":\\"Oct. 1, 2026\\", ... \\"18011\\":{\\"rate\\":0.0171}"
''' + RULE_SOURCES, 1)
blk = re.sub(r'        notes: "[^\n]*"', '        notes: "' +
             "Departmental Notice #1 effective Jan. 1, 2026 (R46 / 01-26), read in two independent transcriptions that agree (0.017). "
             "Oct. 1, 2026: two independent secondary sources now give Boone 0.0171 (TaxLens, and Bayzyl local-2026.json parsed from the "
             "notice effective Oct. 1, 2026, in which every other county equals its Jan. 1, 2026 rate), so both withholding periods are "
             "corroborated. annualReturnRate 0.017025 = 0.75 x 0.017 + 0.25 x 0.0171 under IC 6-3.6-8-1 and 45 IAC 3.1-4-6(b)(1) (rule "
             "read, official); the 2026 CT-40 chart does not exist yet. PolicyEngine-US 2.68.0 computes 2026 at 0.017 (no Oct. entry, "
             "no blend): 1,343.00 on in_agi 79,000 vs 1,344.98 with the blend. Upgrade note 36b, 2026-11-28." + '"', blk, count=1)
(OUT / path.name).write_text(head + sep + blk)
changed.append(path.name)

print("\n".join(sorted(changed)))
