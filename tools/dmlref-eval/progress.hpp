#pragma once
// Progress on stderr for work that lasts: cases done and elements per second, redrawn on one
// line at most twice a second once a second has passed. Silent with --quiet and when stderr
// is not a terminal (CI logs, pipes).

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <string>

#if defined(_WIN32)
#include <io.h>
#define DMLREF_EVAL_ISATTY(fd) _isatty(fd)
#else
#include <unistd.h>
#define DMLREF_EVAL_ISATTY(fd) isatty(fd)
#endif

namespace dmlref_eval {

class progress {
 public:
  progress(bool quiet, std::string label)
      : enabled_(!quiet && DMLREF_EVAL_ISATTY(2) != 0), label_(std::move(label)), start_(clock::now()), last_(start_) {}
  progress(const progress&) = delete;
  progress& operator=(const progress&) = delete;
  ~progress() {
    if (shown_) std::fputc('\n', stderr);
  }

  /// One case done, of `elements` elements.
  void step(std::uint64_t elements) {
    ++cases_;
    elements_ += elements;
    if (!enabled_) return;
    const auto now = clock::now();
    if (now - start_ < std::chrono::seconds(1) || now - last_ < std::chrono::milliseconds(500)) return;
    last_ = now;
    const double seconds = std::chrono::duration<double>(now - start_).count();
    std::fprintf(stderr, "\rdmlref-eval %s: %llu cases, %.3g elements, %.3g elements/s   ", label_.c_str(),
                 static_cast<unsigned long long>(cases_), static_cast<double>(elements_),
                 static_cast<double>(elements_) / seconds);
    std::fflush(stderr);
    shown_ = true;
  }

 private:
  using clock = std::chrono::steady_clock;
  bool enabled_;
  std::string label_;
  clock::time_point start_, last_;
  std::uint64_t cases_ = 0, elements_ = 0;
  bool shown_ = false;
};

}  // namespace dmlref_eval
