#pragma once
// Checking a case: evaluate it on a path and compare the result with the case's expected
// values under its tolerance, or the operator's default (oracle/tolerance_table.hpp).

#include <memory>
#include <string>
#include <type_traits>

#include "dmlref/io/evaluate.hpp"
#include "dmlref/oracle/compare.hpp"
#include "dmlref/oracle/tolerance_table.hpp"

namespace dmlref::io {

/// Which side of a comparison is the expectation: the evaluation (judging a backend's output
/// by dmlref's), or the given values (a case file's expected values judging dmlref's result).
enum class expectation { evaluation, given };

/// Compares values (packed, logical order, of the evaluation's type) with an evaluation; the
/// evaluation's undefined elements are skipped either way.
inline oracle::report compare_with(const evaluation& golden, const element_buffer& actual,
                                   const oracle::compare_options& options,
                                   expectation expected_side = expectation::evaluation) {
  oracle::report r;
  const auto& d = golden.desc;
  const auto strides = packed_strides(d.rank, d.sizes);
  visit_element_type(d.type, [&](auto* tag) {
    using T = std::remove_pointer_t<decltype(tag)>;
    const T* evaluated = golden.values.as<T>();
    const T* given = actual.as<T>();
    const bool given_expected = expected_side == expectation::given;
    r = oracle::compare<T>(given_expected ? given : evaluated, golden.defined.get(), given_expected ? evaluated : given,
                           strides, d.rank, d.sizes.data(), options);
  });
  return r;
}

/// The case's tolerance, or the operator's default for the evaluated operation.
inline tolerance tolerance_for(const test_case& c, const evaluation& e) {
  if (c.tol) return *c.tol;
  return oracle::default_tolerance(e.op_type, e.types, e.attributes);
}

struct check_result {
  status error;  // the case could not be evaluated
  bool has_expected = false;
  oracle::report report;
};

/// Evaluates c on path and compares with its expected values.
template <class Path>
check_result check_case(Path path, const test_case& c, oracle::compare_options options = {}) {
  check_result result;
  evaluation golden;
  result.error = evaluate(path, c, golden);
  if (!result.error.ok()) return result;
  if (!c.expected) return result;
  result.has_expected = true;
  options.tol = tolerance_for(c, golden);
  if (c.absolute_tolerance > options.absolute_floor) options.absolute_floor = c.absolute_tolerance;
  result.report = compare_with(golden, *c.expected, options);
  return result;
}

}  // namespace dmlref::io
