import Foundation
import Testing
import TaxDataClient

/// Issue 32, item 26: a refused connection is reported as offline at once, not after the request
/// timeout (the connection pool used to retry it until the deadline).
@Suite("an offline device hears it at once")
struct OfflineTests {
    @Test("32.26: a refused connection is .offline, not .timeout, with a long timeout")
    func refusedIsOffline() async throws {
        #if os(Linux)
        // Port 1 on the loopback: nothing listens there, so the connection is refused.
        let request = HTTPRequest(url: URL(string: "http://127.0.0.1:1/index.json")!, maxBytes: 1 << 20, timeout: 120)
        await #expect {
            _ = try await HTTPClientTransport().send(request)
        } throws: { error in
            guard let error = error as? TransportError else { return false }
            // Said as the system says it, with balanced parentheses.
            let text = error.description
            return error.kind == .offline && text.contains("connection refused")
                && text.filter { $0 == "(" }.count == text.filter { $0 == ")" }.count
        }
        #endif
    }
}
