import json
OB="https://github.com/braedonsaunders/openbooks/blob/main/engine/src/payroll/us/states/"
def ob(f,note=""):
    return {"title":"braedonsaunders/openbooks, engine/src/payroll/us/states/"+f+(" ("+note+")" if note else ""),"url":OB+f}
S=[]
def add(state,cert,rule,status,allow,rate,quote,sources,grade,kind,expr,notes="",diff2025="none found (same rule)"):
    S.append(dict(state=state,cert=cert,rule=rule,status=status,allowances=allow,rate=rate,quote=quote,sources=sources,grade=grade,kind=kind,expr=expr,notes=notes,diff2025=diff2025))

add("AL","Form A-4","statusAllowances","0 (A-4 exemption code \"0\": no personal exemption)",0,None,
 "If an employee fails to furnish Form A-4, the employer withholds using zero exemptions. [...] Federal Form W-4 is not an acceptable substitute.",
 [ob("al-declaration.ts","summarizes ALDOR booklet rev. Aug. 2024 and Ala. Admin. Code r. 810-3-71-.02; commit aedb55b1")],
 "one source","a","exemption code 0, 0 dependents","openbooks paraphrases the booklet; ALDOR's text not read.")
add("AZ","Form A-4","flatRate",None,None,"0.020",
 "The employer should select 2.0% on behalf of the employee. The new default Arizona withholding rate is 2.0%. // (Form A-4 2026, via openbooks) If the new employee fails to complete Arizona Form A-4 within 5 days of hire, the employer must withhold Arizona income tax at the rate of 2.0% until the employee elects a different withholding rate.",
 [{"title":"Arizona Department of Revenue, Withholding FAQs (stored copy; quoted in 37-withholding-states/AZ.yaml)","url":"https://azdor.gov/business/withholding-tax/withholding-faqs"},
  ob("az-declaration.ts","A.R.S. 43-401(E), Form A-4 2026; commit 48ec6e05"),
  {"title":"OysterLink, Arizona Form A-4: A Complete Guide","url":"https://oysterlink.com/spotlight/arizona-form-a-4-guide"}],
 "official","b","2.0% of gross taxable wages (W-2 box 1 wages)",
 "Several stale pages (arizonapdf.com etc.) still say 2.7%: that was the pre-2023 default.","none: 2.0% since the 2023 Form A-4")
add("AR","Form AR4EC","statusAllowances",None,0,None,
 "A missing AR4EC is withheld at zero exemptions (nothing claimed on the certificate). [...] Default zero is a blank AR4EC",
 [ob("ar-declaration.ts","DFA Withholding Tax Formula and Employer's Instructions eff. 01/01/2026; commit ae45b594")],
 "one source","a","0 exemptions (Arkansas has no withholding status)",
 "openbooks' own inference from a blank certificate, not a quoted DFA rule.")
add("CA","Form DE 4","statusAllowances","Single (DE 4 box \"Single or Married (with two or more incomes)\")",0,None,
 "If the employee does not give you a valid one, withhold California PIT as if the employee was single and claiming no withholding allowances. However, if you have an earlier DE 4 for this worker that is valid, withhold in accordance with the prior exemption certificate.",
 [{"title":"EDD, Employer's Obligations for the Employee's Withholding Allowance Certificate (DE 4), stored copy","url":"https://ses.stf.com/bookmarks/Jason%20Ouderkirk/CA/CA_wsw/0001/2023081413515381317928.htm"},
  {"title":"mempelajari, How to fill out a DE 4 form","url":"https://en.mempelajari.com/post/how-to-fill-out-a-de-4-form"},
  ob("ca.ts","DE 4 Rev. 56 (1-26): \"Single with Zero withholding allowance\"")],
 "official","a","Single, 0 regular + 0 estimated-deduction allowances",
 "The EDD sentence is about an invalid DE 4 (the no-DE 4 case is the same rule per mempelajari and openbooks). A pre-2020 federal W-4 on file may still be used (CA.yaml).")
