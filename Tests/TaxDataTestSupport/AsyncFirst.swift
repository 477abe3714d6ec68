import Foundation

/// The first element of `stream`, or nil when none arrives within `seconds`: an awaited stream in a
/// test gets a time limit, so a missing event fails the test instead of hanging the suite.
public func first<Element: Sendable>(of stream: AsyncStream<Element>, within seconds: Double = 30) async -> Element? {
    await withTaskGroup(of: Element?.self) { group in
        group.addTask {
            var iterator = stream.makeAsyncIterator()
            return await iterator.next()
        }
        group.addTask {
            try? await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
            return nil
        }
        let result = await group.next() ?? nil
        group.cancelAll()
        return result
    }
}
