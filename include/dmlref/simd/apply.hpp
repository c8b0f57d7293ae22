#pragma once
// The fast traversal. Rows come from the shared walk (loops/for_each_row.hpp); each row is
// cut into chunks of `chunk` elements, and each operand becomes a source that the kernel
// reads with vector loads:
//   contiguous row  -> contiguous<T> on the operand's memory
//   broadcast row   -> broadcast<T>, one element splatted
//   strided row     -> gathered into a chunk buffer, then contiguous<T>
// A strided output is written to a chunk buffer and scattered; the contiguous output of a
// large call (the whole call's, when this runs one thread's part) is written to a chunk
// buffer and streamed out (simd/stream.hpp). Kernels are instantiated per
// (operator, types, contiguous-or-broadcast per input), never per rank or layout.
//
// Kernel protocol (see simd/kernel.hpp): Kernel::step elements per block, and
//   Kernel::block(op, out, i, sources...)   computes out[i, i + step);
// or, where an operator attribute picks the code (binds = true),
//   Kernel::bind(op, run)                   calls run(block) with block(out, i, sources...).
// A kernel saying `paired = true` runs two blocks per loop iteration (short memory-bound
// blocks, whose loop overhead and store scheduling then halve; long ones spill registers).
// The last partial block of a row runs on staged copies padded with a live element, so
// every element goes through the same vector code.

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <tuple>
#include <type_traits>
#include <utility>

#include "dmlref/core/bits.hpp"
#include "dmlref/core/isa.hpp"
#include "dmlref/loops/for_each_row.hpp"
#include "dmlref/loops/operand.hpp"
#include "dmlref/simd/lanes.hpp"
#include "dmlref/simd/stream.hpp"

