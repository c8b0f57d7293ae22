#pragma once
// The runtime layer's execution compiled once per program.
//
// dml::execute instantiates every operator of the registry for every data-type combination
// on both paths, plain and threaded: minutes of compilation in each translation unit that
// calls it. A program with several such translation units includes this header (instead of
// dml/execute.hpp, before any other use of it) in all of them, and compiles the one
// instantiation in one of these ways:
//
//   DMLREF_INSTANTIATE_EXECUTE            one translation unit holds all of it;
//   DMLREF_INSTANTIATE_EXECUTE_SHARDED    one translation unit holds dml::run_validated, and
//   DMLREF_INSTANTIATE_EXECUTE_SHARD=k    each of DMLREF_EXECUTE_SHARDS translation units
//   with DMLREF_EXECUTE_SHARDS=S          (k = 0 .. S-1) the operators at registry indices
//                                         k, k + S, k + 2S, ...: compiled in parallel, each
//                                         a fraction of the whole.
//
// Every other translation unit declares dml::run_validated extern and links against these.

#if defined(DMLREF_INSTANTIATE_EXECUTE_SHARDED)
#define DMLREF_DETAIL_OPERATION_RUNS_ELSEWHERE  // each operator's instantiation is in its shard
#endif

#include <cstddef>
#include <type_traits>

#include "dmlref/dml/execute.hpp"

#if defined(DMLREF_INSTANTIATE_EXECUTE) || defined(DMLREF_INSTANTIATE_EXECUTE_SHARDED)
#define DMLREF_DETAIL_EXECUTE_INSTANCE template
#else
#define DMLREF_DETAIL_EXECUTE_INSTANCE extern template
#endif

namespace dmlref::dml {
DMLREF_DETAIL_EXECUTE_INSTANCE status run_validated<golden_path>(golden_path, const validated_operation&,
                                                                 const input_binding*, const output_binding*);
DMLREF_DETAIL_EXECUTE_INSTANCE status run_validated<fast_path>(fast_path, const validated_operation&,
                                                               const input_binding*, const output_binding*);
DMLREF_DETAIL_EXECUTE_INSTANCE status run_validated<threaded_path<golden_path>>(threaded_path<golden_path>,
                                                                                const validated_operation&,
                                                                                const input_binding*,
                                                                                const output_binding*);
DMLREF_DETAIL_EXECUTE_INSTANCE status run_validated<threaded_path<fast_path>>(threaded_path<fast_path>,
                                                                              const validated_operation&,
                                                                              const input_binding*,
                                                                              const output_binding*);
}  // namespace dmlref::dml

#undef DMLREF_DETAIL_EXECUTE_INSTANCE

#if defined(DMLREF_INSTANTIATE_EXECUTE_SHARD)
#if !defined(DMLREF_EXECUTE_SHARDS) || DMLREF_INSTANTIATE_EXECUTE_SHARD < 0 || \
    DMLREF_INSTANTIATE_EXECUTE_SHARD >= DMLREF_EXECUTE_SHARDS
#error "DMLREF_INSTANTIATE_EXECUTE_SHARD=k needs DMLREF_EXECUTE_SHARDS=S with 0 <= k < S"
#endif
namespace dmlref::dml::detail {

/// The slots a shard holds: registry index k + S * j for j below this.
inline constexpr std::size_t shard_slots = 16;
static_assert(ops::operators::size <= shard_slots * DMLREF_EXECUTE_SHARDS,
              "more operators than the shards hold: raise DMLREF_EXECUTE_SHARDS");

/// A slot past the registry's end (nothing to instantiate).
template <std::size_t Index>
struct unused_slot {};
template <std::size_t Index>
struct operation_run<unused_slot<Index>> {};

template <std::size_t Index, bool = (Index < ops::operators::size)>
struct slot_operator {
  using type = unused_slot<Index>;
};
template <std::size_t Index>
struct slot_operator<Index, true> {
  using type = typename type_at<Index, ops::operators>::type;
};
template <std::size_t Slot>
using shard_operator =
    typename slot_operator<static_cast<std::size_t>(DMLREF_INSTANTIATE_EXECUTE_SHARD) +
                           static_cast<std::size_t>(DMLREF_EXECUTE_SHARDS) * Slot>::type;

}  // namespace dmlref::dml::detail

#define DMLREF_DETAIL_SHARD_SLOT(j) template struct dmlref::dml::detail::operation_run<dmlref::dml::detail::shard_operator<j>>;
DMLREF_DETAIL_SHARD_SLOT(0) DMLREF_DETAIL_SHARD_SLOT(1) DMLREF_DETAIL_SHARD_SLOT(2) DMLREF_DETAIL_SHARD_SLOT(3)
DMLREF_DETAIL_SHARD_SLOT(4) DMLREF_DETAIL_SHARD_SLOT(5) DMLREF_DETAIL_SHARD_SLOT(6) DMLREF_DETAIL_SHARD_SLOT(7)
DMLREF_DETAIL_SHARD_SLOT(8) DMLREF_DETAIL_SHARD_SLOT(9) DMLREF_DETAIL_SHARD_SLOT(10) DMLREF_DETAIL_SHARD_SLOT(11)
DMLREF_DETAIL_SHARD_SLOT(12) DMLREF_DETAIL_SHARD_SLOT(13) DMLREF_DETAIL_SHARD_SLOT(14) DMLREF_DETAIL_SHARD_SLOT(15)
#undef DMLREF_DETAIL_SHARD_SLOT
#endif
