// The one instantiation of the runtime layer's execution for dmlref's fuzzers: every
// operator and type combination, on both paths. Linked into each fuzzer (see
// fuzz/fuzz_support.hpp, which declares these extern), so the heavy template work is
// compiled once. It includes only the library, so editing a fuzzer does not rebuild it.

#include "dmlref/dml/execute.hpp"

namespace dmlref::dml {
template void run_validated<golden_path>(golden_path, const validated_operation&, const input_binding*,
                                         const output_binding*);
template void run_validated<fast_path>(fast_path, const validated_operation&, const input_binding*,
                                       const output_binding*);
}  // namespace dmlref::dml
