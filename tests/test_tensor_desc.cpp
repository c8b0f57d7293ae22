// Tests of core/tensor_desc.hpp (calc_buffer_tensor_size, validate_tensor,
// validate_output_layout) and core/operation_rules.hpp (check_sizes_match, check_aliasing).
// Every expected size below is derived by hand from DMLCalcBufferTensorSize's definition:
// last index = sum of (size - 1) * stride, bytes = (last + 1) * element size rounded up to a
// multiple of 4, in 64 bits.

#include <doctest/doctest.h>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "dmlref/core/operation_rules.hpp"
#include "dmlref/core/tensor_desc.hpp"

namespace {

using dmlref::calc_buffer_tensor_size;
using dmlref::data_type;
using dmlref::errc;
using dmlref::status;
using dmlref::tensor_desc;

std::optional<std::uint64_t> calc(data_type t, std::vector<std::uint32_t> sizes,
                                  std::vector<std::uint32_t> strides = {}) {
  return calc_buffer_tensor_size(t, static_cast<std::uint32_t>(sizes.size()), sizes.data(),
                                 strides.empty() ? nullptr : strides.data());
}

bool mentions(const status& s, const std::string& text) {
  return s.message().find(text) != std::string::npos;
}

}  // namespace

TEST_CASE("calc_buffer_tensor_size: packed tensors") {
  CHECK(calc(data_type::float32, {2, 3}) == std::optional<std::uint64_t>(24));   // 6 * 4
  CHECK(calc(data_type::float32, {1}) == std::optional<std::uint64_t>(4));
  CHECK(calc(data_type::float64, {2, 1, 3}) == std::optional<std::uint64_t>(48));  // 6 * 8
  CHECK(calc(data_type::int64, {1, 1, 1, 1, 1, 1, 1, 2}) == std::optional<std::uint64_t>(16));
  // Round-up to a multiple of 4 bytes.
  CHECK(calc(data_type::uint8, {1}) == std::optional<std::uint64_t>(4));  // 1 -> 4
  CHECK(calc(data_type::uint8, {3}) == std::optional<std::uint64_t>(4));  // 3 -> 4
  CHECK(calc(data_type::uint8, {4}) == std::optional<std::uint64_t>(4));  // 4 stays
  CHECK(calc(data_type::int8, {5}) == std::optional<std::uint64_t>(8));   // 5 -> 8
  CHECK(calc(data_type::int16, {3}) == std::optional<std::uint64_t>(8));  // 6 -> 8
  CHECK(calc(data_type::float16, {2, 2}) == std::optional<std::uint64_t>(8));
  CHECK(calc(data_type::float16, {7}) == std::optional<std::uint64_t>(16));  // 14 -> 16
  // The largest valid element count, 2^32 - 1 uint8: 2^32 - 1 bytes -> 2^32.
  CHECK(calc(data_type::uint8, {65535, 65537}) == std::optional<std::uint64_t>(0x100000000ull));
  // Rank outside 1..8 has no size.
  CHECK_FALSE(calc(data_type::float32, {}).has_value());
  CHECK_FALSE(calc(data_type::float32, {1, 1, 1, 1, 1, 1, 1, 1, 1}).has_value());
}

