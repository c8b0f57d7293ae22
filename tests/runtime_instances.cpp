// No test cases: dmlref-tests' one instantiation of the runtime layer's execution (see
// dmlref/dml/execute_once.hpp, which the other test files include).

#define DMLREF_INSTANTIATE_EXECUTE
#include <dmlref/dml/execute_once.hpp>
