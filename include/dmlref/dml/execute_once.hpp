#pragma once
// The runtime layer's execution compiled once per program.
//
// dml::execute and dml::defined_mask reach every operator of the registry for every
// data-type combination on both paths (dml::detail::operation_run<Op>; the threaded paths run
// parts on these): minutes of compilation in each translation unit that uses them. A program
// with several such translation units includes this header (instead of dml/execute.hpp,
// before any other use of it) in all of them, and compiles the instantiation in one of these
// ways:
//
//   DMLREF_INSTANTIATE_EXECUTE            one translation unit holds all of it;
//   DMLREF_INSTANTIATE_EXECUTE_SHARD=k    each of DMLREF_EXECUTE_SHARDS translation units
//   with DMLREF_EXECUTE_SHARDS=S          (k = 0 .. S-1) holds the operators at registry
//                                         indices k, k + S, k + 2S, ...: compiled in
//                                         parallel, each a fraction of the whole.
//
// Every other translation unit declares each operator's operation_run (and ADD1's
// ops::fused_activations) extern and links against these.

#include <cstddef>

#include "dmlref/dml/execute.hpp"

namespace dmlref::dml::detail {

/// The registry's slots that a program's instantiation covers: a registry of more operators
/// does not compile (raise it here and in DMLREF_DETAIL_EVERY_SLOT).
inline constexpr std::size_t registry_slots = 128;
static_assert(ops::operators::size <= registry_slots, "more operators than registry_slots");

/// A slot past the registry's end (nothing to instantiate).
template <std::size_t Index>
struct unused_slot {};
template <std::size_t Index>
struct operation_run<unused_slot<Index>> {};
template <std::size_t Index, isa_variant V>
struct fast_run_on<unused_slot<Index>, V> {};

template <std::size_t Index, bool = (Index < ops::operators::size)>
struct slot_operator {
  using type = unused_slot<Index>;
};
template <std::size_t Index>
struct slot_operator<Index, true> {
  using type = typename type_at<Index, ops::operators>::type;
};
template <std::size_t Index>
using registry_slot = typename slot_operator<Index>::type;

}  // namespace dmlref::dml::detail

// X(i) for every slot i of the registry, 0 .. registry_slots - 1.
#define DMLREF_DETAIL_EIGHT_SLOTS(X, base) \
  X(base + 0) X(base + 1) X(base + 2) X(base + 3) X(base + 4) X(base + 5) X(base + 6) X(base + 7)
#define DMLREF_DETAIL_EVERY_SLOT(X)                                                                          \
  DMLREF_DETAIL_EIGHT_SLOTS(X, 0) DMLREF_DETAIL_EIGHT_SLOTS(X, 8) DMLREF_DETAIL_EIGHT_SLOTS(X, 16)          \
  DMLREF_DETAIL_EIGHT_SLOTS(X, 24) DMLREF_DETAIL_EIGHT_SLOTS(X, 32) DMLREF_DETAIL_EIGHT_SLOTS(X, 40)        \
  DMLREF_DETAIL_EIGHT_SLOTS(X, 48) DMLREF_DETAIL_EIGHT_SLOTS(X, 56) DMLREF_DETAIL_EIGHT_SLOTS(X, 64)        \
  DMLREF_DETAIL_EIGHT_SLOTS(X, 72) DMLREF_DETAIL_EIGHT_SLOTS(X, 80) DMLREF_DETAIL_EIGHT_SLOTS(X, 88)        \
  DMLREF_DETAIL_EIGHT_SLOTS(X, 96) DMLREF_DETAIL_EIGHT_SLOTS(X, 104) DMLREF_DETAIL_EIGHT_SLOTS(X, 112)      \
  DMLREF_DETAIL_EIGHT_SLOTS(X, 120)

#define DMLREF_DETAIL_DECLARE_SLOT(i) \
  extern template struct dmlref::dml::detail::operation_run<dmlref::dml::detail::registry_slot<(i)>>;
#define DMLREF_DETAIL_DEFINE_SLOT(i) \
  template struct dmlref::dml::detail::operation_run<dmlref::dml::detail::registry_slot<(i)>>;

#if defined(DMLREF_INSTANTIATE_ISA_VARIANT)
// A translation unit of an instruction-set variant (DMLREF_RUNTIME_ISAS) holds that variant's
// fast_run_on for its shard of the registry and nothing else of the runtime layer.
#undef DMLREF_DETAIL_DEFINE_SLOT
#define DMLREF_DETAIL_DEFINE_SLOT(i)                                                            \
  template struct dmlref::dml::detail::fast_run_on<dmlref::dml::detail::registry_slot<(i)>, \
                                                   dmlref::dml::isa_variant::DMLREF_INSTANTIATE_ISA_VARIANT>;
static_assert(dmlref::dml::isa_variant::DMLREF_INSTANTIATE_ISA_VARIANT ==
                  dmlref::dml::variant_of_this_translation_unit(),
              "DMLREF_INSTANTIATE_ISA_VARIANT's translation unit is compiled with that variant's flags");
#endif

