import Dispatch
import Foundation

extension Array where Element: Sendable {
    /// `map` over the machine's cores; results keep the input order. For independent, pure work:
    /// each source file is parsed on its own, each year of a dist or a client's bundles verified on
    /// its own.
    package func concurrentMap<R: Sendable>(_ transform: @Sendable (Element) -> R) -> [R] {
        let results = Results<R>(count: count)
        let items = self
        DispatchQueue.concurrentPerform(iterations: items.count) { index in
            results.set(index, transform(items[index]))
        }
        return results.values
    }
}

/// Slots written once each from concurrent iterations, under a lock.
private final class Results<R>: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [R?]

    init(count: Int) { storage = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ value: R) {
        lock.lock()
        storage[index] = value
        lock.unlock()
    }

    var values: [R] {
        lock.lock()
        defer { lock.unlock() }
        return storage.map { $0! }
    }
}
