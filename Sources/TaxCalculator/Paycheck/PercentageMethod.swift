import Foundation
import TaxDataCore

/// Publication 15-T, Worksheet 1A (the percentage method for automated payroll systems), exact:
/// the caller rounds.
enum PercentageMethod {
    /// The period's federal income tax withholding on `wages` (line 1a: the period's taxable
    /// wages, a nonresident alien's Table 1 or 2 amount already added), before rounding.
    ///
    /// Form W-4 from 2020 or later:
    /// 1c = wages × periods; 1e = 1c + Step 4(a); 1h = Step 4(b) + line 1g (0 when the Step 2 box
    /// is checked); 1i = max(0, 1e − 1h), the adjusted annual wage; 2g = the schedule's tentative
    /// amount on it (STANDARD, or Step 2 Checkbox); 2h = 2g / periods; 3c = max(0, 2h − Step 3 /
    /// periods); 4b = 3c + Step 4(c).
    ///
    /// Form W-4 from 2019 or earlier: 1l = max(0, 1c − allowances × line 1k's value), on the
    /// STANDARD schedule of single (single, or married withholding at the single rate) or married
    /// filing jointly (married); plus line 6's extra amount.
    static func perPeriod(_ method: FederalWithholding, w4: FormW4, wages: Decimal, frequency: PayFrequency) -> Decimal {
        let periods = Decimal(frequency.periods)
        let annual = wages * periods
        let adjusted: Decimal, schedule: [WithholdingRow]
        if w4.isRedesigned {
            let line1g = w4.multipleJobs ? 0 : method.standardAllowance[w4.filingStatus]
            adjusted = Swift.max(0, annual + w4.otherIncome - (w4.deductions + line1g))
            schedule = (w4.multipleJobs ? method.checkbox : method.standard)[w4.filingStatus]
        } else {
            adjusted = Swift.max(0, annual - Decimal(w4.allowances) * method.allowance)
            schedule = method.standard[w4.filingStatus == .marriedFilingJointly ? .marriedFilingJointly : .single]
        }
        // Lines 2h, 3a and 3c as one division: (2g − Step 3) / periods, the exact value of 2h − 3a, so a
        // result that falls on a half cent is that half cent (two divisions would each round at
        // Decimal's 38 digits), which the fixed-point path computes too.
        let tentative = schedule.tentative(on: adjusted)
        let afterCredits = w4.isRedesigned ? Swift.max(0, tentative - w4.dependentsAmount) / periods : tentative / periods
        return afterCredits + w4.extraWithholding
    }
}
