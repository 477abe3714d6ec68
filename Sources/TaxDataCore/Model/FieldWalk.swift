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
    /// Every covered status's value, in contract order.
    func walkEntries(_ body: (FilingStatus, any Encodable) throws -> Void) rethrows
}

extension StatusTable: StatusTableWalkable where Value: Encodable {
    func walkEntries(_ body: (FilingStatus, any Encodable) throws -> Void) rethrows {
        for status in FilingStatus.allCases {
            if let value = self[status] { try body(status, value) }
        }
    }

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

/// A schedule found by the walk: every `[Bracket]` in the model, wherever it sits.
public typealias WalkedSchedule = (path: DataPath, brackets: [Bracket], copyOf: FilingStatus?)

extension TaxYearData {
    /// Every value of the federal, FICA, retirement and state documents at its path, in the
    /// model's order (declaration order, filing statuses in contract order, states by code).
    /// Source-only annotations (`provisional`, written grades) are not values, and neither is
    /// `year.yaml`'s metadata.
    public func fields(copies: CopyDetection = .declared) -> [Field] { walk(copies: copies).fields }

    /// The bracket schedules of the year at their paths, with the status each copies when it is a copy.
    public func schedules(copies: CopyDetection = .declared) -> [WalkedSchedule] { walk(copies: copies).schedules }

    /// `fields` and `schedules` from one walk.
    public func walk(copies: CopyDetection = .declared) -> (fields: [Field], schedules: [WalkedSchedule]) {
        let recorder = FieldRecorder(copies: copies)
        recorder.walk(federal, at: DataPath(.federal))
        recorder.walk(fica, at: DataPath(.fica))
        recorder.walk(retirement, at: DataPath(.retirement))
        for code in states.keys.sorted() {
            recorder.walk(states[code]!, at: DataPath(.state(code)))
        }
        let statutory = Set(recorder.leaves.filter { $0.value == .flag(true) && $0.path.lastKey == "statutoryBaseTax" }
            .compactMap(\.path.parent))
        let fields = recorder.leaves.map { leaf in
            var spec = leaf.spec
            if spec.indexing?.onlyIndexedStates == true {
                if case .state(let code) = leaf.path.document, states[code]?.indexed == true {} else { spec.indexing = nil }
            }
            // A base tax the law fixes is written, not derived.
            if spec.derivation == .baseTax, let bracket = leaf.path.parent, statutory.contains(bracket) { spec.derivation = nil }
            return Field(path: leaf.path, value: leaf.value, spec: spec, copyOf: leaf.copyOf)
        }
        return (fields, recorder.schedules)
    }
}

extension DataPath {
    /// The last component's key, if it is a key.
    public var lastKey: String? {
        if case .key(let name)? = components.last { name } else { nil }
    }
}

// MARK: - The recording encoder

/// Where the walk is: the path, its catalogue patterns (built as it descends, so a leaf's row
/// costs two dictionary lookups, and dropped once no row begins with them), and the status it
/// copies, if it sits under a copied status.
struct WalkContext {
    var path: DataPath
    /// `federal/brackets.single[].ceiling` and `federal/brackets.*[].ceiling`; nil once no row of
    /// `FieldCatalogue` begins with it.
    var literal: String?
    var wildcard: String?
    /// The last key that is not a filing status.
    var name: String?
    var copyOf: FilingStatus?
    /// Set on a status table: status → the status it copies.
    var copies: [FilingStatus: FilingStatus]?

    init(_ document: DataPath.Document) {
        path = DataPath(document)
        literal = FieldCatalogue.documentName(document)
        wildcard = literal
    }

    /// `pattern` followed by `component`, while a row may still begin with it.
    private static func extend(_ pattern: String?, _ component: String) -> String? {
        guard let pattern else { return nil }
        let extended = pattern + component
        return FieldCatalogue.prefixes.contains(extended) ? extended : nil
    }

    func key(_ key: String) -> WalkContext {
        var next = self
        next.path = path.key(key)
        let separator = path.components.isEmpty ? "/" : "."
        if let status = FilingStatus(rawValue: key) {
            next.literal = Self.extend(literal, separator + key)
            next.wildcard = Self.extend(wildcard, separator + "*")
            if let copies { next.copyOf = copies[status] }
        } else {
            next.literal = Self.extend(literal, separator + key)
            next.wildcard = Self.extend(wildcard, separator + key)
            next.name = key
        }
        next.copies = nil
        return next
    }

    func index(_ position: Int) -> WalkContext {
        var next = self
        next.path = path.index(position)
        next.literal = Self.extend(literal, "[]")
        next.wildcard = Self.extend(wildcard, "[]")
        next.copies = nil
        return next
    }
}

/// Records the leaves an `Encodable` value writes, at their `DataPath`s.
final class FieldRecorder {
    struct Leaf {
        var path: DataPath
        var value: Field.Value
        var spec: FieldSpec
        var copyOf: FilingStatus?
    }

    let copies: CopyDetection
    var leaves: [Leaf] = []
    var schedules: [WalkedSchedule] = []

    init(copies: CopyDetection) { self.copies = copies }

