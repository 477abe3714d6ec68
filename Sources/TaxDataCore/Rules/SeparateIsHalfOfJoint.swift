import Foundation

/// Federal law sets married-filing-separately at half of married-filing-jointly: every bracket
/// ceiling (26 U.S.C. §1), the standard deduction (§63(c)(2)), and the Additional Medicare
/// threshold (§3101(b)(2)). A warning where the data disagrees: the classic copy-paste error is
/// a separate figure copied from the joint one.
public struct SeparateIsHalfOfJoint: ValidationRule {
    public let id = RuleID.sanitySeparateHalfJoint
    public init() {}

    public func check(_ data: TaxYearData) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        func compare(_ separate: Decimal?, _ joint: Decimal?, _ path: DataPath, _ what: String) {
            guard let separate, let joint, separate != joint / 2 else { return }
            findings.append(.warning(id, "\(what): married_filing_separately is \(Money.text(separate)), not half of married_filing_jointly's \(Money.text(joint)) (\(Money.text(joint / 2)))",
                                     at: path))
        }
        let f = data.federal
        compare(f.standardDeduction[.marriedFilingSeparately], f.standardDeduction[.marriedFilingJointly],
                DataPath(.federal).key("standardDeduction").key(FilingStatus.marriedFilingSeparately.rawValue), "federal standardDeduction")
        if let separate = f.brackets[.marriedFilingSeparately], let joint = f.brackets[.marriedFilingJointly], separate.count == joint.count {
            for index in separate.indices {
                compare(separate[index].ceiling, joint[index].ceiling,
                        DataPath(.federal).key("brackets").key(FilingStatus.marriedFilingSeparately.rawValue).index(index).key("ceiling"),
                        "federal \(Ordinal.bracket(index))'s ceiling")
            }
        }
        let t = data.fica.medicare.thresholds
        compare(t[.marriedFilingSeparately], t[.marriedFilingJointly],
                DataPath(.fica).key("medicare").key("thresholds").key(FilingStatus.marriedFilingSeparately.rawValue), "Additional Medicare threshold")
        return findings
    }
}
