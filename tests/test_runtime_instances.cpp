// No test cases: the one instantiation of dml::run_validated (the runtime layer's execution,
// every operator and type combination) on both paths for dmlref-tests; see
// tests/runtime_instances.hpp.

#include <dmlref/dml/execute.hpp>

namespace dmlref::dml {
template void run_validated<golden_path>(golden_path, const validated_operation&, const input_binding*,
                                         const output_binding*);
template void run_validated<fast_path>(fast_path, const validated_operation&, const input_binding*,
                                       const output_binding*);
}  // namespace dmlref::dml