add("CO","none required (DR 0004 optional); federal Form W-4","federalW4","federal W-4 Step 1(c) status; no W-4: single",None,None,
 "If an employee submits only form W-4 without form DR 0004, complete Step 2a based on the expected filing status indicated on that form W-4, unless they claim to be exempt [...] (no W-4 and no DR 0004:) as if they submitted form W-4 with an expected filing status of single",
 [{"title":"Colorado DOR, DR 1098 (11/14/22), stored copy (as cited in 37-withholding-states/drafts-4/construct/CO.yaml)","url":"https://ses.stf.com/bookmarks/Candice%20Butts/Candice_wsw/0016/2023061411432300311854.htm_old.htm"},
  ob("co-declaration.ts","DR 1098 rev. 11/14/23 line 2a: $10,000 MFJ/QSS, $5,000 otherwise")],
 "official","c","federal W-4 Step 1(c) status -> line 2a allowance $10,000 (MFJ / QSS) or $5,000 (others, and no W-4); 4.40% on the rest",
 "Quote taken from the earlier research's reading of the stored DR 1098 (not re-opened here). Construct: federalFilingStatus + exemptionAmountDefault already express it.")
add("CT","Form CT-W4","flatRate",None,None,"0.0699",
 "If an employee fails to give you a completed Form CT-W4, you must withhold at a flat rate of 6.99%, without allowance for exemption.",
 [ob("ct-declaration.ts","quotes IP 2026(1) Circular CT; commit d3eacc18"),
  {"title":"legalclarity.org, What do Connecticut withholding codes mean (read by the drafts-5/CT helper)","url":"https://legalclarity.org/what-do-connecticut-withholding-codes-mean"},
  {"title":"CT DRS, IP 2026(1) Circular CT (not read here)","url":"https://portal.ct.gov/-/media/drs/publications/pubsip/2026/ip-2026-1.pdf"}],
 "corroborated","b","6.99% of the period's wages, no exemption (same as code D's top rate)")
add("DE","none required: federal W-4 exemptions may be relied on; optional SD/W-4A","statusAllowances","single",0,None,
 "If an employee fails to furnish a certificate, you must withhold tax as if the employee is a single person who has no withholding allowances. // An employer may rely upon the number of Federal withholding exemptions claimed by the employee.",
 [ob("de-declaration.ts","quotes Division of Revenue Employer's Guide, sections 15 and 17; commit fba455d7")],
 "one source","a","single, 0 personal exemptions (no $110 credit)",
 "Hybrid: with a (pre-2020) federal W-4 the employer may use its exemptions; a 2020+ W-4 has none.")
add("DC","Form D-4","other",None,None,None,
 "(openbooks dc.ts) FR-230 requires a D-4 of every DC resident employee but states no no-certificate rule, so a missing answer defaults to zero allowances [...] (the Illinois precedent, not an OTR rule).",
 [ob("dc.ts","FR-230 Rev. 11/17"),
  {"title":"DCMR 9-142.1 (D-4 required on or before commencement of employment), dcrules.elaws.us","url":"http://dcrules.elaws.us/dcmr/9-142"}],
 "not found","d","NOT FOUND (openbooks' choice: 0 allowances; DC has one schedule, no status)")
add("GA","Form G-4","statusAllowances","A (single)",0,None,
 "Failure to submit a properly completed Form G-4 results in the employer withholding as though the employee is single with zero allowances.",
 [ob("ga.ts","quotes Form G-4 (Rev. 08/15/24)")],
 "one source","a","marital status A (single), 0 dependent and 0 adjustment allowances",
 "The State Accounting Office page (state employees) says only 'taxes will be withheld at the maximum tax rate': https://sao.georgia.gov/tax-forms")
add("HI","Form HW-4","statusAllowances","single",0,None,
 "If an employee does not furnish Form HW-4 to the employer, the employer shall withhold tax as if the employee is single and claims no withholding exemption. [...] However, federal Form W-4 may not be used.",
 [{"title":"HAR 18-235-61-09 (partnertax.ai library, official text)","url":"https://library.partnertax.ai/us-hi/regs/18-235-61-09"},
  {"title":"Form HW-4 (Rev. 2018) copy: 'You must file this form with your employer or your employer must withhold tax from your wages as if you were single and claimed no withholding allowances.'","url":"https://fill.io/State-of-Hawaii-Form-HW-4-Employee-s-Withholding-Allowance-and-Status-Certificate"},
  ob("hi-declaration.ts","Booklet A Rev. 2025")],
 "official","a","single, 0 allowances (the $4,350 lump-sum allowance still applies per openbooks)")
