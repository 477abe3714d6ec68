import ArgumentParser
import Foundation
import Logging
import TaxDataServer

/// `taxdata serve DIR`: the remote API over a built dist, optionally misbehaving on purpose.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve a built dist over HTTP: the bundle files, the combined document and the version endpoint.",
        discussion: """
        Serves DIR (made by `taxdata build`) with the paths the client uses: /index.json, \
        /<year>/manifest.json[.sig], /<year>/<file>, /<year>/sha256/<hex>, and the bundle contract's \
        /v1/tax-data/<year> and /v1/tax-data/<year>/version?current=V. Strong ETags (SHA-256) with \
        If-None-Match; short Cache-Control for manifests and endpoints, immutable for content-addressed \
        files. Files are read on every request, so replacing DIR needs no restart. Requests are logged.

        --fault MODE[:PROBABILITY][@PATH-PREFIX][,…] misbehaves on purpose, to test a client's fallback:
        \(FaultMode.allCases.map { "  \($0.rawValue.padding(toLength: 19, withPad: " ", startingAt: 0)) \($0.summary)" }.joined(separator: "\n"))

        Examples: --fault corrupt:0.3 --seed 7    --fault http-500@/2026/manifest.json    --fault slow,garbage
        """
    )

    @Argument(help: "A dist directory made by `taxdata build`.")
    var directory: String = "dist"

    @Option(help: "The address to listen on.")
    var host: String = "127.0.0.1"

    @Option(help: "The port to listen on (0: any free port).")
    var port: Int = 8080

    @Option(help: ArgumentHelp("Faults to inject, comma-separated: MODE[:PROBABILITY][@PATH-PREFIX].", valueName: "modes"))
    var fault: String?

    @Option(help: ArgumentHelp("A TUF repository (`taxdata tuf`) to serve under /tuf/ beside the dist.", valueName: "REPO"))
    var tuf: String?

    @Option(help: "Seed for the fault probabilities, so a run is repeatable.")
    var seed: UInt64 = 1

    @Option(help: "How long the slow fault waits, in seconds.")
    var slowSeconds: Double = 30

    func validate() throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory + "/index.json", isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw ValidationError("\(directory) is not a dist (no index.json); build one with `taxdata build TaxData --out dist` and serve that")
        }
        if let tuf {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: tuf + "/metadata/1.root.json", isDirectory: &isDirectory), !isDirectory.boolValue else {
                throw ValidationError("--tuf \(tuf) is not a TUF repository (no metadata/1.root.json); create one with `taxdata tuf init`")
            }
        }
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0…65535") }
        guard slowSeconds.isFinite, (0...TaxDataServer.maxSlowSeconds).contains(slowSeconds) else {
            throw ValidationError("--slow-seconds must be a number of seconds from 0 to \(Int(TaxDataServer.maxSlowSeconds)), not \(slowSeconds)")
        }
        _ = try parsedFaults()
    }

    func parsedFaults() throws -> [Fault] {
        guard let fault else { return [] }
        do {
            return try fault.split(separator: ",").map { try Fault(parsing: String($0).trimmingCharacters(in: .whitespaces)) }
        } catch {
            throw ValidationError("--fault: \(error)")
        }
    }

    func run() async throws {
        let faults = try parsedFaults()
        var logger = Logger(label: "taxdata.serve")
        logger.logLevel = .info
        let server = TaxDataServer(dist: DistDirectory(root: URL(fileURLWithPath: directory)),
                                   tuf: tuf.map { DistDirectory(root: URL(fileURLWithPath: $0)) },
                                   faults: FaultPlan(faults, seed: seed), slowSeconds: slowSeconds)
        let host = self.host, directory = self.directory
        do {
            try await server.run(host: host, port: port, logger: logger) { port in
                Console.error("serving \(directory) on http://\(host):\(port)/" + (faults.isEmpty ? "" : " with faults: \(faults.map(\.description).joined(separator: ", "))"))
            }
        } catch {
            let advice = (error as? ServeError)?.reason == .addressInUse ? "; choose another with --port (0: any free port)" : ""
            Console.error("error: \(error)\(advice)")
            throw ExitCode(1)
        }
    }
}
