// No test cases: the one instantiation of the runtime layer's execution (see
// dmlref/dml/execute_once.hpp) for dmlref-tests and dmlref-eval. CMake compiles it once per
// build tree as the object library dmlref-runtime-instances and force-includes
// execute_once.hpp in those targets' other sources, so none of them instantiates it again.

#define DMLREF_INSTANTIATE_EXECUTE
#include <dmlref/dml/execute_once.hpp>
