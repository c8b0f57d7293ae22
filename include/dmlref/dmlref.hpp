#pragma once
// dmlref: DirectML's element-wise operators computed on the CPU, exactly as DirectML
// documents them. This umbrella header brings in everything that needs no third-party
// library: the core types, the typed API, the DirectML-shaped runtime layer and the oracle.

#include "dmlref/version.hpp"

#include "dmlref/core/data_type.hpp"
#include "dmlref/core/feature_level.hpp"
#include "dmlref/core/float16.hpp"
#include "dmlref/core/path.hpp"
#include "dmlref/core/status.hpp"
#include "dmlref/core/tensor_desc.hpp"
#include "dmlref/core/tensor_view.hpp"
#include "dmlref/core/tolerance.hpp"

#include "dmlref/api/compute.hpp"
#include "dmlref/api/operators.hpp"
#include "dmlref/dml/execute.hpp"
