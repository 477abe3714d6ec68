// Apps import only `TaxDataClient`: the model it hands out (`TaxYearData`, `FilingStatus`, …) and
// the pinned key type (`Ed25519PublicKey`, read from PEM without OpenSSL) come with it.
@_exported import TaxDataCore
