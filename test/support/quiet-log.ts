// No vitest here: the benchmarks use this module too.

/** A job logger that says nothing: workers in tests and benchmarks would only add noise. */
export const quietLog = { info() {}, warn() {}, error() {} };
