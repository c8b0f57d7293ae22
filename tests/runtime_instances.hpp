#pragma once
// dml::run_validated, the runtime layer's execution (every operator and type combination),
// is instantiated once for dmlref-tests, in tests/test_runtime_instances.cpp, on both paths.
// A test translation unit that executes through the runtime layer (dml::execute,
// io::evaluate) includes this header first, so that it does not instantiate it again.

#include <dmlref/dml/execute.hpp>

namespace dmlref::dml {
extern template void run_validated<golden_path>(golden_path, const validated_operation&, const input_binding*,
                                                const output_binding*);
extern template void run_validated<fast_path>(fast_path, const validated_operation&, const input_binding*,
                                              const output_binding*);
}  // namespace dmlref::dml
