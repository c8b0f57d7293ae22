// Evaluate an operator with the typed API, then judge a backend's output with the
// comparator: the two steps a C++ GPU test harness needs.
//
// Here the "backend" is a stand-in: pow computed in float with std::pow, as a quick kernel
// might, plus one deliberately wrong element so the report has something to show.

#include <cmath>
#include <cstdio>
#include <vector>

#include <dmlref/dmlref.hpp>
#include <dmlref/oracle/compare.hpp>

int main() {
  const std::uint32_t rows = 4, cols = 8;
  std::vector<float> base(rows * cols), exponent(cols), golden(rows * cols), backend(rows * cols);
  for (std::uint32_t i = 0; i < rows * cols; ++i) base[i] = 0.25f + 0.37f * static_cast<float>(i);
  for (std::uint32_t j = 0; j < cols; ++j) exponent[j] = -2.0f + 0.6f * static_cast<float>(j);

  // The exponent is one row broadcast over the rows: a zero stride, as DirectML expresses it.
  const auto input = dmlref::make_packed_view(base.data(), {rows, cols});
  const auto exponent_row = dmlref::make_strided_view(exponent.data(), {rows, cols}, {0, 1});
  const auto output = dmlref::make_packed_view(golden.data(), {rows, cols});
  if (const auto s = dmlref::pow(dmlref::golden, input, exponent_row, output); !s.ok()) {
    std::fprintf(stderr, "pow: %s\n", s.message().c_str());
    return 1;
  }

  for (std::uint32_t i = 0; i < rows; ++i) {
    for (std::uint32_t j = 0; j < cols; ++j) backend[i * cols + j] = std::pow(base[i * cols + j], exponent[j]);
  }
  backend[2 * cols + 5] *= 1.0001f;  // the deliberate bug

  dmlref::oracle::compare_options options;
  options.tol = dmlref::ops::pow::default_tolerance(dmlref::ops::types_of<float, float, float>());  // 32 ULP
  const std::uint32_t sizes[] = {rows, cols};
  const auto report = dmlref::oracle::compare(golden.data(), nullptr, backend.data(),
                                              dmlref::packed_strides(2, {rows, cols}), 2, sizes, options);
  std::printf("pow FLOAT32, %u x %u, exponent row broadcast:\n%s", rows, cols, report.text().c_str());
  return report.pass ? 1 : 0;  // the stand-in backend is meant to fail
}
