#pragma once
// The four ways of running an operator, for the per-operator suites: the typed API and the
// runtime layer (dml::execute), each on the golden and on the fast path. A hand-derived
// expectation holds exactly on the golden variants and within the operator's
// fast_ulp_budget on the fast ones (NaN matching any NaN, integers in integer units).
//
// execute_packed runs an operator of the registry through dml::execute on n packed elements
// (4-D {1, 1, 1, n} tensors, which every feature level accepts), building its descriptor
// through the operator's schema: one helper for every operator.

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <vector>

#include <doctest/doctest.h>

#include <dmlref/dmlref.hpp>
#include <dmlref/oracle/ulp.hpp>

namespace op_variants {

enum class variant { typed_golden, typed_fast, runtime_golden, runtime_fast };
inline constexpr variant all[] = {variant::typed_golden, variant::typed_fast, variant::runtime_golden,
                                  variant::runtime_fast};

inline const char* name(variant v) {
  switch (v) {
    case variant::typed_golden: return "typed API, golden";
    case variant::typed_fast: return "typed API, fast";
    case variant::runtime_golden: return "dml::execute, golden";
    case variant::runtime_fast: return "dml::execute, fast";
  }
  return "";
}
inline bool is_fast(variant v) { return v == variant::typed_fast || v == variant::runtime_fast; }
inline bool is_runtime(variant v) { return v == variant::runtime_golden || v == variant::runtime_fast; }

/// Calls f(path) with dmlref::golden or dmlref::fast, as v says.
template <class F>
decltype(auto) with_path(variant v, F&& f) {
  if (is_fast(v)) return f(dmlref::fast);
  return f(dmlref::golden);
}

/// Whether got is within budget of want: NaN matches any NaN; ULPs in T's own type, integer
/// units for integers.
template <class T>
bool within(T got, T want, std::uint64_t budget) {
  if (dmlref::oracle::is_nan(want) || dmlref::oracle::is_nan(got)) {
    return dmlref::oracle::is_nan(want) && dmlref::oracle::is_nan(got);
  }
  return dmlref::oracle::ulp_distance(got, want) <= budget;
}

/// The budget a variant is held to: 0 on golden, Op's fast_ulp_budget on fast.
template <class Op, class Out>
std::uint64_t budget_of(variant v) {
  return is_fast(v) ? Op::fast_ulp_budget(dmlref::data_type_of_v<Out>) : 0;
}

/// Op's operation on n packed elements (4-D {1, 1, 1, n} tensors, which every feature level
/// accepts): the descriptor written from attrs through the schema, over bound copies of the
/// inputs and an output buffer, each TotalTensorSizeInBytes long (a null input pointer leaves
/// that optional tensor out of the descriptor).
template <class Op, class Out, class... Ins>
struct packed_operation {
  static constexpr std::size_t count = sizeof...(Ins) + 1;
  static_assert(count == dmlref::ops::tensor_count_of<Op>, "one pointer per tensor of the operator");
  dmlref::dml::UINT sizes[4];
  std::array<std::vector<std::uint64_t>, count> storage{};
  std::array<const void*, count - 1> data{};
  std::array<dmlref::dml::UINT64, count> bytes{};
  std::array<dmlref::dml::DML_BUFFER_TENSOR_DESC, count> buffers{};
  std::array<dmlref::dml::DML_TENSOR_DESC, count> tensors{};
  std::array<const dmlref::dml::DML_TENSOR_DESC*, count> descs{};
  std::vector<dmlref::dml::input_binding> inputs;
  dmlref::dml::descriptor_storage desc;

  packed_operation(const dmlref::dml::attribute_values& attrs, std::uint32_t n, const Ins*... ins)
      : sizes{1, 1, 1, n},
        bytes{((dmlref::dml::UINT64{n} * sizeof(Ins) + 3) / 4 * 4)..., (dmlref::dml::UINT64{n} * sizeof(Out) + 3) / 4 * 4},
        desc(make(attrs, n, ins...)) {}

  dmlref::dml::output_binding output() { return {storage[count - 1].data(), bytes[count - 1]}; }

