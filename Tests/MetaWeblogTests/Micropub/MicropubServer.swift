import Testing

/// The suites that run the real `bake-metaweblog` binary (see `MicropubShim`), one test at a
/// time. Each test's shim bakes the sample blog on every change; run side by side on two
/// cores, they starved the in-process servers of the other suites past their time limits.
@Suite(.serialized) enum MicropubServer {}
