import Foundation
import TaxDataCore
import Testing
@testable import TaxDataCrypto

@Suite("SHA-256 through OpenSSL")
struct SHA256Tests {
    @Test("FIPS 180-2 test vectors", arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
    ])
    func vectors(input: String, expected: String) throws {
        #expect(try SHA256.hexDigest(Data(input.utf8)) == expected)
    }

    @Test("streaming in chunks equals one shot")
    func streaming() throws {
        let bytes = Data((0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let digest = try SHA256()
        var offset = 0
        for size in [1, 63, 64, 65, 4096, 100_000] where offset < bytes.count {
            let end = min(bytes.count, offset + size)
            try digest.update(bytes[offset..<end])
            offset = end
        }
        #expect(offset == bytes.count)
        #expect(try digest.finalize() == SHA256.hash(bytes))
    }

    @Test("a million 'a's")
    func million() throws {
        let bytes = Data(repeating: UInt8(ascii: "a"), count: 1_000_000)
        #expect(try SHA256.hexDigest(bytes) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test("hex round trip and strict decoding")
    func hex() {
        #expect(Hex.encode([0x00, 0xab, 0xff]) == "00abff")
        #expect(Hex.decode("00abff") == [0x00, 0xab, 0xff])
        #expect(Hex.decode("0") == nil)
        #expect(Hex.decode("zz") == nil)
        #expect(Hex.decode("AB") == nil)
    }

    @Test("a file hashed in small chunks, whole or up to a limit, equals the one-shot digest of those bytes")
    func file() throws {
        let bytes = Data((0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sha256-\(UUID().uuidString)").path
        try bytes.write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        for chunk in [1, 4095, 1 << 20] {
            let whole = try SHA256.file(atPath: path, limit: bytes.count + 1, chunkSize: chunk)
            #expect(whole.size == bytes.count)
            #expect(whole.digest == (try SHA256.hash(bytes)))
        }
        let prefix = try SHA256.file(atPath: path, limit: 1000, chunkSize: 333)
        #expect(prefix.size == 1000)
        #expect(prefix.digest == (try SHA256.hash(bytes.prefix(1000))))
        #expect(throws: CryptoError.self) { try SHA256.file(atPath: path + ".missing", limit: 10) }
    }
}