TEST_CASE("calc_buffer_tensor_size: strided tensors") {
  // Explicit packed strides give the packed size.
  CHECK(calc(data_type::float32, {2, 3}, {3, 1}) == std::optional<std::uint64_t>(24));
  // Padded rows: last = 1 * 4 + 2 * 1 = 6 -> 7 * 4 = 28.
  CHECK(calc(data_type::float32, {2, 3}, {4, 1}) == std::optional<std::uint64_t>(28));
  // Permuted (column-major): last = 1 * 1 + 2 * 2 = 5 -> 24.
  CHECK(calc(data_type::float32, {2, 3}, {1, 2}) == std::optional<std::uint64_t>(24));
  // All-zero strides: one element, rounded up to 4 bytes.
  CHECK(calc(data_type::float32, {5, 7}, {0, 0}) == std::optional<std::uint64_t>(4));
  CHECK(calc(data_type::uint8, {5, 7}, {0, 0}) == std::optional<std::uint64_t>(4));
  CHECK(calc(data_type::float64, {9}, {0}) == std::optional<std::uint64_t>(8));
  // Partial broadcast: last = 0 + 2 * 1 + 0 = 2 -> 3 * 2 = 6 -> 8.
  CHECK(calc(data_type::float16, {2, 3, 4}, {0, 1, 0}) == std::optional<std::uint64_t>(8));
  // Stride larger than packed in one dimension: last = 2 * 5 = 10 -> 11 * 8 = 88.
  CHECK(calc(data_type::int64, {3}, {5}) == std::optional<std::uint64_t>(88));
  // Size-1 dimensions contribute nothing whatever their stride.
  CHECK(calc(data_type::uint16, {1, 3, 1}, {1000000, 2, 77}) == std::optional<std::uint64_t>(12));
  // 3 uint8 with stride 3: last = 6 -> 7 -> 8.
  CHECK(calc(data_type::uint8, {3}, {3}) == std::optional<std::uint64_t>(8));
}

TEST_CASE("calc_buffer_tensor_size: 64-bit overflow gives nullopt instead of wrapping") {
  const std::uint32_t big = 0xFFFFFFFFu;
  // 8 dimensions of size and stride 2^32 - 1 with 8-byte elements: each term is
  // (2^32 - 2)(2^32 - 1) = 2^64 - 3 * 2^32 + 2, and two of them already exceed 2^64.
  CHECK_FALSE(calc(data_type::float64, {big, big, big, big, big, big, big, big},
                   {big, big, big, big, big, big, big, big})
                  .has_value());
  CHECK_FALSE(calc(data_type::int64, {big, big, big, big, big, big, big, big},
                   {big, big, big, big, big, big, big, big})
                  .has_value());
  // Packed: the element count (2^32 - 1)^8 overflows.
  CHECK_FALSE(calc(data_type::float64, {big, big, big, big, big, big, big, big}).has_value());
  // One dimension: last = 2^64 - 3 * 2^32 + 2 fits; with 1-byte elements, bytes =
  // 2^64 - 3 * 2^32 + 3, rounded up to 2^64 - 3 * 2^32 + 4 = 0xFFFFFFFD00000004.
  CHECK(calc(data_type::uint8, {big}, {big}) == std::optional<std::uint64_t>(0xFFFFFFFD00000004ull));
  // ... but times an element size of 2 (or 4, or 8) it overflows.
  CHECK_FALSE(calc(data_type::uint16, {big}, {big}).has_value());
  CHECK_FALSE(calc(data_type::float32, {big}, {big}).has_value());
  CHECK_FALSE(calc(data_type::float64, {big}, {big}).has_value());
  // A second dimension of size 5 and stride 0xBFFFFFFE adds 4 * (3 * 2^30 - 2) =
  // 3 * 2^32 - 8: last = 2^64 - 6, bytes = 2^64 - 5, rounded up to 2^64 - 4 (fits).
  CHECK(calc(data_type::uint8, {big, 5}, {big, 0xBFFFFFFEu}) ==
        std::optional<std::uint64_t>(0xFFFFFFFFFFFFFFFCull));
  // Stride 0xBFFFFFFF adds 3 * 2^32 - 4: last = 2^64 - 2, bytes = 2^64 - 1, and the
  // round-up to a multiple of 4 (2^64) no longer fits.
  CHECK_FALSE(calc(data_type::uint8, {big, 5}, {big, 0xBFFFFFFFu}).has_value());
  // Stride 0xC0000000 adds 3 * 2^32: last = 2^64 + 2 overflows in the sum itself.
  CHECK_FALSE(calc(data_type::uint8, {big, 5}, {big, 0xC0000000u}).has_value());
}