    func walk(_ value: some Encodable, at path: DataPath) {
        do { try record(value, at: WalkContext(path.document)) } catch {
            // A model that encodes a binary floating-point number: kept as a leaf no catalogue row
            // classifies, so the catalogue's test names it.
            leaves.append(Leaf(path: path, value: .text("unwalkable: \(error)"), spec: FieldSpec(.unclassified), copyOf: nil))
        }
    }

    func leaf(_ value: Field.Value, at context: WalkContext) {
        leaves.append(Leaf(path: context.path, value: value, spec: FieldCatalogue.lookup(context), copyOf: context.copyOf))
    }

    func record<T: Encodable>(_ value: T, at context: WalkContext) throws {
        switch value {
        case let x as Decimal: leaf(.number(x), at: context)
        case let x as String: leaf(.text(x), at: context)
        case let x as Bool: leaf(.flag(x), at: context)
        case let x as Int: leaf(.number(Decimal(x)), at: context)
        case let table as StatusTableWalkable:
            var tableContext = context
            tableContext.copies = table.copies(copies)
            try table.walkEntries { status, entry in try recordExistential(entry, at: tableContext.key(status.rawValue)) }
        default:
            if let brackets = value as? [Bracket] { schedules.append((context.path, brackets, context.copyOf)) }
            try value.encode(to: RecordingEncoder(recorder: self, context: context))
        }
    }

    /// `record` for an existential (a status table's entry): opens it, so the cases above match
    /// its dynamic type.
    private func recordExistential(_ value: any Encodable, at context: WalkContext) throws {
        try record(value, at: context)
    }
}

private struct RecordingEncoder: Encoder {
    let recorder: FieldRecorder
    let context: WalkContext
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(KeyedRecorder<Key>(recorder: recorder, context: context))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer { UnkeyedRecorder(recorder: recorder, context: context) }

    func singleValueContainer() -> any SingleValueEncodingContainer { SingleRecorder(recorder: recorder, context: context) }
}

private struct KeyedRecorder<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let recorder: FieldRecorder
    let context: WalkContext
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) throws { recorder.leaf(.null, at: context.key(key.stringValue)) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try recorder.record(value, at: context.key(key.stringValue)) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { try recorder.record(value, at: context.key(key.stringValue)) }
    mutating func encode(_ value: String, forKey key: Key) throws { try recorder.record(value, at: context.key(key.stringValue)) }
    mutating func encode(_ value: Int, forKey key: Key) throws { try recorder.record(value, at: context.key(key.stringValue)) }
    mutating func encode(_ value: Double, forKey key: Key) throws { throw FieldWalkError.floatingPoint(context.key(key.stringValue).path) }
    mutating func encode(_ value: Float, forKey key: Key) throws { throw FieldWalkError.floatingPoint(context.key(key.stringValue).path) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(KeyedRecorder<NestedKey>(recorder: recorder, context: context.key(key.stringValue)))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        UnkeyedRecorder(recorder: recorder, context: context.key(key.stringValue))
    }

    mutating func superEncoder() -> any Encoder { RecordingEncoder(recorder: recorder, context: context.key("super")) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { RecordingEncoder(recorder: recorder, context: context.key(key.stringValue)) }
}

private struct UnkeyedRecorder: UnkeyedEncodingContainer {
    let recorder: FieldRecorder
    let context: WalkContext
    var codingPath: [any CodingKey] { [] }
    private(set) var count = 0

    init(recorder: FieldRecorder, context: WalkContext) {
        self.recorder = recorder
        self.context = context
    }

    private mutating func next() -> WalkContext {
        defer { count += 1 }
        return context.index(count)
    }

    mutating func encodeNil() throws { recorder.leaf(.null, at: next()) }
    mutating func encode<T: Encodable>(_ value: T) throws { try recorder.record(value, at: next()) }
    mutating func encode(_ value: Bool) throws { try recorder.record(value, at: next()) }
    mutating func encode(_ value: String) throws { try recorder.record(value, at: next()) }
    mutating func encode(_ value: Int) throws { try recorder.record(value, at: next()) }
    mutating func encode(_ value: Double) throws { throw FieldWalkError.floatingPoint(next().path) }
    mutating func encode(_ value: Float) throws { throw FieldWalkError.floatingPoint(next().path) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(KeyedRecorder<NestedKey>(recorder: recorder, context: next()))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { UnkeyedRecorder(recorder: recorder, context: next()) }
    mutating func superEncoder() -> any Encoder { RecordingEncoder(recorder: recorder, context: next()) }
}

private struct SingleRecorder: SingleValueEncodingContainer {
    let recorder: FieldRecorder
    let context: WalkContext
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil() throws { recorder.leaf(.null, at: context) }
    mutating func encode<T: Encodable>(_ value: T) throws { try recorder.record(value, at: context) }
    mutating func encode(_ value: Bool) throws { try recorder.record(value, at: context) }
    mutating func encode(_ value: String) throws { try recorder.record(value, at: context) }
    mutating func encode(_ value: Int) throws { try recorder.record(value, at: context) }
    mutating func encode(_ value: Double) throws { throw FieldWalkError.floatingPoint(context.path) }
    mutating func encode(_ value: Float) throws { throw FieldWalkError.floatingPoint(context.path) }
}

/// Money is never binary floating point: a model that encodes a `Double` is refused.
enum FieldWalkError: Error {
    case floatingPoint(DataPath)
}
