import Foundation

/// An amount the law adjusts for inflation every year, as `taxdata new-year` indexes it.
public struct IndexedAmount: Sendable, Equatable {
    public var path: DataPath
    public var value: Decimal
    /// How the law rounds it after indexing (`FieldCatalogue`).
    public var indexing: Indexing
    /// For a bracket ceiling, the rates of its schedule: a ceiling is comparable with last year's
    /// at the same path only when the schedule kept its brackets.
    public var scheduleRates: [Decimal]?
}

extension TaxYearData {
    /// The amounts indexed for inflation, written values only (a `sameAs` copy is its original's):
    /// the fields whose `FieldCatalogue` row carries an `Indexing` (for a state's, only when the
    /// state declares `indexed: true`).
    ///
    /// `NextYear` scaffolds exactly these as provisional values (a test holds the two together).
    public var inflationIndexedAmounts: [IndexedAmount] { inflationIndexedAmounts(walked: walk()) }

    /// `inflationIndexedAmounts` from a walk already made (`walk()`, with the default copy detection).
    public func inflationIndexedAmounts(walked: (fields: [Field], schedules: [WalkedSchedule])) -> [IndexedAmount] {
        let (fields, schedules) = walked
        let rates = Dictionary(schedules.map { ($0.path, $0.brackets.map(\.rate)) }, uniquingKeysWith: { first, _ in first })
        return fields.compactMap { field in
            guard field.isWritten, let indexing = field.indexing, let value = field.value.number else { return nil }
            let schedule = field.path.lastKey == "ceiling" ? field.path.parent?.parent : nil
            return IndexedAmount(path: field.path, value: value, indexing: indexing, scheduleRates: schedule.flatMap { rates[$0] })
        }
    }
}
