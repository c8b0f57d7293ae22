#pragma once
// Cases of moderate values (generate_options::values "normal": dmlref-eval generate --values
// normal, dmlref-bench's rows of every operator): the inputs of each element whose golden
// result is not a finite normal number (a zero, a subnormal, an infinity, a NaN, or undefined) are drawn again from
// the same moderate distribution, up to max_rounds times, so that the cases test accuracy
// where results are ordinary numbers. Integer results count as in range wherever defined.

#include <cstdint>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include "dmlref/io/evaluate.hpp"
#include "dmlref/io/generate.hpp"
#include "dmlref/math/real.hpp"

namespace dmlref::io {

namespace detail_normal_values {

/// Whether golden's k-th result (logical order) is defined and, for floats, finite and normal.
inline bool in_normal_range(const evaluation& e, std::uint64_t k) {
  if (e.defined && !e.defined[k]) return false;
  bool normal = true;
  visit_element_type(e.desc.type, [&](auto* tag) {
    using T = std::remove_pointer_t<decltype(tag)>;
    if constexpr (dmlref::is_float_element_v<T>) {
      using F = typename dmlref::math::format_of<T>::type;
      const auto exponent = dmlref::math::bits_of(e.values.as<T>()[k]) & F::exponent_mask;
      normal = exponent != 0 && exponent != F::exponent_mask;
    }
  });
  return normal;
}

}  // namespace detail_normal_values

/// Redraws the inputs of case c (generated with values "normal") where golden's result is out
/// of range; after max_rounds, such an element takes the inputs of the first element in range.
/// Returns how many elements are still out of range then (broadcast inputs are shared, so a
/// copy may move another element out), or -1 with *problem when the case does not evaluate.
inline long long redraw_until_normal(json& c, std::mt19937_64& rng, std::string& problem,
                                     int max_rounds = 16) {
  for (int round = 0;; ++round) {
    test_case parsed;
    evaluation e;
    dmlref::status s = read_case(c, parsed);
    if (s.ok()) s = evaluate(dmlref::golden, parsed, e);
    if (!s.ok()) {
      problem = s.message();
      return -1;
    }
    std::vector<std::uint64_t> out_of_range;
    std::uint64_t in_range = e.desc.element_count();  // the first in range, if any
    for (std::uint64_t k = 0; k < e.desc.element_count(); ++k) {
      if (!detail_normal_values::in_normal_range(e, k)) {
        out_of_range.push_back(k);
      } else if (in_range == e.desc.element_count()) {
        in_range = k;
      }
    }
    const bool copy = round == max_rounds;
    if (out_of_range.empty() || round > max_rounds || (copy && in_range == e.desc.element_count())) {
      return static_cast<long long>(out_of_range.size());
    }
    for (const auto& t : parsed.tensors) {
      if (!t.has_data) continue;
      const auto strides = t.desc.effective_strides();
      const auto offset_of = [&](std::uint64_t k) {  // k's coordinates over the output's sizes, through t's strides
        std::uint64_t offset = 0;
        for (std::uint32_t d = e.desc.rank; d-- > 0;) {
          offset += (k % e.desc.sizes[d]) * strides[d];
          k /= e.desc.sizes[d];
        }
        return offset;
      };
      auto& data = c["tensors"][t.name]["data"];
      for (const std::uint64_t k : out_of_range) {
        data[offset_of(k)] = copy ? json(data[offset_of(in_range)])
                                  : detail_generate::moderate_values(t.desc.type, 1, rng)[0];
      }
    }
  }
}

}  // namespace dmlref::io
