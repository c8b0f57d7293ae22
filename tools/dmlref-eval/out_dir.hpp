#pragma once
// run --out-dir DIR: the folder is created when missing (with its parents, as mkdir -p does),
// and a folder that cannot be made or written is named with the system's reason before any
// case runs. The document on stdout names each .npy file by its absolute path, so it resolves
// wherever stdout is kept; DIR/outputs.json names them relative to DIR, so the folder can move.

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <string>
#include <system_error>

namespace dmlref_eval {

/// "" when dir is empty (no --out-dir) or ready to be written (probed by opening DIR/file, the
/// command's own document, for appending); else what is wrong and why.
inline std::string prepare_out_dir(const std::string& dir, const std::string& file = "outputs.json") {
  if (dir.empty()) return {};
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) return "--out-dir: cannot create " + dir + ": " + ec.message();
  if (!std::filesystem::is_directory(dir, ec)) return "--out-dir: " + dir + " is not a folder";
  const std::string probe = dir + "/" + file;
  std::FILE* f = std::fopen(probe.c_str(), "ab");
  if (f == nullptr) return "--out-dir: cannot write " + probe + ": " + std::strerror(errno);
  std::fclose(f);
  return {};
}

/// "" when file can be created or truncated for writing (it is left empty), else "cannot write
/// FILE: the system's reason".
inline std::string probe_writable(const std::string& file) {
  errno = 0;
  std::FILE* f = std::fopen(file.c_str(), "wb");
  if (f == nullptr) return "cannot write " + file + ": " + std::strerror(errno);
  std::fclose(f);
  return {};
}

/// The prefix that makes a file of dir resolve from the current folder: dir's absolute path and
/// the system's separator ("/"; on Windows "\\", which the normalised path uses throughout).
inline std::string absolute_prefix(const std::string& dir) {
  std::error_code ec;
  const auto absolute = std::filesystem::absolute(dir, ec);
  std::string path = ec ? dir : absolute.lexically_normal().string();
  const char separator = static_cast<char>(std::filesystem::path::preferred_separator);
  while (path.size() > 1 && (path.back() == '/' || path.back() == separator)) path.pop_back();
  return path + separator;
}

}  // namespace dmlref_eval
