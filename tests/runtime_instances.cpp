// No test cases: dml::run_validated of the runtime layer's one instantiation (see
// dmlref/dml/execute_once.hpp) for dmlref-tests, dmlref-eval and the Python module. Each
// operator's part is compiled in one of the shards made from tests/runtime_shard.cpp.in, in
// parallel; the targets' other sources force-include execute_once.hpp and instantiate none of it.

#define DMLREF_INSTANTIATE_EXECUTE_SHARDED
#include <dmlref/dml/execute_once.hpp>
