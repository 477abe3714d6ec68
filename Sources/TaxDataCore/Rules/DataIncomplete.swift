/// A state that declares figures as `missing` is usable but incomplete: a warning, so authors and
/// reviewers see every gap, and a declared part that is not a known part name is an error.
public struct DataIncomplete: ValidationRule {
    public let id = RuleID.dataIncomplete
    public init() {}
    public func check(_ data: TaxYearData) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        for code in data.states.keys.sorted() {
            guard let missing = data.states[code]!.missing else { continue }
            for (index, part) in missing.enumerated() {
                let path = DataPath(.state(code)).key("missing").index(index)
                if StateData.missingParts.contains(part) {
                    findings.append(.warning(id, "\(code) \(data.meta.taxYear) lacks its official \(part): the data is incomplete until it is added", at: path))
                } else {
                    findings.append(.error(id, "'\(part)' is not a part name; use one of \(StateData.missingParts.sorted().joined(separator: ", "))", at: path))
                }
            }
        }
        return findings
    }
}
