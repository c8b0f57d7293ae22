// The fuzzers' one instantiation of the runtime layer's execution (see
// dmlref/dml/execute_once.hpp, which fuzz/fuzz_support.hpp includes). It includes only the
// library, so editing a fuzzer does not rebuild it.

#define DMLREF_INSTANTIATE_EXECUTE
#include "dmlref/dml/execute_once.hpp"
