#pragma once
// DirectML's own names and values for what dmlref computes: DML_TENSOR_DATA_TYPE,
// DML_FEATURE_LEVEL, DML_TENSOR_FLAGS, DML_TENSOR_TYPE, DML_BUFFER_TENSOR_DESC,
// DML_TENSOR_DESC, DML_SCALE_BIAS, the five DML_ELEMENT_WISE_*_OPERATOR_DESC,
// DML_OPERATOR_DESC and DML_OPERATOR_TYPE's values, so that test code written against
// directml.h ports line by line (add `using namespace dmlref::dml;`).
//
// When the real directml.h was included first (it defines DIRECTML_H), its declarations are
// used and re-exported here; otherwise dmlref declares the same layouts and values itself.

#include <cstdint>

#if defined(DIRECTML_H)

namespace dmlref::dml {
using ::DML_BUFFER_TENSOR_DESC;
using ::DML_ELEMENT_WISE_CONSTANT_POW_OPERATOR_DESC;
using ::DML_ELEMENT_WISE_DEQUANTIZE_LINEAR_OPERATOR_DESC;
using ::DML_ELEMENT_WISE_POW_OPERATOR_DESC;
using ::DML_ELEMENT_WISE_QUANTIZE_LINEAR_OPERATOR_DESC;
using ::DML_ELEMENT_WISE_SIGN_OPERATOR_DESC;
using ::DML_FEATURE_LEVEL;
using ::DML_OPERATOR_DESC;
using ::DML_OPERATOR_TYPE;
using ::DML_SCALE_BIAS;
using ::DML_TENSOR_DATA_TYPE;
using ::DML_TENSOR_DESC;
using ::DML_TENSOR_FLAGS;
using ::DML_TENSOR_TYPE;
}  // namespace dmlref::dml

#else

namespace dmlref::dml {

using UINT = std::uint32_t;
using UINT64 = std::uint64_t;
using FLOAT = float;

enum DML_TENSOR_DATA_TYPE {
  DML_TENSOR_DATA_TYPE_UNKNOWN = 0,
  DML_TENSOR_DATA_TYPE_FLOAT32 = 1,
  DML_TENSOR_DATA_TYPE_FLOAT16 = 2,
  DML_TENSOR_DATA_TYPE_UINT32 = 3,
  DML_TENSOR_DATA_TYPE_UINT16 = 4,
  DML_TENSOR_DATA_TYPE_UINT8 = 5,
  DML_TENSOR_DATA_TYPE_INT32 = 6,
  DML_TENSOR_DATA_TYPE_INT16 = 7,
  DML_TENSOR_DATA_TYPE_INT8 = 8,
  DML_TENSOR_DATA_TYPE_FLOAT64 = 9,
  DML_TENSOR_DATA_TYPE_UINT64 = 10,
  DML_TENSOR_DATA_TYPE_INT64 = 11,
  DML_TENSOR_DATA_TYPE_UINT4 = 12,
  DML_TENSOR_DATA_TYPE_INT4 = 13,
};

enum DML_TENSOR_TYPE {
  DML_TENSOR_TYPE_INVALID = 0,
  DML_TENSOR_TYPE_BUFFER = 1,
};

enum DML_TENSOR_FLAGS : UINT {
  DML_TENSOR_FLAG_NONE = 0x0,
  DML_TENSOR_FLAG_OWNED_BY_DML = 0x1,
};

enum DML_FEATURE_LEVEL {
  DML_FEATURE_LEVEL_1_0 = 0x1000,
  DML_FEATURE_LEVEL_2_0 = 0x2000,
  DML_FEATURE_LEVEL_2_1 = 0x2100,
  DML_FEATURE_LEVEL_3_0 = 0x3000,
  DML_FEATURE_LEVEL_3_1 = 0x3100,
  DML_FEATURE_LEVEL_4_0 = 0x4000,
  DML_FEATURE_LEVEL_4_1 = 0x4100,
  DML_FEATURE_LEVEL_5_0 = 0x5000,
  DML_FEATURE_LEVEL_5_1 = 0x5100,
  DML_FEATURE_LEVEL_5_2 = 0x5200,
  DML_FEATURE_LEVEL_6_0 = 0x6000,
  DML_FEATURE_LEVEL_6_1 = 0x6100,
  DML_FEATURE_LEVEL_6_2 = 0x6200,
  DML_FEATURE_LEVEL_6_3 = 0x6300,
  DML_FEATURE_LEVEL_6_4 = 0x6400,
};

/// The values of the operators dmlref computes (DirectML has many more; their values are
/// DirectML's, so a descriptor built against directml.h carries the same numbers).
enum DML_OPERATOR_TYPE {
  DML_OPERATOR_INVALID = 0,
  DML_OPERATOR_ELEMENT_WISE_POW = 25,
  DML_OPERATOR_ELEMENT_WISE_CONSTANT_POW = 26,
  DML_OPERATOR_ELEMENT_WISE_QUANTIZE_LINEAR = 33,
  DML_OPERATOR_ELEMENT_WISE_DEQUANTIZE_LINEAR = 34,
  DML_OPERATOR_ELEMENT_WISE_SIGN = 79,
};

struct DML_BUFFER_TENSOR_DESC {
  DML_TENSOR_DATA_TYPE DataType;
  DML_TENSOR_FLAGS Flags;
  UINT DimensionCount;
  const UINT* Sizes;
  const UINT* Strides;  // optional
  UINT64 TotalTensorSizeInBytes;
  UINT GuaranteedBaseOffsetAlignment;
};

struct DML_TENSOR_DESC {
  DML_TENSOR_TYPE Type;
  const void* Desc;
};

struct DML_SCALE_BIAS {
  FLOAT Scale;
  FLOAT Bias;
};

struct DML_ELEMENT_WISE_POW_OPERATOR_DESC {
  const DML_TENSOR_DESC* InputTensor;
  const DML_TENSOR_DESC* ExponentTensor;
  const DML_TENSOR_DESC* OutputTensor;
  const DML_SCALE_BIAS* ScaleBias;  // optional
};

struct DML_ELEMENT_WISE_CONSTANT_POW_OPERATOR_DESC {
  const DML_TENSOR_DESC* InputTensor;
  const DML_TENSOR_DESC* OutputTensor;
  const DML_SCALE_BIAS* ScaleBias;  // optional
  FLOAT Exponent;
};

struct DML_ELEMENT_WISE_SIGN_OPERATOR_DESC {
  const DML_TENSOR_DESC* InputTensor;
  const DML_TENSOR_DESC* OutputTensor;
};

struct DML_ELEMENT_WISE_DEQUANTIZE_LINEAR_OPERATOR_DESC {
  const DML_TENSOR_DESC* InputTensor;
  const DML_TENSOR_DESC* ScaleTensor;
  const DML_TENSOR_DESC* ZeroPointTensor;  // optional from DML_FEATURE_LEVEL_6_2
  const DML_TENSOR_DESC* OutputTensor;
};

struct DML_ELEMENT_WISE_QUANTIZE_LINEAR_OPERATOR_DESC {
  const DML_TENSOR_DESC* InputTensor;
  const DML_TENSOR_DESC* ScaleTensor;
  const DML_TENSOR_DESC* ZeroPointTensor;  // optional from DML_FEATURE_LEVEL_6_2
  const DML_TENSOR_DESC* OutputTensor;
};

struct DML_OPERATOR_DESC {
  DML_OPERATOR_TYPE Type;
  const void* Desc;
};

}  // namespace dmlref::dml

#endif