add("ID","Form ID W-4","other",None,None,None,
 "(openbooks id-declaration.ts) Default Single is the higher-withholding ID W-4 box A.",
 [ob("id-declaration.ts","no rule quoted; commit da1f8cf0")],
 "not found","d","NOT FOUND (openbooks' own choice: status A single, 0 allowances)",
 "Searched: pages corpus (ID W-4 copies, IDAPA). No Idaho no-certificate sentence was seen.")
add("IL","Form IL-W-4","statusAllowances",None,0,None,
 "If you do not file a completed Form IL-W-4 with your employer, fail to sign the form or include necessary information, or alter the form, your employer will withhold Illinois Income Tax on the entire amount of your compensation, without allowing any allowances.",
 [{"title":"Illinois DOR, Q&A 310 'When do I have to complete Form IL-W-4?' (stored copy)","url":"https://tax.illinois.gov/questionsandanswers/310.html"},
  ob("il.ts","IL-W-4 R-07/23 and Pub 130: 'without allowing any exemptions'")],
 "official","a","0 line-1 and 0 line-2 allowances (no status in Illinois)")
add("IN","Form WH-4","statusAllowances",None,0,None,
 "With no WH-4 on file there are no claimed exemptions — Departmental Notice #1 does not follow the federal IRC § 3402(n) allowance for no withholding.",
 [ob("in-declaration.ts","WH-4 R10/8-23, DN #1 R46/01-26; commit 48ec6e05")],
 "one source","a","0 personal and 0 dependent exemptions; county: the January-1 county is still needed (not defaulted)")
add("IA","IA W-4 (44-019)","statusAllowances","column A (Other, incl. single)",0,None,
 "If the employee fails to furnish a certificate, the employee shall be considered as claiming no withholding allowances.",
 [ob("ia-declaration.ts","IAC 701—307.3; 'A missing marital status uses deduction column (A)'"),
  {"title":"Old Iowa rule 701-46.3(2) text (angelfire copy), same sentence","url":"https://angelfire.com/ns2/briancrocker/IA_W_4_Withholding_Requirements.htm"}],
 "corroborated","a","column A deduction, W (line 7 dollars) = 0",
 "The 'no allowances' sentence is corroborated (current rule via openbooks, old rule text); column A for a missing status is openbooks only (from the 2026 formula).")
add("KS","Form K-4","statusAllowances","Single",0,None,
 "If an employee does not complete a Kansas Form K-4, the employer must withhold wages at the single rate with no allowances.",
 [{"title":"Kansas DOR, Kansas Withholding Form K-4 (stored copy)","url":"https://ksrevenue.gov/k4info.html"},
  {"title":"Form K-4 (Rev. 10/13) copy: '...they must withhold Kansas income tax from your wages without exemption at the \"Single\" allowance rate'","url":"https://formsbank.com/template/332840/form-k-4-kansas-employee-s-withholding-allowance-certificate.html"},
  ob("ks-declaration.ts","KW-100")],
 "official","a","Single allowance rate, 0 allowances")
add("KY","Form K-4 (42A804), only for exemptions / extra","other",None,None,None,
 "If neither situation applies, then an employer is not required to maintain Form K-4. [...] The formula itself has no allowances — every wage earner is taxed at 3.5% after the $3,360 standard deduction.",
 [ob("ky-declaration.ts","quotes Form 42A804 (K-4) (2026); 42A003 (10-2025)")],
 "one source","d","no default needed: the ordinary formula (flat rate after the standard deduction) applies to everyone; no certificate = no exemption, no extra",
 "", "same rule; 2025 rate 4% and its own standard deduction (see KY.yaml)")
add("LA","Form L-4 (R-1300)","statusAllowances","Block A claim 0",0,None,
 "If the employee does not complete an L-4, R-1300 requires withholding with no standard deduction. [...] Default 0 is R-1300's own rule when no L-4 is on file — withhold without any standard deduction.",
 [ob("la-declaration.ts","R-1306 (1/26), R-1300 (1/26); commit da1f8cf0")],
 "one source","a","Block A = 0 (no $12,875 standard deduction), i.e. maxAllowances' 0",
 "", "same rule (2025 deduction 12,500)")
