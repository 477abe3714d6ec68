// The integration tests: real sockets, real processes (`taxdata fetch`, `taxdata serve`, the lying
// server), real nginx and schemathesis. `make test-integration` runs this target alone, serially;
// `make test-unit` skips it. Their helpers are shared with the unit tests in TaxDataTestSupport.
@_exported import TaxDataTestSupport
