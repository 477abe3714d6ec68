import Foundation
import TaxDataCore
import Yams

/// Reading the parts of a state file that are not income-tax law: SDI, the mental health tax,
/// New York City's tax and the local-tax summary.
extension YAMLDocument {
    /// `sdi: {rate, wageBase, maxTax?, maxWeekly?}`; `wageBase: null` means uncapped.
    /// An omitted `maxTax` is derived from a capped wage base.
    func sdi(_ node: Node, _ path: DataPath) -> StateData.SDI? {
        guard var m = mapping(node, path) else { return nil }
        let rate = m.required("rate").flatMap { self.rate($0, path.key("rate")) }
        let wageBase = m.required("wageBase").flatMap { nullableDecimal($0, path.key("wageBase")) }
        let maxNode = m.optional("maxTax")
        let maxTax = maxNode.flatMap { nullableDecimal($0, path.key("maxTax")) }
        let weeklyNode = m.optional("maxWeekly")
        let maxWeekly = weeklyNode.flatMap { decimal($0, path.key("maxWeekly")) }
        m.finish()
        guard let rate, let wageBase, maxNode == nil || maxTax != nil, weeklyNode == nil || maxWeekly != nil else { return nil }
        let derived = wageBase.map { Money.roundedToCent(rate * $0) }
        return .init(rate: rate, wageBase: wageBase, maxTax: maxNode == nil ? derived : maxTax!, maxWeekly: maxWeekly)
    }

    func mentalHealthTax(_ node: Node, _ path: DataPath) -> StateData.MentalHealthTax? {
        guard var m = mapping(node, path) else { return nil }
        let threshold = m.required("threshold").flatMap { decimal($0, path.key("threshold")) }
        let rate = m.required("rate").flatMap { self.rate($0, path.key("rate")) }
        m.finish()
        guard let threshold, let rate else { return nil }
        return .init(threshold: threshold, rate: rate)
    }

    func nycTax(_ node: Node, _ path: DataPath) -> StateData.NYCTax? {
        guard var m = mapping(node, path) else { return nil }
        let brackets = m.required("brackets").flatMap { scheduleTable($0, path.key("brackets")) }
        m.finish()
        return brackets.map { .init(brackets: $0) }
    }

    func localTax(_ node: Node, _ path: DataPath) -> StateData.LocalTax? {
        guard var m = mapping(node, path) else { return nil }
        let has = m.required("hasLocalTax").flatMap { bool($0, path.key("hasLocalTax")) }
        let averageNode = m.optional("averageRate")
        let average = averageNode.flatMap { rate($0, path.key("averageRate")) }
        var cities: [StateData.LocalTax.City]? = []
        if let citiesNode = m.optional("cities") {
            cities = sequence(citiesNode, path.key("cities")).flatMap { items in
                var result: [StateData.LocalTax.City] = []
                for (i, item) in items.enumerated() {
                    let cityPath = path.key("cities").index(i)
                    guard var c = mapping(item, cityPath) else { return nil }
                    let name = c.required("name").flatMap { string($0, cityPath.key("name")) }
                    let rate = c.required("rate").flatMap { self.rate($0, cityPath.key("rate")) }
                    c.finish()
                    guard let name, let rate else { return nil }
                    result.append(.init(name: name, rate: rate))
                }
                return result
            }
        }
        m.finish()
        guard let has, averageNode == nil || average != nil, let cities else { return nil }
        return .init(hasLocalTax: has, averageRate: average, cities: cities)
    }
}
