import Foundation

/// One value of a tax year at its path, with what it is: the single walk of the model that the
/// rules (`amount.negative`, `rate.range`), `diff` and `new-year` share.
///
/// The walk is the model's own `Encodable` conformance (the bundle's shape), recorded leaf by leaf,
/// so a field added to the model is walked without being taught to anyone; what it *is* (an amount,
/// a rate, an age…) and how `new-year` indexes it come from one row of `FieldCatalogue`, and a test
/// fails while a field has no row.
public struct Field: Sendable, Equatable {
    public enum Value: Sendable, Equatable {
        case number(Decimal)
        case text(String)
        case flag(Bool)
        /// An explicit `null` (an open top bracket's ceiling, an uncapped wage base).
        case null

        public var number: Decimal? { if case .number(let x) = self { x } else { nil } }
    }

    public var path: DataPath
    public var value: Value
    public var spec: FieldSpec
    /// Set when the value sits under a filing status that copies another's (`sameAs` in the
    /// sources; equal to an earlier status's whole value in a bundle): the status it copies.
    public var copyOf: FilingStatus?

    /// Written by an author, not a copy of another status's value.
    public var isWritten: Bool { copyOf == nil }

    /// Derived from other values of the year: a copy, or a floor, base tax or maximum tax that
    /// rules fix from its neighbours (`derivation` says which; a statutory base tax is not derived).
    public var derivation: FieldSpec.Derivation? { spec.derivation }

    /// How `new-year` indexes this value for inflation, or nil when it is carried over as it is.
    public var indexing: Indexing? { spec.indexing }
}

/// Which `sameAs` copies the walk reports.
public enum CopyDetection: Sendable {
    /// As the sources declared them (`{ sameAs: … }`).
    case declared
    /// Inferred from equal values, as in a bundle (which carries every status expanded): a status
    /// whose whole value equals that of a status before it in contract order.
    case inferred
}

/// A status table as the walk sees it, whatever its value type.
protocol StatusTableWalkable {
    func copies(_ detection: CopyDetection) -> [FilingStatus: FilingStatus]
}

extension StatusTable: StatusTableWalkable {
    func copies(_ detection: CopyDetection) -> [FilingStatus: FilingStatus] {
        switch detection {
        case .declared:
            return aliases
        case .inferred:
            let values = expanded
            var copies: [FilingStatus: FilingStatus] = [:]
            for (i, status) in FilingStatus.allCases.enumerated() {
                guard let value = values[status] else { continue }
                if let original = FilingStatus.allCases.prefix(i).first(where: { values[$0] == value }) {
                    copies[status] = original
                }
            }
            return copies
        }
    }
}

extension TaxYearData {
    /// Every value of the federal, FICA, retirement and state documents at its path, in path order
    /// (array positions numerically). Source-only annotations (`provisional`, written grades) are
    /// not values, and neither is `year.yaml`'s metadata.
    public func fields(copies: CopyDetection = .declared) -> [Field] {
        let recorder = FieldRecorder(copies: copies)
        recorder.walk(federal, at: DataPath(.federal))
        recorder.walk(fica, at: DataPath(.fica))
        recorder.walk(retirement, at: DataPath(.retirement))
        for code in states.keys.sorted() {
            recorder.walk(states[code]!, at: DataPath(.state(code)))
        }
        let statutory = Set(recorder.leaves.filter { $0.value == .flag(true) && $0.path.lastKey == "statutoryBaseTax" }
            .compactMap(\.path.parent))
        var fields = recorder.leaves.map { leaf in
            var spec = FieldCatalogue.spec(for: leaf.path, in: self)
            // A base tax the law fixes is written, not derived.
            if spec.derivation == .baseTax, let bracket = leaf.path.parent, statutory.contains(bracket) { spec.derivation = nil }
            return Field(path: leaf.path, value: leaf.value, spec: spec, copyOf: leaf.copyOf)
        }
        fields.sort { DataPath.structuralOrder($0.path, $1.path) }
        return fields
    }

    /// The bracket schedules of the year (every `[Bracket]` in the model, wherever it sits) at their
    /// paths, with the status each copies when it is a copy.
    public func schedules(copies: CopyDetection = .declared) -> [(path: DataPath, brackets: [Bracket], copyOf: FilingStatus?)] {
        let recorder = FieldRecorder(copies: copies)
        recorder.walk(federal, at: DataPath(.federal))
        for code in states.keys.sorted() { recorder.walk(states[code]!, at: DataPath(.state(code))) }
        return recorder.schedules.sorted { DataPath.structuralOrder($0.path, $1.path) }
    }
}

extension DataPath {
    /// The last component's key, if it is a key.
    public var lastKey: String? {
        if case .key(let name)? = components.last { name } else { nil }
    }

    /// Document, then component by component, array positions numerically (`[2]` before `[10]`).
    public static func structuralOrder(_ a: DataPath, _ b: DataPath) -> Bool {
        if a.document != b.document { return a.document < b.document }
        for (x, y) in zip(a.components, b.components) where x != y {
            switch (x, y) {
            case let (.index(i), .index(j)): return i < j
            case let (.key(m), .key(n)): return m < n
            case (.index, .key): return true
            case (.key, .index): return false
            }
        }
        return a.components.count < b.components.count
    }
}

// MARK: - The recording encoder

/// Records the leaves an `Encodable` value writes, at their `DataPath`s.
final class FieldRecorder {
    struct Leaf {
        var path: DataPath
        var value: Field.Value
        var copyOf: FilingStatus?
    }

