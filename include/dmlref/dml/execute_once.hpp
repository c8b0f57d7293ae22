#pragma once
// The runtime layer's execution compiled once per program.
//
// dml::execute instantiates dml::run_validated for every operator and data-type combination
// on both paths, plain and threaded, which costs tens of seconds in each translation unit
// that calls it. A program with several such translation units includes this header
// (instead of dml/execute.hpp, before any other use of it) in all of them; exactly one of
// them defines DMLREF_INSTANTIATE_EXECUTE first and so holds the one instantiation, which
// the others declare extern and link against.

#include "dmlref/dml/execute.hpp"

#if defined(DMLREF_INSTANTIATE_EXECUTE)
#define DMLREF_DETAIL_EXECUTE_INSTANCE template
#else
#define DMLREF_DETAIL_EXECUTE_INSTANCE extern template
#endif

namespace dmlref::dml {
DMLREF_DETAIL_EXECUTE_INSTANCE status run_validated<golden_path>(golden_path, const validated_operation&,
                                                                 const input_binding*, const output_binding*);
DMLREF_DETAIL_EXECUTE_INSTANCE status run_validated<fast_path>(fast_path, const validated_operation&,
                                                               const input_binding*, const output_binding*);
DMLREF_DETAIL_EXECUTE_INSTANCE status run_validated<threaded_path<golden_path>>(threaded_path<golden_path>,
                                                                                const validated_operation&,
                                                                                const input_binding*,
                                                                                const output_binding*);
DMLREF_DETAIL_EXECUTE_INSTANCE status run_validated<threaded_path<fast_path>>(threaded_path<fast_path>,
                                                                              const validated_operation&,
                                                                              const input_binding*,
                                                                              const output_binding*);
}  // namespace dmlref::dml

#undef DMLREF_DETAIL_EXECUTE_INSTANCE