TEST_CASE("tensor_desc helpers") {
  const auto p = tensor_desc::packed(data_type::float16, {2, 3, 4});
  CHECK(p.rank == 3);
  CHECK_FALSE(p.has_strides);
  CHECK(p.total_size_in_bytes == 48);
  CHECK(p.element_count() == 24);
  const auto ps = p.effective_strides();
  CHECK(ps[0] == 12);
  CHECK(ps[1] == 4);
  CHECK(ps[2] == 1);
  const auto s = tensor_desc::strided(data_type::float32, {2, 3}, {4, 1});
  CHECK(s.has_strides);
  CHECK(s.total_size_in_bytes == 28);
  CHECK(s.effective_strides()[0] == 4);
  // same_layout compares the effective strides: explicit packed strides equal no strides.
  CHECK(dmlref::same_layout(tensor_desc::packed(data_type::float32, {2, 3}),
                            tensor_desc::strided(data_type::float32, {2, 3}, {3, 1})));
  CHECK_FALSE(dmlref::same_layout(tensor_desc::packed(data_type::float32, {2, 3}),
                                  tensor_desc::strided(data_type::float32, {2, 3}, {1, 2})));
  CHECK_FALSE(dmlref::same_layout(tensor_desc::packed(data_type::float32, {2, 3}),
                                  tensor_desc::packed(data_type::int32, {2, 3})));
}

