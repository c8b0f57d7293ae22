#pragma once
// JSON documents whose decimals are rounded once to their tensor's type.
//
// nlohmann/json turns each decimal into the nearest double. Rounding that double again to
// FLOAT32 or FLOAT16 gives the decimal's own nearest value except where the double landed
// exactly on a rounding boundary of the narrower format (a midpoint between two of its
// values, or its overflow threshold): rounding to double is monotone and every such boundary
// is a double, so the double can reach a boundary from either side but never cross one.
// parse_json keeps the decimal's text for exactly those doubles, and for integers too large
// for 64 bits (so messages can quote them), as a binary value of subtype
// decimal_text_subtype; io/decimal.hpp reads it back exactly. A key given twice in one object
// is an error, not a silent choice of one value.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "dmlref/core/bits.hpp"
#include "dmlref/io/decimal.hpp"

namespace dmlref::io {

using json = nlohmann::json;

/// The binary subtype that marks a decimal's text kept by parse_json.
inline constexpr std::uint64_t decimal_text_subtype = 0xdec;

namespace detail_json {

/// True when d is a rounding boundary of format F: the reals just below and just above d
/// round to different values of F.
template <class F>
bool is_rounding_boundary(double d) noexcept {
  const auto bits = detail::bit_cast<std::uint64_t>(d);
  if (detail::classify_bits<detail::binary64>(bits) == detail::fp_class::zero ||
      detail::classify_bits<detail::binary64>(bits) >= detail::fp_class::infinite) {
    return false;
  }
  auto v = detail::decompose<detail::binary64>(bits);  // at most 53 bits: room for 2 more
  v.negative = false;
  v.mantissa <<= 2;
  v.exponent -= 2;
  const detail::exact_binary below{false, v.mantissa - 1, v.exponent, false};
  const detail::exact_binary above{false, v.mantissa + 1, v.exponent, false};
  return detail::round_to_format<F>(below) != detail::round_to_format<F>(above);
}

/// nlohmann's SAX interface building a document, with boundary decimals kept as text.
class document_builder {
 public:
  explicit document_builder(json& root) : root_(root) {}

  bool null() { return add(nullptr); }
  bool boolean(bool v) { return add(v); }
  bool number_integer(json::number_integer_t v) { return add(v); }
  bool number_unsigned(json::number_unsigned_t v) { return add(v); }
  bool number_float(json::number_float_t v, const json::string_t& text) {
    const bool integer_text = text.find_first_of(".eE") == json::string_t::npos;  // beyond 64 bits
    if (integer_text || is_rounding_boundary<detail::binary32>(v) || is_rounding_boundary<detail::binary16>(v)) {
      return add(json::binary(json::binary_t::container_type(text.begin(), text.end()), decimal_text_subtype));
    }
    return add(v);
  }
  bool string(json::string_t& v) { return add(v); }
  bool binary(json::binary_t& v) { return add(json::binary(v)); }
  bool start_object(std::size_t) { return open(json::object()); }
  bool key(json::string_t& k) {
    auto& object = *open_.back();
    if (object.contains(k)) {
      problem_ = "the key \"" + k + "\" appears twice in one object";
      return false;
    }
    slot_ = &object[k];
    return true;
  }
  bool end_object() { return close(); }
  bool start_array(std::size_t) { return open(json::array()); }
  bool end_array() { return close(); }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception& e) {
    std::string what = e.what();
    if (const auto at = what.find("] "); at != std::string::npos) what = what.substr(at + 2);  // "[json.exception...] "
    if (problem_.empty()) problem_ = what;
    return false;
  }
  const std::string& problem() const noexcept { return problem_; }

 private:
  template <class V>
  json* place(V&& v) {
    if (open_.empty()) {
      root_ = json(std::forward<V>(v));
      return &root_;
    }
    if (open_.back()->is_array()) {
      open_.back()->emplace_back(std::forward<V>(v));
      return &open_.back()->back();
    }
    *slot_ = json(std::forward<V>(v));
    return slot_;
  }
  template <class V>
  bool add(V&& v) {
    place(std::forward<V>(v));
    return true;
  }
  bool open(json container) {
    open_.push_back(place(std::move(container)));
    return true;
  }
  bool close() {
    open_.pop_back();
    return true;
  }

  json& root_;
  std::vector<json*> open_;  // the containers being filled, outermost first
  json* slot_ = nullptr;     // the member named by the last key
  std::string problem_;      // why parsing stopped
};

}  // namespace detail_json

/// Parses a JSON document; a discarded value (is_discarded()) when it is not valid JSON, and
/// then *problem (when given) says why, with a hint where the case format has a spelling for
/// what JSON cannot write.
inline std::string json_problem_hint(std::string_view text);
inline json parse_json(std::string_view text, std::string* problem = nullptr) {
  json root;
  detail_json::document_builder builder(root);
  if (!json::sax_parse(text.begin(), text.end(), &builder)) {
    if (problem != nullptr) *problem = builder.problem() + json_problem_hint(text);
    return json(json::value_t::discarded);
  }
  return root;
}

/// What is probably wrong with text that parse_json refused, as " (...)" to append to "is
/// not valid JSON", or empty: the case format's spellings of what JSON cannot write.
inline std::string json_problem_hint(std::string_view text) {
  const auto bare = [&](std::string_view word) {
    for (auto at = text.find(word); at != std::string_view::npos; at = text.find(word, at + 1)) {
      const char before = at == 0 ? ' ' : text[at - 1];
      if (before != '"' && before != '\'' && !(before >= 'a' && before <= 'z') && !(before >= 'A' && before <= 'Z')) {
        return true;
      }
    }
    return false;
  };
  if (bare("NaN") || bare("Infinity")) {
    return " (bare NaN or Infinity: JSON has no such numbers; the case format writes them as the strings "
           "\"NaN\", \"Infinity\", \"-Infinity\", or as bit patterns such as \"0x7fc00000\")";
  }
  for (std::size_t at = text.find_first_of("eE"); at != std::string_view::npos; at = text.find_first_of("eE", at + 1)) {
    if (at == 0 || text[at - 1] < '0' || text[at - 1] > '9') continue;
    std::size_t i = at + 1;
    if (i < text.size() && text[i] == '+') ++i;
    int exponent = 0;
    for (; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i) exponent = exponent < 10000 ? exponent * 10 + (text[i] - '0') : exponent;
    if (exponent >= 308) {
      return " (a number beyond a double's range, such as 1e400: write \"Infinity\" or the type's bit pattern \"0x...\")";
    }
  }
  return {};
}

/// The text of a decimal parse_json kept, if v is one.
inline std::optional<std::string> kept_decimal_text(const json& v) {
  if (!v.is_binary() || !v.get_binary().has_subtype() || v.get_binary().subtype() != decimal_text_subtype) {
    return std::nullopt;
  }
  const auto& bytes = v.get_binary();
  return std::string(bytes.begin(), bytes.end());
}

}  // namespace dmlref::io
