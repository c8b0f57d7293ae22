#pragma once
// dmlref-eval's outputs: evaluated tensors in the JSON shape the case format's readers take
// back (every float printed so that it reads back to the same bits), streamed as they are
// evaluated, or written as .npy files that the JSON names.

#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <ostream>
#include <string>
#include <type_traits>
#include <vector>

#include <nlohmann/json.hpp>

#include "dmlref/io/evaluate.hpp"
#include "out_dir.hpp"
#include "dmlref/io/npy.hpp"
#include "dmlref/oracle/format_value.hpp"
#include "out_dir.hpp"

namespace dmlref_eval {

/// One element as JSON text: integers as integers, floats as the shortest decimal that reads
/// back to the same bits in their own type (oracle::value_text's rule), non-finite values as
/// "NaN", "Infinity", "-Infinity", negative zero as -0.0. FLOAT16 texts are remembered per
/// bit pattern and FLOAT32 ones come from std::to_chars, so a large tensor prints quickly.
class element_printer {
 public:
  template <class T>
  void append(std::string& out, T x) {
    if constexpr (std::is_same_v<T, dmlref::float16>) {
      auto& text = half_texts_[x.bits()];
      if (text.empty()) text = json_text(dmlref::oracle::value_text(x));
      out.append(text);
    } else if constexpr (std::is_same_v<T, float>) {
#if defined(__cpp_lib_to_chars)
      const auto bits = dmlref::math::bits_of(x);
      if ((bits & 0x7f800000u) != 0x7f800000u && (bits & 0x7fffffffu) != 0) {  // finite, nonzero
        char buffer[32];
        const auto r = std::to_chars(buffer, buffer + sizeof buffer, x);
        out.append(buffer, r.ptr);
        return;
      }
#endif
      out.append(json_text(dmlref::oracle::value_text(x)));
    } else if constexpr (dmlref::is_float_element_v<T>) {
      out.append(json_text(dmlref::oracle::value_text(x)));
    } else if constexpr (std::is_signed_v<T>) {
      out.append(std::to_string(static_cast<long long>(x)));
    } else {
      out.append(std::to_string(static_cast<unsigned long long>(x)));
    }
  }

 private:
  static std::string json_text(const std::string& text) {
    if (text == "NaN" || text == "Infinity" || text == "-Infinity") return "\"" + text + "\"";
    if (text == "-0") return "-0.0";
    return text;
  }
  std::vector<std::string> half_texts_ = std::vector<std::string>(65536);
};

/// Writes run's document: {"cases": [{"name", "<output field>": {"dataType", "sizes", "data"}}]}
/// (or the one case object when the input held one case), streaming each tensor's data in
/// pieces so that memory stays with the tensors' own bytes. With an output folder, each data
/// is {"npy": "<case index>.<output field>.npy"} in DIR/outputs.json, and that file's absolute
/// path in the document on stdout (out_dir.hpp).
class outputs_writer {
 public:
  outputs_writer(std::ostream& out, bool collection, std::string out_dir)
      : out_(out), collection_(collection), out_dir_(std::move(out_dir)) {
    emit(collection_ ? "{\n \"cases\": [\n" : "");
  }

  /// Writes the case's entry. With an output folder its .npy file is written first: when it
  /// cannot be, nothing is emitted and the reason is returned ("cannot write DIR/FILE: the
  /// system's reason"), for the caller's one entry (add_error). Empty on success.
  std::string add(std::size_t index, const std::string& name, const dmlref::io::evaluation& e) {
    std::vector<std::uint64_t> shape(e.desc.sizes.begin(), e.desc.sizes.begin() + e.desc.rank);
    const std::uint64_t count = e.desc.element_count();
    const std::string file = std::to_string(index) + "." + e.output_name + ".npy";
    if (!out_dir_.empty() && !dmlref::io::write_npy(out_dir_ + "/" + file, e.desc.type, shape, e.values.data(),
                                                    count * dmlref::element_size(e.desc.type))) {
      return cannot_write(file);
    }
    begin_case(name);
    emit(",\n  \"" + std::string(e.output_name) + "\": {\"dataType\": \"" + std::string(dmlref::name(e.desc.type)) +
         "\", \"sizes\": [");
    for (std::size_t i = 0; i < shape.size(); ++i) emit((i ? ", " : "") + std::to_string(shape[i]));
    emit("], \"data\": ");
    if (!out_dir_.empty()) {
      // stdout's document is read from wherever the user keeps it: an absolute path there;
      // DIR/outputs.json's is read from DIR: the file's name.
      out_ << nlohmann::json{{"npy", absolute_prefix(out_dir_) + file}}.dump() << "}";
      kept_ += nlohmann::json{{"npy", file}}.dump() + "}";
    } else {
      emit("[");
      dmlref::io::visit_element_type(e.desc.type, [&](auto* tag) {
        using T = std::remove_pointer_t<decltype(tag)>;
        const T* values = e.values.as<T>();
        std::string piece;
        for (std::uint64_t k = 0; k < count; ++k) {
          if (k != 0) piece.append(", ");
          printer_.append(piece, values[k]);
          if (piece.size() > (1u << 16)) {
            emit(piece);
            piece.clear();
          }
        }
        emit(piece);
      });
      emit("]}");
    }
    emit("\n  }");
    return {};
  }

  /// The case's one entry when it has no output: {"name", "error": message}.
  void add_error(const std::string& name, const std::string& message) {
    begin_case(name);
    emit(",\n  \"error\": " + nlohmann::json(message).dump() + "\n  }");
  }

  /// Ends the document; with an output folder, writes DIR/outputs.json too. Returns the reason
  /// it could not (as add does), or empty.
  std::string finish() {
    emit(collection_ ? "\n ]\n}\n" : "\n");
    out_.flush();
    if (out_dir_.empty()) return {};
    errno = 0;
    std::FILE* f = std::fopen((out_dir_ + "/outputs.json").c_str(), "wb");
    if (f == nullptr) return cannot_write("outputs.json");
    const bool ok = std::fwrite(kept_.data(), 1, kept_.size(), f) == kept_.size();
    const int reason = errno;
    const bool closed = std::fclose(f) == 0;
    if (!ok) errno = reason;
    return ok && closed ? std::string() : cannot_write("outputs.json");
  }

 private:
  /// "cannot write DIR/FILE: <the system's reason, from errno>".
  std::string cannot_write(const std::string& file) const {
    const int reason = errno;
    return "cannot write " + out_dir_ + "/" + file + ": " + (reason != 0 ? std::strerror(reason) : "write failed");
  }
  void begin_case(const std::string& name) {
    emit(std::string(cases_++ != 0 ? ",\n" : "") + (collection_ ? "  {" : "{") + "\"name\": " + nlohmann::json(name).dump());
  }
  void emit(const std::string& text) {
    out_ << text;
    if (!out_dir_.empty()) kept_ += text;
  }

  std::ostream& out_;
  bool collection_;
  std::string out_dir_;
  std::string kept_;  // the document, for DIR/outputs.json (data are file names there)
  std::size_t cases_ = 0;
  element_printer printer_;
};

}  // namespace dmlref_eval