TEST_CASE("validate_tensor: each rule, with the tensor, field and rule named") {
  const std::string name = "InputTensor";
  SUBCASE("a valid tensor") {
    const auto s = dmlref::validate_tensor(tensor_desc::packed(data_type::float32, {2, 3}), name);
    CHECK(s.ok());
    CHECK(s.code() == errc::ok);
    CHECK(s.message() == "ok");
    CHECK(dmlref::validate_tensor(tensor_desc::strided(data_type::uint8, {4, 4}, {0, 0}), name).ok());
    CHECK(dmlref::validate_tensor(
              tensor_desc::packed(data_type::int8, {1, 1, 1, 1, 1, 1, 1, 1}), name)
              .ok());
  }
  SUBCASE("DimensionCount 0 or above 8") {
    tensor_desc d = tensor_desc::packed(data_type::float32, {2});
    d.rank = 0;
    auto s = dmlref::validate_tensor(d, name);
    CHECK(s.code() == errc::dimension_count);
    CHECK(s.tensor() == name);
    CHECK(s.field() == "DimensionCount");
    CHECK(mentions(s, "1 to 8"));
    CHECK(mentions(s, "InputTensor.DimensionCount"));
    const auto nine = tensor_desc::packed(data_type::float32, {1, 1, 1, 1, 1, 1, 1, 1, 1});
    CHECK(nine.rank == 9);
    s = dmlref::validate_tensor(nine, "OutputTensor");
    CHECK(s.code() == errc::dimension_count);
    CHECK(s.tensor() == "OutputTensor");
    CHECK(s.field() == "DimensionCount");
    CHECK(mentions(s, "9"));
  }
  SUBCASE("a data type without whole-byte elements") {
    for (auto t : {data_type::unknown, data_type::uint4, data_type::int4}) {
      auto d = tensor_desc::packed(data_type::uint8, {4});
      d.type = t;
      const auto s = dmlref::validate_tensor(d, name);
      CHECK(s.code() == errc::unsupported_data_type);
      CHECK(s.tensor() == name);
      CHECK(s.field() == "DataType");
      CHECK(mentions(s, std::string(dmlref::name(t))));
    }
  }
  SUBCASE("a size of 0") {
    const auto d = tensor_desc::packed(data_type::float32, {2, 3, 0, 4});
    const auto s = dmlref::validate_tensor(d, name);
    CHECK(s.code() == errc::zero_size);
    CHECK(s.tensor() == name);
    CHECK(s.field() == "Sizes");
    CHECK(mentions(s, "size 2 is 0"));
  }
  SUBCASE("more than 2^32 - 1 elements") {
    // 65536 * 65536 = 2^32: one too many. 65535 * 65537 = 2^32 - 1: allowed.
    const auto too_many = tensor_desc::packed(data_type::uint8, {65536, 65536});
    const auto s = dmlref::validate_tensor(too_many, name);
    CHECK(s.code() == errc::too_many_elements);
    CHECK(s.tensor() == name);
    CHECK(s.field() == "Sizes");
    CHECK(mentions(s, "2^32 - 1"));
    CHECK(dmlref::validate_tensor(tensor_desc::packed(data_type::uint8, {65535, 65537}), name).ok());
    // Broadcast does not change the element count: still too many.
    const auto broadcast = tensor_desc::strided(data_type::uint8, {65536, 65536}, {0, 0});
    CHECK(dmlref::validate_tensor(broadcast, name).code() == errc::too_many_elements);
    // 8 dimensions of 2^32 - 1 overflow the count itself (it must not wrap to something small).
    const std::uint32_t big = 0xFFFFFFFFu;
    const auto huge = tensor_desc::packed(data_type::uint8, {big, big, big, big, big, big, big, big});
    CHECK(dmlref::validate_tensor(huge, name).code() == errc::too_many_elements);
    // (2^16 + 1)^4 = 2^64 + 4 * 2^48 + ... wraps modulo 2^64 to a small count if the
    // multiplication were unchecked: still too many.
    const auto wraps = tensor_desc::packed(data_type::uint8, {65537, 65537, 65537, 65537});
    CHECK(dmlref::validate_tensor(wraps, name).code() == errc::too_many_elements);
  }
  SUBCASE("DMLCalcBufferTensorSize exceeds 64 bits") {
    auto d = tensor_desc::strided(data_type::float64, {0xFFFFFFFFu}, {0xFFFFFFFFu});
    d.total_size_in_bytes = ~std::uint64_t{0};
    const auto s = dmlref::validate_tensor(d, "ExponentTensor");
    CHECK(s.code() == errc::size_overflow);
    CHECK(s.tensor() == "ExponentTensor");
    CHECK(s.field() == "Strides");
    CHECK(mentions(s, "64 bits"));
  }
  SUBCASE("TotalTensorSizeInBytes below the minimum") {
    auto d = tensor_desc::strided(data_type::float32, {2, 3}, {4, 1});  // minimum 28
    d.total_size_in_bytes = 27;
    auto s = dmlref::validate_tensor(d, name);
    CHECK(s.code() == errc::total_size_too_small);
    CHECK(s.tensor() == name);
    CHECK(s.field() == "TotalTensorSizeInBytes");
    CHECK(mentions(s, "27"));
    CHECK(mentions(s, "28"));
    d.total_size_in_bytes = 28;
    CHECK(dmlref::validate_tensor(d, name).ok());
    d.total_size_in_bytes = 1000;
    CHECK(dmlref::validate_tensor(d, name).ok());
    // The round-up counts: 3 uint8 need 4 bytes, 3 are too few.
    auto u = tensor_desc::packed(data_type::uint8, {3});
    u.total_size_in_bytes = 3;
    CHECK(dmlref::validate_tensor(u, name).code() == errc::total_size_too_small);
    d.total_size_in_bytes = 0;
    CHECK(dmlref::validate_tensor(d, name).code() == errc::total_size_too_small);
  }
  SUBCASE("GuaranteedBaseOffsetAlignment") {
    auto d = tensor_desc::packed(data_type::float32, {4});
    for (std::uint32_t a : {0u, 4u, 8u, 16u, 256u, 0x80000000u}) {
      d.base_offset_alignment = a;
      CAPTURE(a);
      CHECK(dmlref::validate_tensor(d, name).ok());
    }
    for (std::uint32_t a : {1u, 2u, 3u, 6u, 12u, 0xFFFFFFFFu}) {  // not a power of two, or < 4
      d.base_offset_alignment = a;
      CAPTURE(a);
      const auto s = dmlref::validate_tensor(d, name);
      CHECK(s.code() == errc::alignment);
      CHECK(s.tensor() == name);
      CHECK(s.field() == "GuaranteedBaseOffsetAlignment");
      CHECK(mentions(s, "power of two"));
    }
    auto b = tensor_desc::packed(data_type::uint8, {4});
    b.base_offset_alignment = 1;  // a power of two at least the element size 1
    CHECK(dmlref::validate_tensor(b, name).ok());
    auto h = tensor_desc::packed(data_type::float16, {4});
    h.base_offset_alignment = 1;  // below the element size 2
    CHECK(dmlref::validate_tensor(h, name).code() == errc::alignment);
    h.base_offset_alignment = 2;
    CHECK(dmlref::validate_tensor(h, name).ok());
    auto w = tensor_desc::packed(data_type::int64, {4});
    w.base_offset_alignment = 4;  // below the element size 8
    CHECK(dmlref::validate_tensor(w, name).code() == errc::alignment);
  }
  SUBCASE("the first broken rule is the one reported") {
    auto d = tensor_desc::packed(data_type::float32, {2, 0});
    d.total_size_in_bytes = 0;
    d.base_offset_alignment = 3;
    CHECK(dmlref::validate_tensor(d, name).code() == errc::zero_size);
    d.type = data_type::unknown;
    CHECK(dmlref::validate_tensor(d, name).code() == errc::unsupported_data_type);
    d.rank = 0;
    CHECK(dmlref::validate_tensor(d, name).code() == errc::dimension_count);
  }
}

