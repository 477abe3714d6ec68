import ArgumentParser
import Foundation
import TaxDataCrypto

/// `taxdata keygen --private K.pem --public P.pem`: a new Ed25519 signing key pair.
struct KeygenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keygen",
        abstract: "Create an Ed25519 key pair for signing bundles.",
        discussion: """
        Writes the private key as PKCS#8 PEM with file mode 0600 and the public key as SPKI PEM \
        (both readable by `openssl pkey`), refusing to overwrite either file, and prints the key id: \
        the SHA-256 of the public key's DER encoding. Keep the private key out of the repository \
        (for example in a CI secret); ship the public key in the app.

        Missing directories above --private are created with mode 0700 (above --public: 0755); \
        existing directories are left as they are.
        """
    )

    @Option(name: .customLong("private"), help: "Where to write the private key (must not exist).")
    var privatePath: String

    @Option(name: .customLong("public"), help: "Where to write the public key (must not exist).")
    var publicPath: String

    func validate() throws {
        if privatePath == publicPath { throw ValidationError("--private and --public must be different files") }
        for path in [privatePath, publicPath] where FileManager.default.fileExists(atPath: path) {
            throw ValidationError("\(path) already exists; refusing to overwrite it")
        }
    }

    func run() async throws {
        var created: [String] = []
        do {
            let key = try Ed25519PrivateKey.generate()
            created += try KeyFiles.createParents(of: privatePath, mode: 0o700)
            do {
                try KeyFiles.createExclusive(privatePath, try key.pkcs8PEM(), mode: 0o600)
            } catch {
                KeyFiles.removeDirectories(created)
                throw error
            }
            do {
                created += try KeyFiles.createParents(of: publicPath, mode: 0o755)
                try KeyFiles.createExclusive(publicPath, try key.publicKeyPEM(), mode: 0o644)
            } catch {
                // Only what this run created is removed: the private key file and new directories.
                try? FileManager.default.removeItem(atPath: privatePath)
                KeyFiles.removeDirectories(created)
                throw error
            }
            Console.out("key id: \(key.publicKey.keyID)")
            Console.error("wrote \(privatePath) (private, mode 0600) and \(publicPath) (public)")
        } catch {
            Console.error("error: \(error)")
            throw ExitCode(1)
        }
    }
}
