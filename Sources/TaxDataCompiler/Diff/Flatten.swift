import Foundation
import TaxDataCore

/// A tax year as values at their `DataPath`s (`TaxYearData.fields`, the walk the rules and
/// `new-year` share): scalars, and bracket schedules (compared with alignment), each with how it
/// is derived, if it is. Sources, notes and grades are left out: they are prose, not figures.
struct FlatYear {
    struct Scalar {
        var value: FlatValue
        var derivation: Derivation?
    }

    struct Schedule {
        var brackets: [Bracket]
        /// Set when the whole schedule copies another status's.
        var copy: Derivation?
    }

    var scalars: [DataPath: Scalar] = [:]
    var schedules: [DataPath: Schedule] = [:]

    init(_ data: TaxYearData, origin: YearOrigin) {
        let copies: CopyDetection = origin == .sources ? .declared : .inferred
        let walked = data.walk(copies: copies)
        for schedule in walked.schedules where !Self.locality(schedule.path) {
            schedules[schedule.path] = Schedule(brackets: schedule.brackets, copy: schedule.copyOf.map { .copy(of: $0) })
        }
        /// A value inside a schedule is compared with the schedule's brackets aligned.
        func inSchedule(_ path: DataPath) -> Bool {
            var current = path.parent
            while let candidate = current {
                if schedules[candidate] != nil { return true }
                current = candidate.parent
            }
            return false
        }
        // A locality is one value, its summary, keyed by its id: an added county is one line.
        for code in data.states.keys {
            for locality in data.states[code]!.localities ?? [] {
                scalars[DataPath(.state(code)).key("localities").key(locality.id)] = Scalar(value: .text(locality.summary), derivation: nil)
            }
        }
        // A payroll contribution is keyed by its id (and, for one in force part of the year, its first
        // day), not its position: one added before it is one added line, not every later one changed.
        var contributionKeys: [String: [String]] = [:]
        for code in data.states.keys {
            let list = data.states[code]!.payrollContributions ?? []
            contributionKeys[code] = list.map { c in
                list.filter { $0.id == c.id }.count > 1 ? "\(c.id)@\(c.effective?.from ?? "")" : c.id
            }
        }
        func keyed(_ path: DataPath) -> DataPath {
            guard case .state(let code) = path.document, path.components.count >= 2, case .key("payrollContributions") = path.components[0],
                  case .index(let i) = path.components[1], let keys = contributionKeys[code], i < keys.count else { return path }
            return DataPath(path.document, [.key("payrollContributions"), .key(keys[i])] + path.components.dropFirst(2))
        }
        for field in walked.fields where !Self.prose(field.path) && !inSchedule(field.path) && !Self.locality(field.path) {
            let value: FlatValue = switch field.value {
            case .number(let x): .number(x)
            case .text(let text): .text(text)
            case .flag(let flag): .text(String(flag))
            case .null: .text("null")
            }
            let derivation: Derivation? = field.copyOf.map { .copy(of: $0) } ?? field.derivation.map(Derivation.init)
            scalars[keyed(field.path)] = Scalar(value: value, derivation: derivation)
        }
    }

    /// Under a state's `localities`: compared as each locality's summary instead.
    static func locality(_ path: DataPath) -> Bool {
        guard case .state = path.document, case .key("localities")? = path.components.first else { return false }
        return true
    }

    /// Citations, notes and a document's own grade: not figures; nor are the citations and notes of
    /// a construct that carries its own (a payroll contribution's), though its grade is shown.
    static func prose(_ path: DataPath) -> Bool {
        guard case .key(let first)? = path.components.first else { return false }
        if ["sources", "notes", "provenance", "year"].contains(first) { return true }
        return path.components.dropFirst().contains { if case .key(let name) = $0 { name == "sources" || name == "notes" } else { false } }
    }
}