TEST_CASE("validate_output_layout") {
  const std::string name = "OutputTensor";
  auto check_ok = [&](const tensor_desc& d) {
    const auto s = dmlref::validate_output_layout(d, name);
    CHECK_MESSAGE(s.ok(), s.message());
  };
  auto check_refused = [&](const tensor_desc& d, const std::string& rule_text) {
    const auto s = dmlref::validate_output_layout(d, name);
    CHECK(s.code() == errc::output_self_overlap);
    CHECK(s.tensor() == name);
    CHECK(s.field() == "Strides");
    CHECK_MESSAGE(mentions(s, rule_text), s.message());
  };
  SUBCASE("packed, padded and permuted layouts are accepted") {
    check_ok(tensor_desc::packed(data_type::float32, {2, 3, 4}));
    check_ok(tensor_desc::strided(data_type::float32, {2, 3}, {3, 1}));   // packed, explicit
    check_ok(tensor_desc::strided(data_type::float32, {2, 3}, {4, 1}));   // padded rows
    check_ok(tensor_desc::strided(data_type::float32, {2, 3}, {8, 2}));   // padded elements
    check_ok(tensor_desc::strided(data_type::float32, {2, 3}, {1, 2}));   // column-major
    // 3-d permutation: by stride d0 (1, size 2) reaches 1; d2 (2, size 4) reaches 7;
    // d1 (8) is beyond 7.
    check_ok(tensor_desc::strided(data_type::float32, {2, 3, 4}, {1, 8, 2}));
    // Padded: d0 (1) reaches 1; d2 (3, size 4) reaches 1 + 9 = 10; d1's 12 is beyond.
    check_ok(tensor_desc::strided(data_type::float32, {2, 3, 4}, {1, 12, 3}));
  }
  SUBCASE("size-1 dimensions are ignored") {
    check_ok(tensor_desc::strided(data_type::float32, {1, 3}, {0, 1}));
    check_ok(tensor_desc::strided(data_type::float32, {2, 1, 3}, {3, 0, 1}));
    check_ok(tensor_desc::strided(data_type::float32, {2, 1, 3}, {3, 1, 1}));  // equal stride
    check_ok(tensor_desc::strided(data_type::float32, {1, 1}, {0, 0}));
  }
  SUBCASE("a zero stride on a dimension larger than 1 is refused") {
    check_refused(tensor_desc::strided(data_type::float32, {2, 3}, {0, 1}), "stride 0 is 0");
    check_refused(tensor_desc::strided(data_type::float32, {2, 3}, {3, 0}), "stride 1 is 0");
    check_refused(tensor_desc::strided(data_type::float32, {4, 4}, {0, 0}), "broadcast");
  }
  SUBCASE("interleaving dimensions are refused") {
    // Equal strides: (0, 1) and (1, 0) share an address.
    check_refused(tensor_desc::strided(data_type::float32, {2, 2}, {1, 1}), "interleave");
    // Strides (2, 1) on sizes (2, 3): (0, 2) and (1, 0) both at offset 2.
    check_refused(tensor_desc::strided(data_type::float32, {2, 3}, {2, 1}), "interleave");
    // Strides (2, 3) on sizes (3, 2): offsets 0, 3, 2, 5, 4, 7 are all distinct, but the
    // dimensions interleave (3 lies inside the extent 4 of the stride-2 dimension): refused.
    check_refused(tensor_desc::strided(data_type::float32, {3, 2}, {2, 3}), "interleave");
    // 3-d: d0 (stride 1) reaches 1, d2 (stride 2, size 4) reaches 1 + 6 = 7; d1's stride 6
    // is not beyond it ((0, 1, 0) and (0, 0, 3) are both at offset 6).
    check_refused(tensor_desc::strided(data_type::float32, {2, 3, 4}, {1, 6, 2}), "interleave");
    // d2 (stride 3, size 4) reaches 1 + 9 = 10 after d0; d1's stride 8 lies inside
    // ((1, 1, 0) and (0, 0, 3) are both at offset 9).
    check_refused(tensor_desc::strided(data_type::float32, {2, 3, 4}, {1, 8, 3}), "interleave");
  }
}

