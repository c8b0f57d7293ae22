#pragma once
// Every fast-path kernel; included by the typed API when xsimd is available.

#include "dmlref/simd/abs.hpp"
#include "dmlref/simd/apply.hpp"
#include "dmlref/simd/clip.hpp"
#include "dmlref/simd/dequantize_linear.hpp"
#include "dmlref/simd/kernel.hpp"
#include "dmlref/simd/logical_greater_than.hpp"
#include "dmlref/simd/pow.hpp"
#include "dmlref/simd/quantize_linear.hpp"
#include "dmlref/simd/sign.hpp"
// The binary operators of issue 25.
#include "dmlref/simd/max.hpp"
#include "dmlref/simd/min.hpp"
#include "dmlref/simd/add.hpp"
#include "dmlref/simd/subtract.hpp"
#include "dmlref/simd/multiply.hpp"
#include "dmlref/simd/logical_equals.hpp"
#include "dmlref/simd/logical_less_than.hpp"
#include "dmlref/simd/logical_greater_than_or_equal.hpp"
#include "dmlref/simd/logical_less_than_or_equal.hpp"
#include "dmlref/simd/logical_and.hpp"
#include "dmlref/simd/logical_or.hpp"
