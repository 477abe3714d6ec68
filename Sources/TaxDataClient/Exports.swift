// Apps import only `TaxDataClient`: the model it hands out (`TaxYearData`, `FilingStatus`, …),
// the pinned key type (`Ed25519PublicKey`, read from PEM without OpenSSL) and the calculator
// (`TaxCalculator`, `PayInput`, `PayResult`) come with it.
@_exported import TaxDataCore
@_exported import TaxCalculator