TEST_CASE("check_sizes_match") {
  const auto a = tensor_desc::packed(data_type::float32, {2, 3});
  const auto b = tensor_desc::strided(data_type::float16, {2, 3}, {0, 1});
  const auto c = tensor_desc::packed(data_type::float32, {3, 2});
  const auto d = tensor_desc::packed(data_type::float32, {2, 3, 1});
  {
    const dmlref::bound_tensor ts[] = {{"InputTensor", &a, nullptr, 0}, {"ScaleTensor", &b, nullptr, 0}};
    CHECK(dmlref::check_sizes_match(ts, 2).ok());
  }
  CHECK(dmlref::check_sizes_match(nullptr, 0).ok());
  {
    const dmlref::bound_tensor ts[] = {
        {"InputTensor", &a, nullptr, 0}, {"ScaleTensor", &b, nullptr, 0}, {"OutputTensor", &c, nullptr, 0}};
    const auto s = dmlref::check_sizes_match(ts, 3);
    CHECK(s.code() == errc::sizes_mismatch);
    CHECK(s.tensor() == "OutputTensor");
    CHECK(s.field() == "Sizes");
    CHECK(mentions(s, "InputTensor"));
  }
  {
    // A different DimensionCount is a mismatch too, even with only trailing 1s added.
    const dmlref::bound_tensor ts[] = {{"InputTensor", &a, nullptr, 0}, {"ExponentTensor", &d, nullptr, 0}};
    const auto s = dmlref::check_sizes_match(ts, 2);
    CHECK(s.code() == errc::sizes_mismatch);
    CHECK(s.tensor() == "ExponentTensor");
  }
}

