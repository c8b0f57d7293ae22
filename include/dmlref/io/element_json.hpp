#pragma once
// One element of a data type read from a case file's JSON value, exactly: integers in range
// and without a fraction, floats rounded once to the type or given as the type's own bit
// pattern ("0x7e01"). Shared by tensor data (io/case_file.hpp) and attributes
// (io/attributes_json.hpp).

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <string>
#include <type_traits>

#include <nlohmann/json.hpp>

#include "dmlref/core/data_type.hpp"
#include "dmlref/core/float16.hpp"
#include "dmlref/core/status.hpp"
#include "dmlref/io/json_numbers.hpp"
#include "dmlref/math/real.hpp"

namespace dmlref::io {

namespace detail_case {

using json = nlohmann::json;

inline status fail(const std::string& tensor, const std::string& field, const std::string& rule) {
  return status::error(errc::invalid_argument, tensor, field, rule);
}

inline bool parse_hex(const std::string& text, std::uint64_t& out) {
  if (text.size() < 3 || text.size() > 18 || text[0] != '0' || (text[1] != 'x' && text[1] != 'X')) return false;
  std::uint64_t v = 0;
  for (std::size_t i = 2; i < text.size(); ++i) {
    const char c = text[i];
    const int digit = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
    if (digit < 0) return false;
    v = (v << 4) | static_cast<std::uint64_t>(digit);
  }
  out = v;
  return true;
}

/// Stores v into element slot `index` of dst as data type T.
template <class T>
status store_element(const json& v, T* dst, const std::string& tensor, const std::string& field, std::size_t index) {
  const std::string where = field + "[" + std::to_string(index) + "]";
  if constexpr (is_float_element_v<T>) {
    using F = typename math::format_of<T>::type;
    using bits_type = typename F::bits_type;
    if (const auto text = kept_decimal_text(v)) {  // a decimal on a boundary of some format
      detail::exact_binary exact{};
      if (!decimal_to_exact(*text, exact)) return fail(tensor, where, "\"" + *text + "\" is not a number");
      dst[index] = math::from_bits<T>(detail::round_to_format<F>(exact));
      return {};
    }
    if (v.is_string()) {
      const auto& s = v.get_ref<const std::string&>();
      bits_type bits = 0;
      std::uint64_t raw = 0;
      if (s == "NaN") bits = F::quiet_nan;
      else if (s == "Infinity") bits = F::infinity;
      else if (s == "-Infinity") bits = static_cast<bits_type>(F::sign_mask | F::infinity);
      else if (parse_hex(s, raw) && raw <= static_cast<std::uint64_t>(static_cast<bits_type>(~bits_type{0}))) bits = static_cast<bits_type>(raw);
      else return fail(tensor, where, "\"" + s + "\" is not a number, \"NaN\", \"Infinity\", \"-Infinity\" or a " +
                                          std::to_string(8 * sizeof(T)) + "-bit pattern \"0x...\"");
      dst[index] = math::from_bits<T>(bits);
      return {};
    }
    if (!v.is_number()) return fail(tensor, where, "must be a number or a string");
    const double d = v.get<double>();  // not on a boundary of T: rounding it is rounding the decimal
    dst[index] = math::round_real<T>(math::to_real(d));
    return {};
  } else {
    using limits = std::numeric_limits<T>;
    const std::string range = "[" + std::to_string(static_cast<long long>(limits::min())) + ", " +
                              std::to_string(static_cast<unsigned long long>(limits::max())) + "]";
    if (v.is_number_unsigned()) {
      const auto u = v.get<std::uint64_t>();
      if (u > static_cast<std::uint64_t>(limits::max())) return fail(tensor, where, std::to_string(u) + " does not fit " + std::string(name(data_type_of_v<T>)) + " " + range);
      dst[index] = static_cast<T>(u);
      return {};
    }
    if (v.is_number_integer()) {
      const auto s = v.get<std::int64_t>();
      if (s < static_cast<std::int64_t>(limits::min()) ||
          (s > 0 && static_cast<std::uint64_t>(s) > static_cast<std::uint64_t>(limits::max()))) {
        return fail(tensor, where, std::to_string(s) + " does not fit " + std::string(name(data_type_of_v<T>)) + " " + range);
      }
      dst[index] = static_cast<T>(s);
      return {};
    }
    if (const auto text = kept_decimal_text(v); text && text->find_first_of(".eE") == std::string::npos) {
      return fail(tensor, where, *text + " does not fit " + std::string(name(data_type_of_v<T>)) + " " + range);
    }
    if (v.is_number_float() || kept_decimal_text(v)) {
      return fail(tensor, where, kept_decimal_text(v).value_or(v.dump()) + " is not an integer (an integer tensor takes JSON integers)");
    }
    if (v.is_string()) {
      std::uint64_t raw = 0;
      const auto& s = v.get_ref<const std::string&>();
      constexpr std::uint64_t mask = ~std::uint64_t{0} >> (64 - 8 * sizeof(T));  // T's width of ones
      if (parse_hex(s, raw) && raw <= mask) {
        std::make_unsigned_t<T> u = static_cast<std::make_unsigned_t<T>>(raw);
        std::memcpy(&dst[index], &u, sizeof(T));
        return {};
      }
      return fail(tensor, where, "\"" + s + "\" is not an integer or a bit pattern \"0x...\" of the type's width");
    }
    return fail(tensor, where, "must be an integer");
  }
}

template <class F>
bool visit_element_type(data_type t, F&& f) {
  switch (t) {
    case data_type::float32: f(static_cast<float*>(nullptr)); return true;
    case data_type::float16: f(static_cast<float16*>(nullptr)); return true;
    case data_type::float64: f(static_cast<double*>(nullptr)); return true;
    case data_type::int8: f(static_cast<std::int8_t*>(nullptr)); return true;
    case data_type::int16: f(static_cast<std::int16_t*>(nullptr)); return true;
    case data_type::int32: f(static_cast<std::int32_t*>(nullptr)); return true;
    case data_type::int64: f(static_cast<std::int64_t*>(nullptr)); return true;
    case data_type::uint8: f(static_cast<std::uint8_t*>(nullptr)); return true;
    case data_type::uint16: f(static_cast<std::uint16_t*>(nullptr)); return true;
    case data_type::uint32: f(static_cast<std::uint32_t*>(nullptr)); return true;
    case data_type::uint64: f(static_cast<std::uint64_t*>(nullptr)); return true;
    default: return false;
  }
}

/// A float element as JSON: a number when finite (read back to the same value), its bit
/// pattern "0x..." otherwise (NaN payloads and infinities survive).
template <class T>
json element_json(T x) {
  if constexpr (is_float_element_v<T>) {
    using F = typename math::format_of<T>::type;
    const auto bits = math::bits_of(x);
    if ((bits & F::exponent_mask) == F::exponent_mask) {
      char text[24];
      std::snprintf(text, sizeof text, "0x%0*llx", static_cast<int>(2 * sizeof(T)), static_cast<unsigned long long>(bits));
      return text;
    }
    return static_cast<double>(static_cast<float>(x));
  } else if constexpr (std::is_signed_v<T>) {
    return static_cast<std::int64_t>(x);
  } else {
    return static_cast<std::uint64_t>(x);
  }
}

}  // namespace detail_case

}  // namespace dmlref::io
