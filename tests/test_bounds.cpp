// Memory bounds of the runtime layer, proved with guard pages: every binding is placed in a
// mapping whose neighbouring page is PROT_NONE, once with the binding's last byte
// (TotalTensorSizeInBytes - 1) just before a guard page and once with its first byte just
// after one. Any read or write outside [0, TotalTensorSizeInBytes) of any binding faults.
// Every operator and layout class (contiguous, broadcast zero strides, padded strides, in
// place), both paths. Each run must also leave every output byte that no addressed element
// covers (padding) as it was. POSIX (mmap, mprotect) and Windows (VirtualAlloc, VirtualProtect).

#include <doctest/doctest.h>

#if defined(__unix__) || defined(_WIN32)

#if defined(_WIN32)
#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
#ifndef NOMINMAX
#define NOMINMAX
#endif
#include <windows.h>
#else
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#endif

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "runtime_cases.hpp"

namespace {

using namespace runtime_cases;

enum class placement { against_end, against_start };

/// The system's page: the unit of protection.
std::size_t page_size() {
#if defined(_WIN32)
  SYSTEM_INFO info;
  GetSystemInfo(&info);
  return info.dwPageSize;
#else
  return static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
#endif
}

/// A guard page, whole data pages, a guard page; the buffer placed against one guard.
class guarded_buffer {
 public:
  guarded_buffer(std::size_t bytes, placement where) {
    const std::size_t page = page_size();
    const std::size_t data_pages = bytes == 0 ? 1 : (bytes + page - 1) / page;
    length_ = (data_pages + 2) * page;
#if defined(_WIN32)
    void* m = VirtualAlloc(nullptr, length_, MEM_RESERVE | MEM_COMMIT, PAGE_READWRITE);
    REQUIRE(m != nullptr);
    base_ = static_cast<unsigned char*>(m);
    DWORD was = 0;
    REQUIRE(VirtualProtect(base_, page, PAGE_NOACCESS, &was));
    REQUIRE(VirtualProtect(base_ + (data_pages + 1) * page, page, PAGE_NOACCESS, &was));
#else
    void* m = mmap(nullptr, length_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    REQUIRE(m != MAP_FAILED);
    base_ = static_cast<unsigned char*>(m);
    REQUIRE(mprotect(base_, page, PROT_NONE) == 0);
    REQUIRE(mprotect(base_ + (data_pages + 1) * page, page, PROT_NONE) == 0);
#endif
    data_ = where == placement::against_end ? base_ + (data_pages + 1) * page - bytes : base_ + page;
    size_ = bytes;
  }
#if defined(_WIN32)
  ~guarded_buffer() { VirtualFree(base_, 0, MEM_RELEASE); }
#else
  ~guarded_buffer() { munmap(base_, length_); }
#endif
  guarded_buffer(const guarded_buffer&) = delete;
  guarded_buffer& operator=(const guarded_buffer&) = delete;

  unsigned char* data() const noexcept { return data_; }
  std::size_t size() const noexcept { return size_; }

 private:
  unsigned char* base_ = nullptr;
  std::size_t length_ = 0;
  unsigned char* data_ = nullptr;
  std::size_t size_ = 0;
};

const char* name(placement p) { return p == placement::against_end ? "against the end guard" : "after the start guard"; }

template <class Path>
void run_guarded(Path path, const char* path_name, const op_config& config, const std::vector<UINT>& shape,
                 layout_class layout, placement where) {
  prepared p;
  prepare(p, config, shape, layout);
  INFO(p.label() << ", " << path_name << ", " << name(where) << ", shape rank " << shape.size());
  const std::size_t out = p.output();
  std::array<std::unique_ptr<guarded_buffer>, 4> buffers;
  std::array<input_binding, 3> inputs{};
  for (std::size_t k = 0; k < config.inputs; ++k) {
    if (!p.present[k]) continue;
    buffers[k] = std::make_unique<guarded_buffer>(static_cast<std::size_t>(p.total(k)), where);
    fill(buffers[k]->data(), p.total(k), config.types[k], k, config.type == POW && k == 1);
    inputs[k] = {buffers[k]->data(), p.total(k)};
  }
  unsigned char* output = nullptr;
  if (in_place(layout)) {
    output = buffers[0]->data();
  } else {
    buffers[out] = std::make_unique<guarded_buffer>(static_cast<std::size_t>(p.total(out)), where);
    output = buffers[out]->data();
    std::memset(output, 0xA5, static_cast<std::size_t>(p.total(out)));
  }
  const std::vector<unsigned char> before(output, output + p.total(out));
  const output_binding outputs[1] = {{output, p.total(out)}};
  const auto s = execute(path, DML_FEATURE_LEVEL_6_4, p.op, inputs.data(), config.inputs, outputs, 1);
  REQUIRE_MESSAGE(s.ok(), s.message());
  const auto addressed = addressed_bytes(p.tensors[out], p.total(out));
  std::size_t changed_padding = 0;
  for (std::size_t j = 0; j < addressed.size(); ++j) {
    if (addressed[j] == 0 && output[j] != before[j]) ++changed_padding;
  }
  CHECK_MESSAGE(changed_padding == 0, changed_padding << " output bytes outside every addressed element changed");
}

}  // namespace

TEST_CASE("bounds: every binding is touched only within [0, TotalTensorSizeInBytes), guard pages on both sides") {
  std::size_t runs = 0;
  for (const auto& config : configs()) {
    for (const auto layout : all_layouts) {
      if (in_place(layout) && !runs_in_place(config)) continue;
      for (const auto& shape : shapes()) {
        for (const auto where : {placement::against_end, placement::against_start}) {
          run_guarded(dmlref::golden, "golden", config, shape, layout, where);
          run_guarded(dmlref::fast, "fast", config, shape, layout, where);
          runs += 2;
        }
      }
    }
  }
  MESSAGE(runs << " guarded executions");
  CHECK(runs > 0);
}

#if defined(_WIN32)
TEST_CASE("bounds: a guarded buffer's neighbouring pages are no-access (the guard pages are live)") {
  // The proof above relies on the guards: the system must report the page of the byte after
  // the end, and of the byte before the start, as PAGE_NOACCESS, and the buffer's own bytes
  // as writable.
  for (const auto where : {placement::against_end, placement::against_start}) {
    guarded_buffer b(100, where);
    b.data()[0] = 1;
    b.data()[b.size() - 1] = 1;  // both ends inside are writable
    const unsigned char* outside = where == placement::against_end ? b.data() + b.size() : b.data() - 1;
    MEMORY_BASIC_INFORMATION info{};
    REQUIRE(VirtualQuery(outside, &info, sizeof info) == sizeof info);
    CHECK(info.State == MEM_COMMIT);
    CHECK(info.Protect == PAGE_NOACCESS);
  }
}
#else
TEST_CASE("bounds: a guarded buffer faults one byte past either end (the guard pages are live)") {
  // The proof above relies on the guards: check them in a child process, which must die of
  // SIGSEGV on the byte after the end and on the byte before the start.
  for (const auto where : {placement::against_end, placement::against_start}) {
    guarded_buffer b(100, where);
    volatile unsigned char* outside = where == placement::against_end ? b.data() + b.size() : b.data() - 1;
    b.data()[0] = 1;
    b.data()[b.size() - 1] = 1;  // both ends inside are writable
    const pid_t child = fork();
    REQUIRE(child >= 0);
    if (child == 0) {
      std::signal(SIGSEGV, SIG_DFL);  // no test-framework or sanitizer report: just die
      *outside = 1;
      _exit(0);  // not reached when the guard works
    }
    int status = 0;
    REQUIRE(waitpid(child, &status, 0) == child);
    CHECK(WIFSIGNALED(status));
    if (WIFSIGNALED(status)) CHECK(WTERMSIG(status) == SIGSEGV);
  }
}
#endif

#endif  // __unix__ || _WIN32
