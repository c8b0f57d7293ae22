#pragma once
// Every fast-path kernel; included by the typed API when xsimd is available.

#include "dmlref/simd/abs.hpp"
#include "dmlref/simd/activation_sigmoid.hpp"
#include "dmlref/simd/apply.hpp"
#include "dmlref/simd/clip.hpp"
#include "dmlref/simd/dequantize_linear.hpp"
#include "dmlref/simd/exp.hpp"
#include "dmlref/simd/kernel.hpp"
#include "dmlref/simd/log.hpp"
#include "dmlref/simd/logical_greater_than.hpp"
#include "dmlref/simd/pow.hpp"
#include "dmlref/simd/quantize_linear.hpp"
#include "dmlref/simd/sign.hpp"
#include "dmlref/simd/tanh.hpp"