 private:
  dmlref::dml::descriptor_storage make(const dmlref::dml::attribute_values& attrs, std::uint32_t n, const Ins*... ins) {
    using namespace dmlref::dml;
    const std::array<DML_TENSOR_DATA_TYPE, count> types{static_cast<DML_TENSOR_DATA_TYPE>(dmlref::data_type_of_v<Ins>)...,
                                                        static_cast<DML_TENSOR_DATA_TYPE>(dmlref::data_type_of_v<Out>)};
    for (std::size_t k = 0; k < count; ++k) storage[k].assign(static_cast<std::size_t>((bytes[k] + 7) / 8), 0);
    const std::array<const void*, count - 1> given{static_cast<const void*>(ins)...};
    const std::array<std::size_t, count - 1> element_bytes{sizeof(Ins)...};
    for (std::size_t k = 0; k + 1 < count; ++k) {
      if (given[k] == nullptr) continue;
      std::memcpy(storage[k].data(), given[k], n * element_bytes[k]);
      data[k] = storage[k].data();
    }
    for (std::size_t k = 0; k < count; ++k) {
      buffers[k] = {types[k], DML_TENSOR_FLAG_NONE, 4, sizes, nullptr, bytes[k], 0};
      tensors[k] = {DML_TENSOR_TYPE_BUFFER, &buffers[k]};
      descs[k] = (k + 1 == count || data[k] != nullptr) ? &tensors[k] : nullptr;
    }
    for (std::size_t k = 0; k + 1 < count; ++k) inputs.push_back({data[k], data[k] != nullptr ? bytes[k] : 0});
    return descriptor_storage(dmlref::ops::schema_of<Op>(), descs.data(), attrs);
  }
};

/// Op through dml::execute on n packed elements at level: out[0..n) from ins[0..n).
template <class Op, class Path, class Out, class... Ins>
dmlref::status execute_packed(Path path, dmlref::dml::DML_FEATURE_LEVEL level, const dmlref::dml::attribute_values& attrs,
                              std::uint32_t n, Out* out, const Ins*... ins) {
  packed_operation<Op, Out, Ins...> operation(attrs, n, ins...);
  const dmlref::dml::output_binding outputs[1] = {operation.output()};
  auto s = dmlref::dml::execute(path, level, operation.desc.op(), operation.inputs.data(), operation.inputs.size(),
                                outputs, 1);
  if (s.ok()) std::memcpy(static_cast<void*>(out), outputs[0].data, n * sizeof(Out));
  return s;
}

/// Which of the n packed elements Op's contract defines, through the runtime layer
/// (dml::defined_mask): mask[0..n).
template <class Op, class Out, class... Ins>
dmlref::status defined_packed(const dmlref::dml::attribute_values& attrs, std::uint32_t n, bool* mask,
                              const Ins*... ins) {
  packed_operation<Op, Out, Ins...> operation(attrs, n, ins...);
  dmlref::dml::validated_operation v;
  if (auto s = dmlref::dml::validate_descriptor(dmlref::dml::DML_FEATURE_LEVEL_6_4, operation.desc.op(), v); !s.ok()) {
    return s;
  }
  return dmlref::dml::defined_mask(v, operation.data.data(), mask);
}

/// Runs run(v) (the operator on one element, returning Out) for each variant v and checks it
/// against the element rule's value: the same bits on golden, within Op's fast_ulp_budget on
/// fast.
template <class Op, class Out, class Run>
void check_every_variant(Out element_rule, Run&& run) {
  for (const auto v : all) {
    const Out got = run(v);
    INFO(name(v));
    if (is_fast(v)) {
      CHECK(within(got, element_rule, budget_of<Op, Out>(v)));
    } else {
      Out want = element_rule;
      CHECK(std::memcmp(&got, &want, sizeof(Out)) == 0);
    }
  }
}

namespace detail {

template <class T>
dmlref::tensor_view<const T, 1, dmlref::packed_layout> one(const T* p) {
  return dmlref::make_packed_view(p, {1});
}
template <class T>
dmlref::tensor_view<T, 1, dmlref::packed_layout> one(T* p) {
  return dmlref::make_packed_view(p, {1});
}

}  // namespace detail

/// An operator that, called on one element, returns the element rule's value and checks the
/// four variants against it (where the contract defines the element): a drop-in for the
/// operator object in the hand-derived tests, so every vector runs on every variant.
template <class Op>
struct every_variant {
  Op op;

  template <class... Ins>
  auto operator()(Ins... x) const {
    const auto rule = op(x...);
    using Out = std::remove_const_t<decltype(rule)>;
    if (op.defined(x...)) {
      check_every_variant<Op>(rule, [&](variant v) {
        Out out{};
        const auto s = with_path(v, [&](auto path) {
          if (is_runtime(v)) {
            return execute_packed<Op>(path, dmlref::dml::DML_FEATURE_LEVEL_6_4, dmlref::ops::attributes_of(op), 1, &out, &x...);
          }
          return dmlref::compute(path, op, detail::one(&x)..., detail::one(&out));
        });
        CHECK(s.ok());
        return out;
      });
    }
    return rule;
  }
  template <class... Ins>
  bool defined(Ins... x) const {
    return op.defined(x...);
  }
};

}  // namespace op_variants
