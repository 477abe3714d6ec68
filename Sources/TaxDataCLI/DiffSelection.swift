import ArgumentParser
import Foundation
import TaxDataCompiler
import TaxDataCore

/// `diff --only federal,states/CA,federal/brackets.single`: the areas or paths a diff shows.
///
/// A filter that names no area, or a path that exists in neither year, is a usage error with the
/// nearest valid choice, never a silent "no changes".
struct DiffSelection {
    var filters: [String]

    init(_ list: String?) {
        filters = (list ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// What `--only` accepts before a path: `states` is every state.
    static let areas = ["federal", "fica", "retirement", "states"] + Jurisdiction.codes.map { "states/\($0)" }

    /// `states/CA/brackets.single` → `states/CA`; `federal/brackets` → `federal`.
    static func area(of filter: String) -> String {
        let parts = filter.split(separator: "/", omittingEmptySubsequences: false)
        return (parts[0] == "states" && parts.count > 1 ? parts.prefix(2) : parts.prefix(1)).joined(separator: "/")
    }

    /// Whether a change, a warning or a value at `address` (`federal/brackets.single[0].ceiling`) is shown.
    func selects(_ address: String) -> Bool {
        filters.isEmpty || filters.contains { Self.covers($0, address) }
    }

    /// `filter` is `address` or one of its ancestors.
    static func covers(_ filter: String, _ address: String) -> Bool {
        guard address.hasPrefix(filter) else { return false }
        let rest = address.dropFirst(filter.count)
        return rest.isEmpty || ["/", ".", "["].contains(rest.first!)
    }

    /// Usage error for a filter whose area is not one (`fedral`, `states/XX`).
    func validateAreas() throws {
        for filter in filters where !Self.areas.contains(Self.area(of: filter)) {
            let area = Self.area(of: filter)
            let guess = KeySuggestion.closest(to: area, in: Self.areas).map { " did you mean '\($0)'?" } ?? ""
            throw ValidationError("""
                --only: '\(area)' is not an area.\(guess) Valid areas: federal, fica, retirement, states (every state), \
                states/XX for one of \(Jurisdiction.codes.joined(separator: " ")); a path after an area narrows it \
                (federal/brackets.single).
                """)
        }
    }

    /// Usage error for a filter that names no value in either year (`federal/brackets.singel`).
    func validatePaths(in paths: [DataPath]) throws {
        let addresses = paths.map(\.address)
        for filter in filters where !addresses.contains(where: { Self.covers(filter, $0) || Self.covers($0, filter) }) {
            // Candidates: every address and each of its ancestors, in the filter's area.
            let area = Self.area(of: filter)
            var candidates = Set<String>()
            for path in paths where path.area == area || area == "states" {
                var current: DataPath? = path
                while let p = current { candidates.insert(p.address); current = p.parent }
            }
            let guess = KeySuggestion.closest(to: filter, in: candidates.sorted()).map { " Did you mean '\($0)'?" } ?? ""
            throw ValidationError("--only: '\(filter)' names no value in either year.\(guess)")
        }
    }
}