namespace dmlref::simd {
inline namespace DMLREF_ISA_NAMESPACE {

inline constexpr std::size_t chunk = 512;  // a multiple of every kernel's step

/// Runs the fast kernels in IEEE's default subnormal handling: clears the SSE
/// flush-to-zero and denormals-are-zero modes for the duration of a call (a -ffast-math
/// executable sets them at start-up) and restores the caller's modes afterwards.
class ieee_subnormals {
 public:
#if defined(__SSE2__) || defined(_M_X64)
  ieee_subnormals() noexcept : saved_(_mm_getcsr()) {
    constexpr unsigned flush_to_zero = 1u << 15, denormals_are_zero = 1u << 6;
    changed_ = (saved_ & (flush_to_zero | denormals_are_zero)) != 0;
    if (changed_) _mm_setcsr(saved_ & ~(flush_to_zero | denormals_are_zero));
  }
  ~ieee_subnormals() {
    if (changed_) _mm_setcsr(saved_);
  }
#endif
  ieee_subnormals(const ieee_subnormals&) = delete;
  ieee_subnormals& operator=(const ieee_subnormals&) = delete;

 private:
#if defined(__SSE2__) || defined(_M_X64)
  unsigned saved_;
  bool changed_;
#endif
};

namespace detail_apply {

/// chunk elements of scratch, left uninitialised (a tuple would zero its members on every
/// call, which costs as much as a short row).
template <class T>
struct chunk_buffer {
  chunk_buffer() noexcept {}  // NOLINT: deliberately no member initialisation
  T* data() noexcept { return values; }
  T& operator[](std::size_t i) noexcept { return values[i]; }
  alignas(64) T values[chunk];
};

/// Calls f(kinds...) with std::true_type for broadcast inputs, std::false_type otherwise.
template <std::size_t K, std::size_t N, class F, class... Kinds>
void with_kinds(const std::array<bool, N>& is_broadcast, F&& f, Kinds... kinds) {
  if constexpr (K == N) {
    f(kinds...);
  } else if (is_broadcast[K]) {
    with_kinds<K + 1>(is_broadcast, f, kinds..., std::true_type{});
  } else {
    with_kinds<K + 1>(is_broadcast, f, kinds..., std::false_type{});
  }
}

template <class T, class IsBroadcast>
auto source_of(const T* p) noexcept {
  if constexpr (IsBroadcast::value) {
    return broadcast<T>{*p};
  } else {
    return contiguous<T>{p};
  }
}

template <class Kernel, class = void>
struct binds_per_span : std::false_type {};
template <class Kernel>
struct binds_per_span<Kernel, std::void_t<decltype(Kernel::binds)>> : std::bool_constant<Kernel::binds> {};

template <class Kernel, class = void>
struct paired_blocks : std::false_type {};
template <class Kernel>
struct paired_blocks<Kernel, std::void_t<decltype(Kernel::paired)>> : std::bool_constant<Kernel::paired> {};

/// Calls run(block), block(out, i, sources...) computing out[i, i + step): Kernel::bind's
/// choice where the kernel has one (it settles an operator attribute once per span, such as
/// CONSTANT_POW's exponent form), otherwise Kernel::block on a copy of op that no output
/// store can alias, so its fields stay in registers.
template <class Kernel, class Op, class Run>
void with_block(const Op& op, Run&& run) {
  if constexpr (binds_per_span<Kernel>::value) {
    Kernel::bind(op, run);
  } else {
    run([local = op](auto* out, std::size_t i, auto... sources) { Kernel::block(local, out, i, sources...); });
  }
}

/// The last partial block: n < step elements through one full block on copies, padded with
/// each source's first element.
template <std::size_t step, class Block, class Out, class... Ins, class... Kinds, std::size_t... I>
void tail_block(Block& block, std::size_t n, Out* out, const std::tuple<const Ins*...>& in,
                std::index_sequence<I...>, Kinds...) {
  std::tuple<std::array<Ins, step>...> staged;
  ((std::get<I>(staged).fill(std::get<I>(in)[0]),
    Kinds::value ? void() : (void)std::copy(std::get<I>(in), std::get<I>(in) + n, std::get<I>(staged).begin())),
   ...);
  std::array<Out, step> staged_out{};
  block(staged_out.data(), 0, source_of<Ins, Kinds>(std::get<I>(staged).data())...);
  std::copy_n(staged_out.begin(), n, out);
}

/// n contiguous-or-broadcast elements: full blocks, then the tail.
template <class Kernel, class Op, class Out, class... Ins, class... Kinds, std::size_t... I>
void run_span(const Op& op, std::size_t n, Out* out, const std::tuple<const Ins*...>& in,
              std::index_sequence<I...> seq, Kinds... kinds) {
  constexpr std::size_t step = Kernel::step;
  with_block<Kernel>(op, [&](const auto& chosen) {
    // Locals whose addresses never escape: the intrinsics' vector stores may alias any
    // memory, so pointers and operator fields reached through references would be reloaded
    // after every store.
    auto block = chosen;
    const auto sources = std::make_tuple(source_of<Ins, Kinds>(std::get<I>(in))...);
    Out* const o = out;
    const std::size_t count = n;
    std::size_t i = 0;
    if constexpr (paired_blocks<Kernel>::value) {
      for (; i + 2 * step <= count; i += 2 * step) {
        block(o, i, std::get<I>(sources)...);
        block(o, i + step, std::get<I>(sources)...);
      }
    }
    for (; i + step <= count; i += step) block(o, i, std::get<I>(sources)...);
    if (i < n) {
      const std::tuple<const Ins*...> rest{(Kinds::value ? std::get<I>(in) : std::get<I>(in) + i)...};
      tail_block<step>(block, n - i, out + i, rest, seq, kinds...);
    }
  });
}

template <std::size_t>
using contiguous_kind = std::false_type;
template <class... Kinds>
struct kind_list {};

/// run_span for one choice of kinds, out of line: the traversal below holds a pointer to it,
/// chosen once per call, so the row walk is compiled once per (operator, types) and only
/// the span, the kernel's loop, once per choice of kinds.
template <class Kernel, class Kinds>
struct span_runner;
template <class Kernel, class... Kinds>
struct span_runner<Kernel, kind_list<Kinds...>> {
  template <class Op, class Out, class... Ins>
  DMLREF_DETAIL_NOINLINE static void run(const Op& op, std::size_t n, Out* out, const std::tuple<const Ins*...>& in) {
    run_span<Kernel>(op, n, out, in, std::index_sequence_for<Ins...>{}, Kinds{}...);
  }
};

template <class Op, class Out, class... Ins>
using span_function = void (*)(const Op&, std::size_t, Out*, const std::tuple<const Ins*...>&);


template <class Kernel, class Op, class Out, class... Ins, std::size_t... I>
void apply_indexed(loops::call_extent call, const Op& op, std::uint32_t rank, const std::uint32_t* sizes,
                   const loops::operand<Out>& out, std::index_sequence<I...>, const loops::operand<const Ins>&... ins) {
  constexpr std::size_t n_in = sizeof...(Ins);
  const bool call_streams = streams_call(call.output_elements * sizeof(Out));
  // One packed row of a call that does not stream (the typed API's packed views, rank 1
  // tensors): the span itself, without the row walk.
  if (rank == 1 && out.strides[0] == 1 && ((ins.strides[0] == 1) && ...) && !call_streams) {
    span_runner<Kernel, kind_list<contiguous_kind<I>...>>::run(op, sizes[0], out.data,
                                                               std::tuple<const Ins*...>{ins.data...});
    return;
  }
  const auto shape = loops::shape_of(rank, sizes, out, ins...);
  const std::uint64_t length = shape.row_length();
  const std::array<std::uint64_t, n_in> in_stride{shape.row_stride(1 + I)...};
  const std::uint64_t out_stride = shape.row_stride(0);
  const std::array<bool, n_in> is_broadcast{(in_stride[I] == 0)...};
  const std::tuple<const loops::operand<const Ins>&...> operands{ins...};
  // Rows whose operands are all contiguous or broadcast run whole; a strided operand cuts
  // its row into chunks that fit the gather and scatter buffers. Where the call streams
  // (simd/stream.hpp: the whole call's output decides, not this part's), such rows are
  // written a chunk at a time with streaming stores.
  const bool direct = out_stride == 1 && ((in_stride[I] <= 1) && ...);
  const bool streaming =
      call_streams && direct && reinterpret_cast<std::uintptr_t>(out.data) % sizeof(Out) == 0;
  const std::uint64_t piece = direct && !streaming ? length : chunk;

  span_function<Op, Out, Ins...> span = nullptr;
  with_kinds<0>(is_broadcast, [&](auto... kinds) {
    span = &span_runner<Kernel, kind_list<decltype(kinds)...>>::template run<Op, Out, Ins...>;
  });
  std::tuple<chunk_buffer<Ins>...> gathered;  // strided inputs, a chunk at a time
  chunk_buffer<Out> scattered;                // a strided or streamed output, a chunk at a time
  // Elements [start, start + n) of the row at `at`; `stream` sends them through the buffer.
  auto run_piece = [&](const loops::row_offsets<1 + n_in>& at, std::uint64_t start, std::size_t n, bool stream) {
    auto input = [&](auto index) {
      constexpr std::size_t k = decltype(index)::value;
      using T = std::tuple_element_t<k, std::tuple<Ins...>>;
      const T* base = std::get<k>(operands).data + at[1 + k];
      const auto s = in_stride[k];
      if (s == 0) return base;
      if (s == 1) return base + start;
      auto& buffer = std::get<k>(gathered);
      for (std::size_t j = 0; j < n; ++j) buffer[j] = base[(start + j) * s];
      return static_cast<const T*>(buffer.data());
    };
    const std::tuple<const Ins*...> in{input(std::integral_constant<std::size_t, I>{})...};
    Out* o = out.data + at[0];
    const bool in_place = out_stride == 1 && !stream;
    span(op, n, in_place ? o + start : scattered.data(), in);
    if (in_place) return;
    if (out_stride == 1) {
      stream_copy(o + start, scattered.data(), n * sizeof(Out));
    } else {
      for (std::size_t j = 0; j < n; ++j) o[(start + j) * out_stride] = scattered[j];
    }
  };
  loops::for_each_row(shape, [&](const loops::row_offsets<1 + n_in>& at) {
    std::uint64_t start = 0;
    if (streaming) {  // ordinary stores up to the row's first aligned address
      const auto misalignment = reinterpret_cast<std::uintptr_t>(out.data + at[0]) % stream_alignment;
      start = std::min<std::uint64_t>(length, (stream_alignment - misalignment) % stream_alignment / sizeof(Out));
      if (start > 0) run_piece(at, 0, static_cast<std::size_t>(start), false);
    }
    for (; start < length; start += piece) {
      run_piece(at, start, static_cast<std::size_t>(std::min<std::uint64_t>(piece, length - start)), streaming);
    }
  });
  if (streaming) stream_fence();
}

}  // namespace detail_apply

/// out = op(ins...) over sizes[0..rank), with Kernel's vector blocks: the whole of `call`, or
/// one of its parts (its output elements are then fewer than call.output_elements).
template <class Kernel, class Op, class Out, class... Ins>
void apply(loops::call_extent call, const Op& op, std::uint32_t rank, const std::uint32_t* sizes,
           const loops::operand<Out>& out, const loops::operand<const Ins>&... ins) {
  const ieee_subnormals guard;
  detail_apply::apply_indexed<Kernel>(call, op, rank, sizes, out, std::index_sequence_for<Ins...>{}, ins...);
}

}  // namespace DMLREF_ISA_NAMESPACE
}  // namespace dmlref::simd