add("ME","Form W-4ME","statusAllowances","single",0,None,
 "If the employee does not provide a valid W-4ME, MRS requires withholding as single with no allowances.",
 [ob("me-declaration.ts","MRS tables rev. Dec. 2025, Rule 803"),
  {"title":"18-125 C.M.R. ch. 803 §08 (Form W-4ME), casetext mirror; refers to 'Section .08(C)' for withholding without a valid certificate, text of (C) not seen","url":"https://d1tvxue8o4w0fl.cloudfront.net/regulation/maine-administrative-code/department-18-department-of-administrative-and-financial-services/division-125-bureau-of-revenue-services/chapter-803-income-tax-withholding-reports-and-payments/section-125-803-08-form-w-4me"}],
 "one source","a","single, 0 allowances")
add("MD","Form MW507","statusAllowances","Single (Guide names no status; openbooks' choice)",1,None,
 "If an employee fails to furnish a certificate, the employer is required to withhold the tax as if the employee had claimed one withholding exemption.",
 [ob("md-declaration.ts","quotes the 2026 Maryland Employer Withholding Guide"),
  {"title":"ELGUEDDARI/statelinecalc .tooling/test/verif-retenue-md.js (checks the string 'as if the employee had claimed one withholding exemption' in the official 2026 guide; per drafts-5/MD/NOTES.md)","url":"https://github.com/ELGUEDDARI/statelinecalc/blob/main/.tooling/test/verif-retenue-md.js"},
  {"title":"Deltek help, Maryland Tax: 'If the employee did not submit Form MW-507, enter 1 for the number of exemptions.'","url":"https://help.deltek.com/Product/DeltekPS/1.1/pay_Maryland_Tax.html"}],
 "corroborated","a","ONE exemption ($3,200); status not stated by the Guide (Single by choice); county still needed",
 "NFC's own payroll (2024 bulletin) uses 'Single and zero (00) exemptions' and Salisbury University (state payroll) the highest local rate (3.20%) for no certificate: those are employers' practices, not the Guide.")
add("MA","Form M-4","statusAllowances",None,0,None,
 "If you do not file a certificate, your employer must withhold on the basis of no exemptions.",
 [{"title":"braedonsaunders/openbooks, engine/src/payroll/us/jurisdictions.ts (MA_M4: quotes Form M-4 / Circular M (Rev. 12/25) p. 12; local mirror commit b47e6ec7)","url":"https://github.com/braedonsaunders/openbooks/blob/main/engine/src/payroll/us/jurisdictions.ts"}],
 "one source","a","0 exemptions (no HoH, no blindness credits)")
add("MI","Form MI-W4","statusAllowances",None,0,None,
 "If you fail or refuse to file this form, your employer must withhold Michigan income tax from your wages without allowance for any exemptions.",
 [{"title":"Form MI-W4 (Rev. 12-20) copy (fill.io)","url":"https://fill.io/MI-W4-EMPLOYEES-MICHIGAN-WITHHOLDING-EXEMPTION-CERTIFICATE-STATE-OF-9e8fadf9"},
  {"title":"Form MI-W4 (Rev. 12-20) copy (ses.stf.com)","url":"https://ses.stf.com./bookmarks/Ricky%20McGill/Rickys%20Municipalities_wsw/0010/202305191135408521552.htm_old.htm"},
  ob("mi.ts")],
 "official","a","0 exemptions; 'The federal W-4 cannot be used in place of the MI-W4' (openbooks, Form 446)")
add("MN","Form W-4MN","statusAllowances","Single",0,None,
 "If no completed W-4MN is on file, the employer must withhold at the single filing status with zero allowances. / If the employee does not complete a Form W-4MN, withhold at the single filing status with zero allowances.",
 [ob("mn-declaration.ts","2026 Minnesota Withholding Tax Instructions and Tables; W-4MN Rev. 4/26")],
 "one source","a","Single, 0 allowances",
 "MN.yaml lists a booklet example 'daily $100, no W-4MN' (4.65), consistent with single/0.")
