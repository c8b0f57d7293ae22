// Inputs are read-only: after any execution, every input buffer is bit-identical to what it
// was before, on both paths, for every operator, type spread and layout class
// (tests/runtime_cases.hpp), also when inputs share one buffer. The one exception is the
// exact in-place alias, where InputTensor's buffer is the output. The typed API is checked
// the same way for each operator.

#include <doctest/doctest.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include "runtime_cases.hpp"

#include <dmlref/dmlref.hpp>

namespace {

using namespace runtime_cases;

/// Runs one case with each input in its own buffer (or, with shared_inputs, every input of
/// InputTensor's data type in InputTensor's buffer) and checks every input afterwards.
template <class Path>
void check_untouched(Path path, const char* path_name, const op_config& config, const std::vector<UINT>& shape,
                     layout_class layout, bool shared_inputs) {
  prepared p;
  prepare(p, config, shape, layout);
  INFO(p.label() << ", " << path_name << (shared_inputs ? ", inputs sharing a buffer" : ""));
  const std::size_t out = p.output();
  std::array<std::vector<std::uint64_t>, 4> storage;  // 8-byte aligned
  std::array<void*, 4> data{};
  std::array<input_binding, 3> inputs{};
  for (std::size_t k = 0; k < config.inputs; ++k) {
    if (!p.present[k]) continue;
    const bool share = shared_inputs && k != 0 && config.types[k] == config.types[0];
    if (share) {
      data[k] = data[0];
      inputs[k] = {data[0], p.total(0)};
      continue;
    }
    storage[k].assign(static_cast<std::size_t>(p.total(k) / 8 + 1), 0);
    data[k] = storage[k].data();
    fill(data[k], p.total(k), config.types[k], k, config.type == POW && k == 1);
    inputs[k] = {data[k], p.total(k)};
  }
  void* output = nullptr;
  if (in_place(layout)) {
    output = data[0];
  } else {
    storage[out].assign(static_cast<std::size_t>(p.total(out) / 8 + 1), 0xA5A5A5A5A5A5A5A5ull);
    output = storage[out].data();
  }
  const auto before = storage;
  const output_binding outputs[1] = {{output, p.total(out)}};
  const auto s = execute(path, DML_FEATURE_LEVEL_6_4, p.op, inputs.data(), config.inputs, outputs, 1);
  REQUIRE_MESSAGE(s.ok(), s.message());
  for (std::size_t k = 0; k < config.inputs; ++k) {
    if (storage[k].empty() || data[k] == output) continue;
    INFO("input slot " << k);
    CHECK(std::memcmp(storage[k].data(), before[k].data(), storage[k].size() * 8) == 0);
  }
  if (in_place(layout)) {  // the other inputs still hold their data; the output did change
    CHECK(std::memcmp(storage[0].data(), before[0].data(), storage[0].size() * 8) != 0);
  }
}

}  // namespace

TEST_CASE("inputs untouched: runtime layer, every operator and layout class, both paths") {
  std::size_t runs = 0;
  for (const auto& config : configs()) {
    for (const auto layout : all_layouts) {
      if (in_place(layout) && !runs_in_place(config)) continue;
      for (const auto& shape : shapes()) {
        for (const bool shared : {false, true}) {
          if (shared && in_place(layout)) continue;  // the output may not overlap a second input
          check_untouched(dmlref::golden, "golden", config, shape, layout, shared);
          check_untouched(dmlref::fast, "fast", config, shape, layout, shared);
          runs += 2;
        }
      }
    }
  }
  MESSAGE(runs << " executions");
  CHECK(runs > 0);
}

TEST_CASE("inputs untouched: typed API, every operator, both paths") {
  std::vector<float> base(64), exponent(64), scale(64), out(64);
  std::vector<dmlref::float16> half(64), half_out(64);
  std::vector<std::int8_t> q(64), zero(64);
  for (std::size_t k = 0; k < 64; ++k) {
    base[k] = static_cast<float>(k) * 0.37f - 9.0f;
    exponent[k] = static_cast<float>(k % 7) - 3.0f;
    scale[k] = 0.125f * static_cast<float>(k % 5);
    half[k] = dmlref::float16(base[k]);
    q[k] = static_cast<std::int8_t>(k * 5);
    zero[k] = static_cast<std::int8_t>(k % 3);
  }
  const auto base0 = base, exponent0 = exponent, scale0 = scale;
  const auto half0 = half;
  const auto q0 = q, zero0 = zero;
  const std::uint32_t sizes[] = {4, 16};
  const std::uint32_t rows[] = {0, 1};  // a broadcast row
  auto run_all = [&](auto path) {
    using dmlref::make_packed_view;
    using dmlref::make_strided_view;
    REQUIRE(dmlref::sign(path, make_packed_view(half.data(), sizes), make_packed_view(half_out.data(), sizes)).ok());
    REQUIRE(dmlref::constant_pow(path, make_packed_view(base.data(), sizes), make_packed_view(out.data(), sizes), 2.2f,
                                 dmlref::scale_bias{0.5f, 1.0f})
                .ok());
    REQUIRE(dmlref::pow(path, make_packed_view(base.data(), sizes), make_strided_view(exponent.data(), sizes, rows),
                        make_packed_view(out.data(), sizes))
                .ok());
    REQUIRE(dmlref::dequantize_linear(path, make_packed_view(q.data(), sizes),
                                      make_strided_view(scale.data(), sizes, rows), make_packed_view(zero.data(), sizes),
                                      make_packed_view(out.data(), sizes))
                .ok());
    CHECK(std::memcmp(base.data(), base0.data(), base.size() * sizeof(float)) == 0);
    CHECK(std::memcmp(exponent.data(), exponent0.data(), exponent.size() * sizeof(float)) == 0);
    CHECK(std::memcmp(scale.data(), scale0.data(), scale.size() * sizeof(float)) == 0);
    CHECK(std::memcmp(half.data(), half0.data(), half.size() * sizeof(dmlref::float16)) == 0);
    CHECK(std::memcmp(q.data(), q0.data(), q.size()) == 0);
    CHECK(std::memcmp(zero.data(), zero0.data(), zero.size()) == 0);
  };
  run_all(dmlref::golden);
  run_all(dmlref::fast);
}
