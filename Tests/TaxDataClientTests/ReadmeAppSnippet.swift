// The README's app snippet ("Using the data in an app"), compiled: the lines between the two
// markers are its fenced block verbatim, and `PortabilityTests` fail when they differ. This file
// imports only what the snippet imports, so it also proves an app needs nothing but TaxDataClient.
// README-SNIPPET-BEGIN
import Foundation
import TaxDataClient

func startTaxData(applicationSupport: URL) async throws {
    let pinned = try Ed25519PublicKey(pem: Data(contentsOf: Bundle.main.url(forResource: "taxdata-2026.pub", withExtension: "pem")!))
    let provider = try TaxDataProvider(
        configuration: .init(baseURL: URL(string: "https://cdn.example.com/taxdata/")!,   // the dist root
                             trustedKeys: [pinned]),          // optional: then bundles must be signed
        transport: URLSessionTransport(),
        store: FileBundleStore(directory: applicationSupport.appendingPathComponent("TaxData")),
        embedded: try EmbeddedBundles.packaged())           // verifies the embedded bundles only
    await provider.load()                                   // reads and verifies the cache (else the first lookup does)

    let status = await provider.refreshIfNeeded()   // at most once a day; 7-day freshness (configurable)
    let brackets = await provider.federalBrackets(for: .single)        // the requested (current) year
    let ca = await provider.stateConfig("CA")
    show(brackets, ca)
    if let message = status.outdatedMessage { showBanner(message) }    // "Using 2025 tax data. 2026 rates may differ."
    if status.freshness == .expired { showBanner("Tax data could not be confirmed current.") }   // the signed index expired
    for await update in await provider.updates() { recalculate(update) }
}
// README-SNIPPET-END

// The app's own code the snippet calls.
private func show(_ brackets: [Bracket], _ state: StateData?) {}
private func showBanner(_ message: String) {}
private func recalculate(_ status: TaxDataStatus) {}