add("MS","Form 89-350","statusAllowances","Single",0,None,
 "EMPLOYEE: File this form with your employer. Otherwise, you must withhold Mississippi income tax from the full amount of your wages. // (openbooks) If the employee does not furnish an 89-350, Pub. 89-700 requires withholding as Single with zero exemption.",
 [{"title":"Form 89-350-22-8-1-000 (Rev. 10/22), stored copy","url":"https://ses.stf.com/bookmarks/Candice%20Butts/Candice_wsw/0027/202303101230356089700.htm"},
  {"title":"35 Miss. Code R. 3-11-07-103 (invalid certificate: 'withhold from the employee on the basis of a zero exemption'), casetext","url":"https://casetext.com/regulation/mississippi-administrative-code/title-35-department-of-revenue/part-3-income-and-franchise/subpart-11-withholding/chapter-07-withholding-of-tax-requirements-of/section-35-3-11-07-103"},
  ob("ms-declaration.ts","Pub. 89-700-25-1 (Rev. 07/25)")],
 "official","a","Single ($2,300 standard deduction), $0 exemption amount",
 "Zero exemption: official (form, regulation). 'Single' (the standard deduction column): openbooks only.")
add("MO","Form MO W-4","statusAllowances","Single",None,None,
 "If the employee does not complete Form MO W-4, Form 4282 requires withholding at a single tax rate.",
 [ob("mo-declaration.ts","Form 4282 (Rev. 03-2026); commit da1f8cf0")],
 "one source","a","Single (Missouri has no allowances)")
add("MT","Form MW-4","statusAllowances","Single (line 1a)",None,None,
 "If the employee does not complete an MW-4, the form requires withholding using the single filing status on line 1a.",
 [ob("mt-declaration.ts","MW-4 (2026), 2026 guide")],
 "one source","a","line 1a single / MFS (no allowances in Montana)")
add("NE","Form W-4N (or federal W-4)","statusAllowances","single",0,None,
 "If the employee does not furnish a W-4N or federal W-4, Circular EN requires withholding as single with no allowances.",
 [ob("ne-declaration.ts","Circular EN 2026")],
 "one source","a","single, 0 allowances; a federal W-4 on file may be used for status/allowances",
 "The >24-employee special procedure (1.5% floor) is separate.")
add("NJ","Form NJ-W4","federalW4","federal W-4 marital status (HoH -> Rate B); no W-4 at all: Single (Rate A)",0,None,
 "If an employee submits a 2020 federal Form W-4 and does not submit a Form NJ-W4, use the marital status on the 2020 federal Form W-4 with zero allowances. [...] If an employee does not submit a 2020 federal Form W-4 or a Form NJ-W4, withhold using Single (Rate A Table) with zero allowances. [...] If an employee submits a federal Form W-4 and checks 'Head of Household' but does not complete a Form NJ-W4, withhold using 'Rate B' Table with zero allowances.",
 [{"title":"ADP Comprehensive Services newsletter, March 2020, 'New Jersey withholding changes' (read by the drafts-5/NJ helper)","url":"http://adpcomprehensiveservicesnewsletter.com/Archives/ADP-Comprehensive-Services-Insights-and-Solutions-newsletter-March-2020/ArtMID/4378/ArticleID/2567/New-Jersey-withholding-changes"},
  ob("nj.ts","says NJ-WT (Sept. 2025) states NO rule; chooses Rate A, 0 allowances")],
 "one source","c","federal W-4 status -> Rate A (single, MFS) or Rate B (MFJ, HoH, QSS), 0 allowances; no W-4: Rate A, 0",
 "NFC TAXES-21-13 agrees on zero allowances (per drafts-5/NJ/NOTES.md). Whether the current NJ-WT still carries the 2020 guidance was not verified.")
add("NM","none (copy of federal W-4 marked 'For New Mexico State Withholding Only')","federalW4","federal W-4 filing status (single / married / HoH; higher single rate -> single)",None,None,
 "Employees may continue to use any Federal Form W-4 for New Mexico withholding but the New Mexico state withholding tables found in this publication should be used. // New Mexico does not have a state equivalent of the federal W-4 form.",
 [{"title":"NM TRD, FYI-104 (eff. Jan. 1, 2022), stored copy","url":"https://ses.stf.com/bookmarks/Jessica%20Spicer/JS_wsw/0022/2023060211230575622922.htm"},
  {"title":"EY Tax News 2020-0011","url":"https://taxnews.ey.com/news/2020-0011"},
  ob("nm.ts","FYI-104 REV. 11/2025: 'With NO certificate at all FYI-104 states no default column' (single column by choice)")],
 "official","c","federal W-4 Step 1(c) status picks the table column; no allowances; no W-4 at all: not stated (openbooks: single)",
 "The no-W-4-at-all case is NOT FOUND in FYI-104.")
