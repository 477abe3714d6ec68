import Foundation
import TaxDataCore
import Testing
@testable import TaxDataCrypto

@Suite("Ed25519 through OpenSSL")
struct Ed25519Tests {
    @Test("sign and verify; another message, a flipped bit or a truncated signature do not verify")
    func roundTrip() throws {
        let key = try Ed25519PrivateKey.generate()
        let message = Data("manifest bytes".utf8)
        let signature = try key.signature(for: message)
        #expect(signature.count == 64)
        let openSSL = OpenSSLCrypto()
        #expect(try openSSL.isValidEd25519Signature(signature, for: message, by: key.publicKey))
        #expect(try !openSSL.isValidEd25519Signature(signature, for: Data("other".utf8), by: key.publicKey))
        var flipped = signature
        flipped[10] ^= 1
        #expect(try !openSSL.isValidEd25519Signature(flipped, for: message, by: key.publicKey))
        #expect(try !openSSL.isValidEd25519Signature(signature.prefix(63), for: message, by: key.publicKey))
        #expect(!CryptoError.hasPendingOpenSSLErrors)
    }

    @Test("PEM round trip keeps the key and its id")
    func pem() throws {
        let key = try Ed25519PrivateKey.generate()
        let reread = try Ed25519PrivateKey(pem: try key.pkcs8PEM())
        #expect(reread.publicKey.keyID == key.publicKey.keyID)
        let pub = try OpenSSLCrypto.publicKey(pem: try key.publicKeyPEM())
        #expect(pub.keyID == key.publicKey.keyID)
        #expect(String(decoding: try key.pkcs8PEM(), as: UTF8.self).hasPrefix("-----BEGIN PRIVATE KEY-----"))
        #expect(!key.description.contains("PRIVATE"))
        #expect(key.description.contains(key.publicKey.keyID))
    }

    @Test("malformed PEM is an error that names the source, and the error queue is left empty")
    func malformed() throws {
        for text in ["", "hello", "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n"] {
            #expect {
                try Ed25519PrivateKey(pem: Data(text.utf8), source: "keys/k.pem")
            } throws: { error in
                "\(error)".contains("keys/k.pem")
            }
            #expect(throws: CryptoError.self) { try OpenSSLCrypto.publicKey(pem: Data(text.utf8)) }
            #expect(!CryptoError.hasPendingOpenSSLErrors)
        }
    }
}
