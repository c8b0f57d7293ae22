// Test code written against directml.h ports line by line: the same structs, names and
// values, executed on the CPU by dmlref. Shown here: ELEMENT_WISE_CONSTANT_POW on FLOAT16
// with a ScaleBias, then a descriptor that breaks a rule and the error it earns.

#include <cstdio>
#include <vector>

#include <dmlref/dmlref.hpp>

using namespace dmlref::dml;

int main() {
  std::vector<dmlref::float16> input, output(6);
  for (float v : {-1.5f, -0.0f, 0.5f, 1.0f, 2.0f, 3.0f}) input.emplace_back(v);

  UINT sizes[] = {2, 3};
  DML_BUFFER_TENSOR_DESC buffer = {DML_TENSOR_DATA_TYPE_FLOAT16, DML_TENSOR_FLAG_NONE, 2, sizes, nullptr, 12, 0};
  DML_TENSOR_DESC tensor = {DML_TENSOR_TYPE_BUFFER, &buffer};
  DML_SCALE_BIAS scale_bias = {2.0f, 0.5f};
  DML_ELEMENT_WISE_CONSTANT_POW_OPERATOR_DESC pow_desc = {&tensor, &tensor, &scale_bias, 2.0f};
  DML_OPERATOR_DESC op = {DML_OPERATOR_ELEMENT_WISE_CONSTANT_POW, &pow_desc};

  auto status = execute(dmlref::golden, DML_FEATURE_LEVEL_6_4, op, {{input.data(), 12}}, {{output.data(), 12}});
  std::printf("CONSTANT_POW((2x + 0.5)^2) FLOAT16: %s\n ", status.message().c_str());
  for (auto h : output) std::printf(" %g", static_cast<double>(static_cast<float>(h)));
  std::printf("\n");

  // Feature level 2_0 wants exactly 4 dimensions: the error names the tensor, field and rule.
  status = execute(dmlref::golden, DML_FEATURE_LEVEL_2_0, op, {{input.data(), 12}}, {{output.data(), 12}});
  std::printf("the same at feature level 2_0: %s\n", status.message().c_str());
  return status.ok() ? 1 : 0;
}