add("NY","Form IT-2104","federalW4","not stated (federal W-4's, by the wording)",0,None,
 "If the federal Form W-4 you most recently submitted to your employer was for tax year 2019 or earlier, and you did not file Form IT-2104, your employer may use the same number of allowances you claimed on your federal Form W-4. [...] if you submit a federal Form W-4 to your employer for tax year 2020 or later, and you do not file Form IT-2104, your employer may use zero as your number of allowances.",
 [{"title":"Form IT-2104 (2022) instructions, stored copy (jotform)","url":"https://hipaa.jotform.com/220655920775158"},
  {"title":"NYS-50 (10/11) p. 30, Q 'Employee's withholding allowance certificate' (formsbank copy)","url":"https://www.formsbank.com/template/336045/form-nys-50-employer-s-guide-to-unemployment-insurance-wage-reporting-and-withholding-tax.html?page=30"},
  {"title":"braedonsaunders/openbooks, engine/src/payroll/us/jurisdictions.ts NY_IT2104: 'With no IT-2104 on file and a 2020-or-later federal W-4, use zero.')","url":"https://github.com/braedonsaunders/openbooks/blob/main/engine/src/payroll/us/jurisdictions.ts"}],
 "official","c","2020+ federal W-4: 0 NYS/NYC allowances; pre-2020 W-4: its allowances; status: not stated",
 "'may use' (permissive). No sentence on the filing status or on an employee with no W-4 at all was seen.")
add("NC","Form NC-4","statusAllowances","Single",0,None,
 "If you do not submit Form NC-4 to your employer, your employer must withhold as if your filing status is \"Single\" with no withholding allowances.",
 [{"title":"Form NC-4 (Web 11-21), stored copy","url":"https://info.5y1.org/nc-5-withholding_1_ca09f8.html"},
  {"title":"Form NC-4 copy (jotform)","url":"https://form.jotform.com/230890678501460"},
  ob("nc.ts")],
 "official","a","Single (single/MFS/QSS schedule), 0 allowances")
add("ND","none: federal Form W-4","federalW4","federal W-4 Step 1(c) status; no W-4: single",None,None,
 "North Dakota has no state W-4. Section 2 withholds from the federal W-4 Step 1(c) filing status. A newly hired employee who has not submitted a W-4 is treated as single.",
 [ob("nd-declaration.ts","ND 2026 withholding rates and instructions, Section 2")],
 "one source","c","federal W-4 Step 1(c) status (pre-2020 W-4: allowances x 5,050); none: single")
add("OH","Form IT 4","statusAllowances",None,0,None,
 "With no IT 4 on file the declared default is zero exemptions, which is the certificate's statutory default",
 [ob("oh.ts","IT 4 Rev. 01/24")],
 "one source","a","0 exemptions (no status in Ohio)","openbooks calls it statutory but quotes no text.")
add("OK","Form OK-W-4","statusAllowances","single",0,None,
 "If an employee fails to provide the employer an Oklahoma Form W-4, the employer must withhold tax as if the employee were a single person who has claimed no withholding allowances.",
 [{"title":"Okla. Admin. Code 710:90-1-7(f) (casetext, current through Dec. 16, 2024)","url":"https://print.casetext.com/regulation/oklahoma-administrative-code/title-710-oklahoma-tax-commission/chapter-90-withholding/subchapter-1-general-provisions/section-71090-1-7-computation-of-tax-to-be-withheld"},
  ob("ok-declaration.ts","blank OK-W-4 = Single, 0 (its own reading)")],
 "official","a","single, 0 allowances")