#if defined(DMLREF_INSTANTIATE_EXECUTE) && !defined(DMLREF_INSTANTIATE_ISA_VARIANT)
DMLREF_DETAIL_EVERY_SLOT(DMLREF_DETAIL_DEFINE_SLOT)
#elif defined(DMLREF_INSTANTIATE_EXECUTE_SHARD)
#if !defined(DMLREF_EXECUTE_SHARDS) || DMLREF_INSTANTIATE_EXECUTE_SHARD < 0 || \
    DMLREF_INSTANTIATE_EXECUTE_SHARD >= DMLREF_EXECUTE_SHARDS || DMLREF_EXECUTE_SHARDS < 8 || \
    128 % DMLREF_EXECUTE_SHARDS != 0
#error "DMLREF_INSTANTIATE_EXECUTE_SHARD=k needs DMLREF_EXECUTE_SHARDS=S, a divisor of 128 from 8 on, and 0 <= k < S"
#endif
// This shard's slots: k + S * j for j = 0 .. 15 (128 / S of them are in range, the rest are
// empty unused slots).
#define DMLREF_DETAIL_SHARD_SLOT(j)                                                       \
  DMLREF_DETAIL_DEFINE_SLOT(static_cast<std::size_t>(DMLREF_INSTANTIATE_EXECUTE_SHARD) + \
                            static_cast<std::size_t>(DMLREF_EXECUTE_SHARDS) * static_cast<std::size_t>(j))
DMLREF_DETAIL_EIGHT_SLOTS(DMLREF_DETAIL_SHARD_SLOT, 0) DMLREF_DETAIL_EIGHT_SLOTS(DMLREF_DETAIL_SHARD_SLOT, 8)
#undef DMLREF_DETAIL_SHARD_SLOT
#endif
#if !defined(DMLREF_INSTANTIATE_EXECUTE) && !defined(DMLREF_INSTANTIATE_EXECUTE_SHARD) || \
    defined(DMLREF_INSTANTIATE_ISA_VARIANT)
DMLREF_DETAIL_EVERY_SLOT(DMLREF_DETAIL_DECLARE_SLOT)
#endif

// The instruction-set variants' fast paths (dml/isa_variants.hpp), defined in their own
// translation units (not declared in those, which define one of them).
#if !defined(DMLREF_INSTANTIATE_ISA_VARIANT)
#define DMLREF_DETAIL_DECLARE_VARIANT_SLOT(i, variant) \
  extern template struct dmlref::dml::detail::fast_run_on<dmlref::dml::detail::registry_slot<(i)>, variant>;
#if defined(DMLREF_RUNTIME_ISA_AVX2) && DMLREF_RUNTIME_ISA_AVX2
#define DMLREF_DETAIL_DECLARE_AVX2_SLOT(i) DMLREF_DETAIL_DECLARE_VARIANT_SLOT(i, dmlref::dml::isa_variant::avx2)
DMLREF_DETAIL_EVERY_SLOT(DMLREF_DETAIL_DECLARE_AVX2_SLOT)
#undef DMLREF_DETAIL_DECLARE_AVX2_SLOT
#endif
#if defined(DMLREF_RUNTIME_ISA_AVX512) && DMLREF_RUNTIME_ISA_AVX512
#define DMLREF_DETAIL_DECLARE_AVX512_SLOT(i) DMLREF_DETAIL_DECLARE_VARIANT_SLOT(i, dmlref::dml::isa_variant::avx512)
DMLREF_DETAIL_EVERY_SLOT(DMLREF_DETAIL_DECLARE_AVX512_SLOT)
#undef DMLREF_DETAIL_DECLARE_AVX512_SLOT
#endif
#if defined(DMLREF_RUNTIME_ISA_AVX512FP16) && DMLREF_RUNTIME_ISA_AVX512FP16
#define DMLREF_DETAIL_DECLARE_AVX512FP16_SLOT(i) \
  DMLREF_DETAIL_DECLARE_VARIANT_SLOT(i, dmlref::dml::isa_variant::avx512fp16)
DMLREF_DETAIL_EVERY_SLOT(DMLREF_DETAIL_DECLARE_AVX512FP16_SLOT)
#undef DMLREF_DETAIL_DECLARE_AVX512FP16_SLOT
#endif
#undef DMLREF_DETAIL_DECLARE_VARIANT_SLOT
#endif

// ADD1's fused activations (ops::fused_activations: every activation's golden functor, reached
// by validating any descriptor) go with the first shard.
#if !defined(DMLREF_INSTANTIATE_ISA_VARIANT) &&  \
    (defined(DMLREF_INSTANTIATE_EXECUTE) || \
     (defined(DMLREF_INSTANTIATE_EXECUTE_SHARD) && DMLREF_INSTANTIATE_EXECUTE_SHARD == 0))
template struct dmlref::ops::fused_activations<dmlref::dml::attribute_values>;
#else
extern template struct dmlref::ops::fused_activations<dmlref::dml::attribute_values>;
#endif

#undef DMLREF_DETAIL_DECLARE_SLOT
#undef DMLREF_DETAIL_DEFINE_SLOT
#undef DMLREF_DETAIL_EVERY_SLOT
#undef DMLREF_DETAIL_EIGHT_SLOTS