    let copies: CopyDetection
    var leaves: [Leaf] = []
    var schedules: [(path: DataPath, brackets: [Bracket], copyOf: FilingStatus?)] = []
    /// Status → the status it copies, for each status table met so far, by the table's path.
    private var copyMaps: [DataPath: [FilingStatus: FilingStatus]] = [:]

    init(copies: CopyDetection) { self.copies = copies }

    func walk(_ value: some Encodable, at path: DataPath) {
        do { try record(value, at: path) } catch {
            // A model that encodes a binary floating-point number: kept as a leaf no catalogue row
            // classifies, so the catalogue's test names it.
            leaves.append(Leaf(path: path, value: .text("unwalkable: \(error)"), copyOf: nil))
        }
    }

    /// The status a value at `path` copies: the copy map of the nearest enclosing status table.
    func copyOf(_ path: DataPath) -> FilingStatus? {
        var components = path.components
        while let last = components.popLast() {
            if case .key(let name) = last, let status = FilingStatus(rawValue: name),
               let map = copyMaps[DataPath(path.document, components)] {
                return map[status]
            }
        }
        return nil
    }

    func leaf(_ value: Field.Value, at path: DataPath) {
        leaves.append(Leaf(path: path, value: value, copyOf: copyOf(path)))
    }

    func record<T: Encodable>(_ value: T, at path: DataPath) throws {
        switch value {
        case let x as Decimal: leaf(.number(x), at: path)
        case let x as String: leaf(.text(x), at: path)
        case let x as Bool: leaf(.flag(x), at: path)
        case let x as Int: leaf(.number(Decimal(x)), at: path)
        default:
            if let table = value as? StatusTableWalkable { copyMaps[path] = table.copies(copies) }
            if let brackets = value as? [Bracket] { schedules.append((path, brackets, copyOf(path))) }
            try value.encode(to: RecordingEncoder(recorder: self, path: path))
        }
    }
}

private struct RecordingEncoder: Encoder {
    let recorder: FieldRecorder
    let path: DataPath
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(KeyedRecorder<Key>(recorder: recorder, path: path))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer { UnkeyedRecorder(recorder: recorder, path: path) }

    func singleValueContainer() -> any SingleValueEncodingContainer { SingleRecorder(recorder: recorder, path: path) }
}

private struct KeyedRecorder<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let recorder: FieldRecorder
    let path: DataPath
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) throws { recorder.leaf(.null, at: path.key(key.stringValue)) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try recorder.record(value, at: path.key(key.stringValue)) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { try recorder.record(value, at: path.key(key.stringValue)) }
    mutating func encode(_ value: String, forKey key: Key) throws { try recorder.record(value, at: path.key(key.stringValue)) }
    mutating func encode(_ value: Int, forKey key: Key) throws { try recorder.record(value, at: path.key(key.stringValue)) }
    mutating func encode(_ value: Double, forKey key: Key) throws { throw FieldWalkError.floatingPoint(path.key(key.stringValue)) }
    mutating func encode(_ value: Float, forKey key: Key) throws { throw FieldWalkError.floatingPoint(path.key(key.stringValue)) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(KeyedRecorder<NestedKey>(recorder: recorder, path: path.key(key.stringValue)))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        UnkeyedRecorder(recorder: recorder, path: path.key(key.stringValue))
    }

    mutating func superEncoder() -> any Encoder { RecordingEncoder(recorder: recorder, path: path.key("super")) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { RecordingEncoder(recorder: recorder, path: path.key(key.stringValue)) }
}

private struct UnkeyedRecorder: UnkeyedEncodingContainer {
    let recorder: FieldRecorder
    let path: DataPath
    var codingPath: [any CodingKey] { [] }
    private(set) var count = 0

    init(recorder: FieldRecorder, path: DataPath) {
        self.recorder = recorder
        self.path = path
    }

    private mutating func next() -> DataPath {
        defer { count += 1 }
        return path.index(count)
    }

    mutating func encodeNil() throws { recorder.leaf(.null, at: next()) }
    mutating func encode<T: Encodable>(_ value: T) throws { try recorder.record(value, at: next()) }
    mutating func encode(_ value: Bool) throws { try recorder.record(value, at: next()) }
    mutating func encode(_ value: String) throws { try recorder.record(value, at: next()) }
    mutating func encode(_ value: Int) throws { try recorder.record(value, at: next()) }
    mutating func encode(_ value: Double) throws { throw FieldWalkError.floatingPoint(next()) }
    mutating func encode(_ value: Float) throws { throw FieldWalkError.floatingPoint(next()) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(KeyedRecorder<NestedKey>(recorder: recorder, path: next()))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { UnkeyedRecorder(recorder: recorder, path: next()) }
    mutating func superEncoder() -> any Encoder { RecordingEncoder(recorder: recorder, path: next()) }
}

private struct SingleRecorder: SingleValueEncodingContainer {
    let recorder: FieldRecorder
    let path: DataPath
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil() throws { recorder.leaf(.null, at: path) }
    mutating func encode<T: Encodable>(_ value: T) throws { try recorder.record(value, at: path) }
    mutating func encode(_ value: Bool) throws { try recorder.record(value, at: path) }
    mutating func encode(_ value: String) throws { try recorder.record(value, at: path) }
    mutating func encode(_ value: Int) throws { try recorder.record(value, at: path) }
    mutating func encode(_ value: Double) throws { throw FieldWalkError.floatingPoint(path) }
    mutating func encode(_ value: Float) throws { throw FieldWalkError.floatingPoint(path) }
}

/// Money is never binary floating point: a model that encodes a `Double` is refused.
enum FieldWalkError: Error {
    case floatingPoint(DataPath)
}