add("OR","Form OR-W-4 (or a pre-2020 / Oregon-only federal W-4)","flatRate",None,None,"0.08",
 "If a statement or certificate is not provided to the employer as required under subsection (1) of this section, the employer shall withhold tax from the wages paid to the employee at the rate of eight percent of the wages. // (OAR 150-316-0234(3)) If an employee's Oregon withholding is determined based upon [a 2019 or prior federal Form W-4], and the employee submits a 2020 or later version of the federal Form W-4 to the employer without also providing Form OR-W-4, the employer must withhold for Oregon at a rate of eight percent.",
 [{"title":"ORS 316.182(3) (lawserver copy)","url":"https://lawserver.com/law/state/oregon/or-statutes/oregon_statutes_316-182"},
  {"title":"OAR 150-316-0234 (casetext)","url":"https://casetext.com/regulation/oregon-administrative-code/chapter-150-department-of-revenue/division-316-personal-income-tax-general-provisions/section-150-316-0234-withholding-statement-and-exemption-certificate"},
  {"title":"EY Tax News 2019-1043 (HB 2119, effective Jan. 1, 2020)","url":"https://taxnews.ey.com/news/2019-1043-oregon-law-requires-flat-percentage-of-withholding-for-employees-who-fail-to-submit-form-or-w-4"},
  ob("or-declaration.ts")],
 "official","b","8% of wages, no deduction, no federal-tax subtraction",
 "A 2019-or-earlier federal W-4 (or Oregon-only W-4) still counts as a withholding statement until the employee gives a 2020+ federal W-4.")
add("PA","none (no state withholding certificate; REV-419 only for non-withholding)","flatRate",None,None,"0.0307",
 "Pennsylvania does not have a state withholding exemption certificate. A flat 3.07 percent rate is applied to determine the appropriate level of state income tax to withhold from earnings. // Pennsylvania does not have a form equivalent to the federal Form W-4 because the personal income tax is a flat rate of tax",
 [{"title":"aokcpas, Pennsylvania income tax withholding requirements","url":"http://aokcpas.com/content/bot/pennsylvania-income-tax-withholding-requirements.html"},
  {"title":"copy of the PA DOR FAQ 'What are Pennsylvania's employer withholding requirements?' (pages.dev mirror)","url":"https://anynodyfilesarial.pages.dev/353378.html"},
  {"title":"legalclarity.org, Does PA have a state withholding form? (cites 61 Pa. Code 113.3)","url":"https://legalclarity.org/does-pa-have-a-state-withholding-form"}],
 "corroborated","b","3.07% of compensation for everyone (no default needed)")
add("RI","Form RI W-4","statusAllowances",None,0,None,
 "A missing RI W-4 is withheld at zero allowances. [...] Default zero is a blank RI W-4 — nothing claimed is zero. Federal Form W-4 is not a substitute.",
 [ob("ri-declaration.ts","2026 Employer's Income Tax Withholding Tables; commit 2cc0ef98")],
 "one source","a","0 allowances (no status in Rhode Island)",
 "openbooks' inference, no Division text. templateroller's generated FAQs contradict each other ('single with no allowances' vs 'highest withholding rate'): not cited.")
add("SC","Form SC W-4","statusAllowances",None,0,None,
 "If a new employee does not provide an SC W-4, SCDOR requires the employer to withhold at zero allowances.",
 [ob("sc-declaration.ts","cites WH-1603F 2026, WH-105, SCDOR Withholding FAQs")],
 "one source","a","0 allowances, hence no standard deduction (standardDeductionShare needs 1+)")
add("UT","none: federal Form W-4","federalW4","federal W-4 filing status; no W-4: Single",None,None,
 "Utah has no state W-4. Pub 14 withholds from the federal W-4 filing status and the Utah schedules. With no W-4 on file the federal default is Single, which is the Single column.",
 [ob("ut-declaration.ts","Pub. 14 Rev. 4/26 and 4/25")],
 "one source","c","federal W-4 status column (HoH -> Single); none: Single (by the federal rule, not a Utah sentence)")
add("VT","Form W-4VT","statusAllowances","Single",0,None,
 "A missing W-4VT is withheld as single with zero allowances.",
 [ob("vt-declaration.ts","GB-1210 2026")],
 "one source","a","Single, 0 allowances")
