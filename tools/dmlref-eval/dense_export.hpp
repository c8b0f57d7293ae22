#pragma once
// The dense export: each tensor of each case as its logical values in a dense .npy file (C
// order over the tensor's sizes), so that a harness in any language feeds a backend without
// reading DirectML's strides, zero-stride broadcasts or padding. `export`, `generate
// --out-dir` and `run --out-dir` write it.
//
// Contract: DIR/<case index>.<tensor>.npy holds a tensor's element at each logical index, in
// row-major order over its sizes: what DirectML reads there through the strides (an input) or
// what the case evaluates to (the output: golden for export and generate, the chosen path for
// run). DIR/export.json, format "dmlref-export/1", lists per case its name, operator, feature
// level, attributes (as a case file writes them) and per tensor its dataType, DirectML sizes
// and strides (in elements; packed ones written out) and {"npy": file name relative to DIR};
// a case that could not be evaluated has {"name", "error"} instead. Nothing else is written.

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "dmlref/io/attributes_json.hpp"
#include "dmlref/io/case_file.hpp"
#include "dmlref/io/evaluate.hpp"
#include "dmlref/io/npy.hpp"
#include "out_dir.hpp"

namespace dmlref_eval {

/// The tensor's logical values, packed in row-major order: the bytes its strides address.
inline std::vector<unsigned char> dense_values(const dmlref::io::case_tensor& t) {
  const auto& d = t.desc;
  const std::size_t size = dmlref::element_size(d.type);
  const auto strides = d.effective_strides();
  const std::uint64_t count = d.element_count();
  std::vector<unsigned char> out(static_cast<std::size_t>(count) * size);
  const auto* buffer = static_cast<const unsigned char*>(t.buffer.data());
  std::uint32_t index[dmlref::max_rank] = {};
  std::uint64_t offset = 0;
  for (std::uint64_t k = 0; k < count; ++k) {
    if ((offset + 1) * size <= t.buffer.size_in_bytes()) {  // the reader guarantees it; never read past
      std::memcpy(out.data() + k * size, buffer + offset * size, size);
    }
    for (std::uint32_t i = d.rank; i-- > 0;) {
      if (++index[i] < d.sizes[i]) {
        offset += strides[i];
        break;
      }
      offset -= (d.sizes[i] - 1ull) * strides[i];
      index[i] = 0;
    }
  }
  return out;
}

class dense_export {
 public:
  explicit dense_export(std::string dir) : dir_(std::move(dir)) { doc_["format"] = "dmlref-export/1"; doc_["cases"] = nlohmann::ordered_json::array(); }

  /// Writes case index's inputs, and its output's values unless output_written (run has
  /// written DIR/<index>.<output field>.npy itself), and adds its entry. Returns "cannot write
  /// DIR/FILE: reason" on failure (the entry is then the error), else empty.
  std::string add(std::size_t index, const std::string& name, const dmlref::io::test_case& c,
                  const dmlref::io::evaluation& e, bool output_written) {
    nlohmann::ordered_json entry;
    entry["name"] = name;
    entry["op"] = c.op;
    entry["featureLevel"] = std::string(dmlref::name(c.level));
    entry["attributes"] = dmlref::io::attributes_json(c.attributes);
    auto& tensors = entry["tensors"] = nlohmann::ordered_json::object();
    const auto describe = [&](const std::string& tensor, const dmlref::tensor_desc& d) {
      const std::string file = std::to_string(index) + "." + tensor + ".npy";
      const auto strides = d.effective_strides();
      auto& j = tensors[tensor];
      j["dataType"] = std::string(dmlref::name(d.type));
      j["sizes"] = std::vector<std::uint32_t>(d.sizes.begin(), d.sizes.begin() + d.rank);
      j["strides"] = std::vector<std::uint64_t>(strides.begin(), strides.begin() + d.rank);
      j["npy"] = file;
      return file;
    };
    std::string output_name;
    std::vector<const dmlref::io::case_tensor*> inputs;  // in the descriptor's order
    if (const auto* schema = c.attributes.schema(); schema != nullptr) {
      for (std::size_t f = 0; f < schema->field_count; ++f) {
        if (const auto* t = c.find(schema->fields[f].name); t != nullptr) {
          if (t->has_data) inputs.push_back(t);
          else output_name = t->name;
        }
      }
    }
    for (const auto* input : inputs) {
      const auto& t = *input;
      const std::string file = describe(t.name, t.desc);
      const auto values = dense_values(t);
      if (!write(file, t.desc, values.data(), values.size())) return fail(index, name, file);
    }
    if (output_name.empty()) output_name = e.output_name;
    const std::string file = describe(output_name, e.desc);
    if (!output_written &&
        !write(file, e.desc, e.values.data(), e.desc.element_count() * dmlref::element_size(e.desc.type))) {
      return fail(index, name, file);
    }
    doc_["cases"].push_back(std::move(entry));
    return {};
  }

  /// A case with no values: {"name", "error"}.
  void add_error(const std::string& name, const std::string& message) {
    doc_["cases"].push_back({{"name", name}, {"error", message}});
  }

  /// Writes DIR/export.json; the reason it could not, or empty.
  std::string finish() const {
    const std::string path = dir_ + "/export.json";
    errno = 0;
    std::FILE* f = std::fopen(path.c_str(), "wb");
    if (f == nullptr) return "cannot write " + path + ": " + std::strerror(errno);
    const std::string text = doc_.dump(1) + "\n";
    const bool ok = std::fwrite(text.data(), 1, text.size(), f) == text.size();
    const int reason = errno;
    const bool closed = std::fclose(f) == 0;
    if (ok && closed) return {};
    return "cannot write " + path + ": " + (reason != 0 ? std::strerror(reason) : "write failed");
  }

  /// The document with each file named by its absolute path (for stdout, read from anywhere).
  nlohmann::ordered_json absolute_document() const {
    auto doc = doc_;
    const std::string prefix = absolute_prefix(dir_);
    for (auto& c : doc["cases"]) {
      if (!c.contains("tensors")) continue;
      for (auto& t : c["tensors"]) t["npy"] = prefix + t["npy"].get<std::string>();
    }
    return doc;
  }

 private:
  bool write(const std::string& file, const dmlref::tensor_desc& d, const void* data, std::uint64_t bytes) const {
    const std::vector<std::uint64_t> shape(d.sizes.begin(), d.sizes.begin() + d.rank);
    return dmlref::io::write_npy(dir_ + "/" + file, d.type, shape, data, bytes);
  }
  std::string fail(std::size_t, const std::string& name, const std::string& file) {
    const int reason = errno;
    const std::string message =
        "cannot write " + dir_ + "/" + file + ": " + (reason != 0 ? std::strerror(reason) : "write failed");
    add_error(name, message);
    return message;
  }

  std::string dir_;
  nlohmann::ordered_json doc_;
};

}  // namespace dmlref_eval
