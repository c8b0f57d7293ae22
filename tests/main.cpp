// The one main() of dmlref-tests: every tests/test_*.cpp is linked into this executable.
// Run `dmlref-tests --help` for doctest's options; the slow cases are in the test suite
// "exhaustive": `--test-suite-exclude=exhaustive` skips them, `--test-suite=exhaustive` runs only them.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>