add("VA","Form VA-4","statusAllowances",None,0,None,
 "If you do not file this form, your employer must withhold Virginia income tax as if you had no exemptions.",
 [{"title":"Form VA-4 instructions, stored copy (fill.io)","url":"https://fill.io/FORM-VA-4-PERSONAL-EXEMPTION-WORKSHEET-cb9e6fe2"},
  ob("va-declaration.ts","Form VA-4; federal W-4 may not be substituted")],
 "official","a","0 personal and 0 age/blind exemptions (no status in Virginia)")
add("WV","Form WV/IT-104","statusAllowances","two-earner (default) table",0,None,
 "If the employee does not complete the form, no exemptions are claimed and the two-earner percentage tables apply — IT-104's own warning is that withholding \"may not be sufficient,\" not that the employer may skip withholding.",
 [ob("wv-declaration.ts","IT-104 Rev. 03/2023, IT-100.2A March 2026"),
  {"title":"Form WV IT-104 (2023) text (taxformfinder): only 'If you do not complete this form, the amount of tax that is now being withheld from your pay may not be sufficient...'","url":"https://www.taxformfinder.org/westvirginia/form-wv-it-104"}],
 "one source","a","0 exemptions, two-earner table (line 5 unchecked)","No explicit Tax Division sentence seen.")
add("WI","Form WT-4","statusAllowances","not named (openbooks: Single)",0,None,
 "If the employee fails to provide such certificate, such employee, for withholding purposes, shall be considered as claiming no withholding exemptions.",
 [{"title":"Wis. Stat. 71.66(1)(a) (instalawyer copy)","url":"https://instalawyer.io/laws/wisconsin-statutes-annotations/chapter-71-income-and-7166-employee-exemption-certificates"},
  ob("wi-declaration.ts","W-166 (Jan. 2026) p. 8, same words; 'does not name a marital status'")],
 "official","a","0 exemptions; status not named (Single by choice)")

assert len(S)==42, len(S)
out=[]
for e in S:
    for y in (2026,2025):
        out.append({"state":e["state"],"year":y,"rule":e["rule"],"status":e["status"],"allowances":e["allowances"],
                    "rate":e["rate"],"quote":e["quote"],"sources":e["sources"],"grade":e["grade"],
                    **({"note2025":e["diff2025"]} if y==2025 else {}),
                    "certificate":e["cert"],"expressed":e["expr"],"notes":e["notes"]})
json.dump(out,open("/tmp/wh24/h3/defaults.json","w"),indent=1,ensure_ascii=False)

from collections import Counter
c=Counter(e["rule"] for e in S); g=Counter(e["grade"] for e in S)
L=[]
L.append("# State withholding when no state certificate is on file (2026; 2025)\n")
L.append("Helper report for the taxdata project (brief /tmp/wh24/h3/PROMPT.md). 42 jurisdictions. Kinds: (a) statusAllowances, (b) flatRate, (c) federalW4, (d) other / not found.\n")
L.append(f"Counts: {dict(c)}; grades: {dict(g)}. `defaults.json` has one row per state per year (2026 and 2025; 2025 repeats 2026 unless `note2025` says otherwise).\n")
L.append("Grades: `official` = the authority's own words read in a stored copy here (form text, statute or regulation, DOR page); `corroborated` = two independent secondary sources; `one source` = one source (mostly openbooks); `not found`.\n")
L.append("'openbooks' = braedonsaunders/openbooks, engine/src/payroll/us/states/ (stored index versions, Aug.-Sept. 2026 commits); its quotes of official booklets are secondary.\n")
L.append("| St | Certificate | Kind | Expressed as | No-certificate rule (quote) | Sources | Grade | 2025 | Notes |")
L.append("|---|---|---|---|---|---|---|---|---|")
def esc(s): return (s or "").replace("|","\\|").replace("\n"," ")
for e in S:
    src="<br>".join(f"[{esc(s['title'])}]({s['url']})" for s in e["sources"])
    L.append(f"| {e['state']} | {esc(e['cert'])} | ({e['kind']}) {e['rule']} | {esc(e['expr'])} | \"{esc(e['quote'])}\" | {src} | {e['grade']} | {esc(e['diff2025'])} | {esc(e['notes'])} |")
open("/tmp/wh24/h3/DEFAULTS.md","w").write("\n".join(L)+"\n")
print(c,g)