TEST_CASE("check_aliasing") {
  std::vector<float> buffer(64);
  float* base = buffer.data();
  const auto packed = tensor_desc::packed(data_type::float32, {2, 3});  // 24 bytes
  const auto column = tensor_desc::strided(data_type::float32, {2, 3}, {1, 2});  // 24 bytes
  const auto ints = tensor_desc::packed(data_type::int32, {2, 3});  // 24 bytes
  // A runtime binding spans TotalTensorSizeInBytes from its data pointer.
  auto bind = [](const char* name, const tensor_desc* desc, const void* data) {
    return dmlref::bound_tensor{name, desc, data, desc ? desc->total_size_in_bytes : 0};
  };
  const dmlref::bound_tensor out = bind("OutputTensor", &packed, base);

  SUBCASE("disjoint inputs are fine, in place or not") {
    const dmlref::bound_tensor ins[] = {bind("InputTensor", &packed, base + 6),  // adjacent
                                        bind("ExponentTensor", &packed, base + 20)};
    CHECK(dmlref::check_aliasing(out, ins, 2, false, "ELEMENT_WISE_POW").ok());
    CHECK(dmlref::check_aliasing(out, ins, 2, true, "ELEMENT_WISE_POW").ok());
    // An input that ends exactly where the output begins.
    const dmlref::bound_tensor out2 = bind("OutputTensor", &packed, base + 30);
    const dmlref::bound_tensor before[] = {bind("InputTensor", &packed, base + 24)};
    CHECK(dmlref::check_aliasing(out2, before, 1, false, "ELEMENT_WISE_SIGN").ok());
  }
  SUBCASE("overlap is measured on the bytes each binding spans") {
    // 3 uint8 elements: TotalTensorSizeInBytes is 4, the elements themselves span 3 bytes.
    const auto bytes3 = tensor_desc::packed(data_type::uint8, {3});
    CHECK(bytes3.total_size_in_bytes == 4);
    std::vector<std::uint8_t> raw(16);
    const dmlref::bound_tensor out_exact{"OutputTensor", &bytes3, raw.data(), 3};
    const dmlref::bound_tensor in_exact[] = {{"InputTensor", &bytes3, raw.data() + 3, 3}};
    CHECK(dmlref::check_aliasing(out_exact, in_exact, 1, false, "ELEMENT_WISE_SIGN").ok());
    // The same pointers bound over TotalTensorSizeInBytes (4 bytes) overlap by one byte.
    const dmlref::bound_tensor out_total = bind("OutputTensor", &bytes3, raw.data());
    const dmlref::bound_tensor in_total[] = {bind("InputTensor", &bytes3, raw.data() + 3)};
    CHECK(dmlref::check_aliasing(out_total, in_total, 1, false, "ELEMENT_WISE_SIGN").code() ==
          errc::invalid_aliasing);
  }
  SUBCASE("an exact alias of InputTensor is fine only when the operator works in place") {
    const dmlref::bound_tensor ins[] = {bind("InputTensor", &packed, base)};
    CHECK(dmlref::check_aliasing(out, ins, 1, true, "ELEMENT_WISE_POW").ok());
    const auto s = dmlref::check_aliasing(out, ins, 1, false, "ELEMENT_WISE_DEQUANTIZE_LINEAR");
    CHECK(s.code() == errc::invalid_aliasing);
    CHECK(s.tensor() == "OutputTensor");
    CHECK(mentions(s, "InputTensor"));
    CHECK(mentions(s, "ELEMENT_WISE_DEQUANTIZE_LINEAR"));
    CHECK(mentions(s, "in place"));
    // Packed and explicitly packed strides are the same layout: still an exact alias.
    const auto explicit_packed = tensor_desc::strided(data_type::float32, {2, 3}, {3, 1});
    const dmlref::bound_tensor same[] = {bind("InputTensor", &explicit_packed, base)};
    CHECK(dmlref::check_aliasing(out, same, 1, true, "ELEMENT_WISE_POW").ok());
  }
  SUBCASE("an exact alias of another input is refused, even in place") {
    const dmlref::bound_tensor ins[] = {bind("InputTensor", &packed, base + 32),
                                        bind("ExponentTensor", &packed, base)};
    const auto s = dmlref::check_aliasing(out, ins, 2, true, "ELEMENT_WISE_POW");
    CHECK(s.code() == errc::invalid_aliasing);
    CHECK(s.tensor() == "OutputTensor");
    CHECK(mentions(s, "ExponentTensor"));
    CHECK(mentions(s, "InputTensor"));
  }
  SUBCASE("the binary family: an exact alias of ATensor, of BTensor or of both") {
    constexpr std::uint32_t a_or_b = 0b11;
    const dmlref::bound_tensor over_b[] = {bind("ATensor", &packed, base + 32), bind("BTensor", &packed, base)};
    CHECK(dmlref::check_aliasing(out, over_b, 2, a_or_b, "ELEMENT_WISE_ADD").ok());
    const dmlref::bound_tensor over_both[] = {bind("ATensor", &packed, base), bind("BTensor", &packed, base)};
    CHECK(dmlref::check_aliasing(out, over_both, 2, a_or_b, "ELEMENT_WISE_ADD").ok());
    // Only the inputs the mask names; the message lists them.
    const auto s = dmlref::check_aliasing(out, over_b, 2, 1u, "ELEMENT_WISE_POW");
    CHECK(s.code() == errc::invalid_aliasing);
    CHECK(mentions(s, "runs in place only over ATensor"));
    // An exact alias still: another layout over the same bytes is refused.
    const dmlref::bound_tensor transposed[] = {bind("ATensor", &packed, base + 32), bind("BTensor", &column, base)};
    CHECK(dmlref::check_aliasing(out, transposed, 2, a_or_b, "ELEMENT_WISE_ADD").code() == errc::invalid_aliasing);
  }
  SUBCASE("partial overlap is refused, even in place") {
    for (std::ptrdiff_t shift : {1, 3, 5}) {
      CAPTURE(shift);
      const dmlref::bound_tensor ins[] = {bind("InputTensor", &packed, base + shift)};
      auto s = dmlref::check_aliasing(out, ins, 1, true, "ELEMENT_WISE_POW");
      CHECK(s.code() == errc::invalid_aliasing);
      CHECK(s.tensor() == "OutputTensor");
      CHECK(mentions(s, "exact alias"));
      // The input begins before the output and runs into it.
      const dmlref::bound_tensor out_later = bind("OutputTensor", &packed, base + 10);
      const dmlref::bound_tensor earlier[] = {bind("InputTensor", &packed, base + 10 - shift)};
      s = dmlref::check_aliasing(out_later, earlier, 1, true, "ELEMENT_WISE_POW");
      CHECK(s.code() == errc::invalid_aliasing);
    }
  }
  SUBCASE("same start but another layout or type is refused") {
    const dmlref::bound_tensor permuted[] = {bind("InputTensor", &column, base)};
    CHECK(column.total_size_in_bytes == packed.total_size_in_bytes);
    auto s = dmlref::check_aliasing(out, permuted, 1, true, "ELEMENT_WISE_POW");
    CHECK(s.code() == errc::invalid_aliasing);
    CHECK(mentions(s, "exact alias"));
    const dmlref::bound_tensor typed[] = {bind("InputTensor", &ints, base)};
    s = dmlref::check_aliasing(out, typed, 1, true, "ELEMENT_WISE_POW");
    CHECK(s.code() == errc::invalid_aliasing);
    const auto smaller = tensor_desc::packed(data_type::float32, {2, 2});
    const dmlref::bound_tensor other_sizes[] = {bind("InputTensor", &smaller, base)};
    s = dmlref::check_aliasing(out, other_sizes, 1, true, "ELEMENT_WISE_POW");
    CHECK(s.code() == errc::invalid_aliasing);
  }
  SUBCASE("the offending input is named; unbound inputs are skipped") {
    const dmlref::bound_tensor ins[] = {bind("InputTensor", &packed, base + 32),
                                        bind("ZeroPointTensor", &packed, nullptr),
                                        bind("ScaleTensor", &packed, base + 2)};
    const auto s = dmlref::check_aliasing(out, ins, 3, false, "ELEMENT_WISE_DEQUANTIZE_LINEAR");
    CHECK(s.code() == errc::invalid_aliasing);
    CHECK(mentions(s, "ScaleTensor"));
    CHECK_FALSE(mentions(s, "ZeroPointTensor"));
    const dmlref::bound_tensor unbound[] = {bind("ZeroPointTensor", nullptr, base)};
    CHECK(dmlref::check_aliasing(out, unbound, 1, false, "ELEMENT_WISE_DEQUANTIZE_LINEAR").ok());
  }
}
