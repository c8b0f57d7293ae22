// The case-file reader and evaluator (what dmlref-eval runs): every kind of bad input gets a
// status naming the tensor (or field) and the rule, the other cases of a collection still
// read, values load exactly, and outputs come back in logical order.

#include <dmlref/dml/execute_once.hpp>  // first: the runtime layer is compiled once, elsewhere

#include <doctest/doctest.h>

#include <string>

#include "dmlref/core/path.hpp"
#include "dmlref/io/check.hpp"
#include "unimplemented_operator.hpp"

using dmlref::io::read_cases;

namespace {

/// A valid POW case with one field replaced by `tensors` text.
std::string pow_case(const std::string& tensors, const std::string& extra = "") {
  return R"({"format": "dmlref-case/1", "name": "probe", "op": "ELEMENT_WISE_POW", "tensors": )" + tensors + extra +
         "}";
}

const char* good_tensors = R"({
  "InputTensor":    {"dataType": "FLOAT32", "sizes": [2, 2], "data": [1, 2, 3, 4]},
  "ExponentTensor": {"dataType": "INT8",    "sizes": [2, 2], "strides": [0, 1], "data": [2, -1]},
  "OutputTensor":   {"dataType": "FLOAT32", "sizes": [2, 2]}})";

/// Reads one case and returns its status (read, then evaluated when it read).
dmlref::status outcome(const std::string& text) {
  const auto cases = read_cases(text);
  REQUIRE(cases.size() == 1);
  if (!cases[0].error.ok()) return cases[0].error;
  dmlref::io::evaluation e;
  return dmlref::io::evaluate(dmlref::golden, cases[0].value, e);
}

void expect_error(const std::string& text, const std::string& tensor, const std::string& words) {
  const auto s = outcome(text);
  INFO(text);
  REQUIRE_FALSE(s.ok());
  CHECK(s.tensor() == tensor);
  CHECK_MESSAGE(s.message().find(words) != std::string::npos, s.message());
}

}  // namespace

TEST_CASE("case file: a valid case evaluates, in logical order, with exact values") {
  const auto cases = read_cases(pow_case(good_tensors));
  REQUIRE(cases.size() == 1);
  REQUIRE(cases[0].error.ok());
  dmlref::io::evaluation e;
  REQUIRE(dmlref::io::evaluate(dmlref::golden, cases[0].value, e).ok());
  const float* v = e.values.as<float>();
  CHECK(v[0] == 1.0f);
  CHECK(v[1] == 0.5f);
  CHECK(v[2] == 9.0f);
  CHECK(v[3] == 0.25f);
}

TEST_CASE("case file: malformed documents and cases") {
  expect_error("{not json", "", "not valid JSON");
  expect_error("[1, 2]", "", "must be a JSON object");
  expect_error(R"({"op": "ELEMENT_WISE_NOT_AN_OPERATOR", "tensors": {}})", "", "not an element-wise operator");
  // An operator of DirectML's schema that this version does not compute yet, in any spelling.
  if (const auto* missing = unimplemented_operator()) {
    const std::string name(missing->name), why = name + " is not implemented in this version";
    std::string lower;
    for (const char c : name) lower += static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    expect_error(R"({"op": ")" + name + R"(", "tensors": {}})", "", why);
    expect_error(R"({"op": ")" + lower + R"(", "tensors": {}})", "", why);
  }
  expect_error(R"({"tensors": {}})", "", "op");
  expect_error(pow_case(good_tensors, R"(, "featureLevel": "7_0")"), "", "not a feature level");
  {
    std::string other_format = pow_case(good_tensors);
    other_format.replace(other_format.find("dmlref-case/1"), 13, "dmlref-case/2");
    expect_error(other_format, "", "dmlref-case/1");
  }
  // A key given twice is an error, not a silent choice of the last value.
  expect_error(pow_case(good_tensors, R"(, "format": "dmlref-case/1")"), "", "\"format\" appears twice");
  expect_error(pow_case("[]"), "", "tensors");
}

TEST_CASE("case file: tensor fields") {
  expect_error(pow_case(R"({"InputTensor": {"dataType": "FLOAT128", "sizes": [1], "data": [1]}})"), "InputTensor",
               "not a data type");
  expect_error(pow_case(R"({"InputTensor": {"dataType": "FLOAT32", "data": [1]}})"), "InputTensor", "sizes");
  expect_error(pow_case(R"({"InputTensor": {"dataType": "FLOAT32", "sizes": [1,1,1,1,1,1,1,1,1], "data": [1]}})"),
               "InputTensor", "1 to 8");
  expect_error(pow_case(R"({"InputTensor": {"dataType": "FLOAT32", "sizes": [-1], "data": [1]}})"), "InputTensor",
               "non-negative");
  expect_error(pow_case(R"({"InputTensor": {"dataType": "FLOAT32", "sizes": [4294967296], "data": [1]}})"),
               "InputTensor", "exceeds 2^32 - 1");
  expect_error(pow_case(R"({"InputTensor": {"dataType": "FLOAT32", "sizes": [2, 2], "strides": [1], "data": [1]}})"),
               "InputTensor", "as many entries");
  // A buffer beyond the reader's limit is refused before anything is allocated.
  expect_error(pow_case(R"({"InputTensor": {"dataType": "FLOAT32", "sizes": [65536, 65535], "data": [1]}})"),
               "InputTensor", "above the limit");
}

TEST_CASE("case file: values that do not fit their type") {
  auto with_input = [](const std::string& type, const std::string& data) {
    return pow_case(R"({"InputTensor": {"dataType": ")" + type + R"(", "sizes": [1], "data": [)" + data + "]}}");
  };
  expect_error(with_input("INT8", "128"), "InputTensor", "does not fit INT8");
  expect_error(with_input("INT8", "-129"), "InputTensor", "does not fit INT8");
  expect_error(with_input("UINT32", "-1"), "InputTensor", "does not fit UINT32");
  expect_error(with_input("INT32", "1.5"), "InputTensor", "not an integer");
  expect_error(with_input("INT32", "\"seven\""), "InputTensor", "not an integer");
  expect_error(with_input("FLOAT16", "\"0x12345\""), "InputTensor", "16-bit pattern");
  expect_error(with_input("FLOAT32", "true"), "InputTensor", "number or a string");
  expect_error(with_input("UINT64", "18446744073709551616"), "InputTensor", "");  // not an integer JSON value
}

TEST_CASE("case file: data length against the strides and the buffer") {
  expect_error(pow_case(R"({"InputTensor": {"dataType": "FLOAT32", "sizes": [2, 3], "data": [1, 2, 3, 4, 5]},
                              "ExponentTensor": {"dataType": "FLOAT32", "sizes": [2, 3], "data": [1, 2, 3, 4, 5, 6]},
                              "OutputTensor": {"dataType": "FLOAT32", "sizes": [2, 3]}})"),
               "InputTensor", "the strides address 6");
  // Data past the last element the strides address (a padded buffer dumped whole) is read:
  // the buffer grows to hold it, unless totalTensorSizeInBytes says otherwise.
  const auto longer = R"({"InputTensor": {"dataType": "FLOAT32", "sizes": [1], "data": [1, 2, 3]TOTAL},
                          "ExponentTensor": {"dataType": "FLOAT32", "sizes": [1], "data": [2]},
                          "OutputTensor": {"dataType": "FLOAT32", "sizes": [1]}})";
  std::string accepted = longer, refused = longer;
  accepted.replace(accepted.find("TOTAL"), 5, "");
  refused.replace(refused.find("TOTAL"), 5, R"(, "totalTensorSizeInBytes": 8)");
  CHECK(outcome(pow_case(accepted)).ok());
  expect_error(pow_case(refused), "InputTensor", "more than totalTensorSizeInBytes (8)");
}

TEST_CASE("case file: structure checked against the operator") {
  expect_error(pow_case(R"({"InputTensor": {"dataType": "FLOAT32", "sizes": [1], "data": [1]},
                              "ExponentTensor": {"dataType": "FLOAT32", "sizes": [1]},
                              "OutputTensor": {"dataType": "FLOAT32", "sizes": [1]}})"),
               "ExponentTensor", "needs its data");
  expect_error(pow_case(R"({"InputTensor": {"dataType": "FLOAT32", "sizes": [1], "data": [1]},
                              "ScaleTensor": {"dataType": "FLOAT32", "sizes": [1], "data": [1]},
                              "OutputTensor": {"dataType": "FLOAT32", "sizes": [1]}})"),
               "ScaleTensor", "not a tensor of ELEMENT_WISE_POW");
  expect_error(pow_case(good_tensors, R"(, "attributes": {"Exponent": 2})"), "attributes",
               "not an attribute of ELEMENT_WISE_POW (it has ScaleBias)");
  // Descriptor rules come from the runtime layer, with its names.
  expect_error(pow_case(R"({"InputTensor": {"dataType": "INT64", "sizes": [1], "data": [1]},
                              "ExponentTensor": {"dataType": "INT64", "sizes": [1], "data": [1]},
                              "OutputTensor": {"dataType": "INT64", "sizes": [1]}})"),
               "InputTensor", "not supported by ELEMENT_WISE_POW");
  expect_error(pow_case(good_tensors, R"(, "featureLevel": "2_0")"), "InputTensor", "exactly 4");
  expect_error(pow_case(R"({"InputTensor": {"dataType": "FLOAT32", "sizes": [2], "data": [1, 2]},
                              "ExponentTensor": {"dataType": "FLOAT32", "sizes": [2], "data": [1, 2]},
                              "OutputTensor": {"dataType": "FLOAT32", "sizes": [2], "strides": [0]}})"),
               "OutputTensor", "cannot broadcast");
  expect_error(pow_case(R"({"InputTensor": {"dataType": "FLOAT32", "sizes": [2], "data": [1, 2], "totalTensorSizeInBytes": 4},
                              "ExponentTensor": {"dataType": "FLOAT32", "sizes": [2], "data": [1, 2]},
                              "OutputTensor": {"dataType": "FLOAT32", "sizes": [2]}})"),
               "InputTensor", "below DMLCalcBufferTensorSize");
}

TEST_CASE("case file: a bad case in a collection fails alone") {
  const std::string collection = R"({"cases": [)" + pow_case(good_tensors) + "," +
                                 R"({"name": "broken", "op": "ELEMENT_WISE_SIGN"})" + "," + pow_case(good_tensors) + "]}";
  bool is_collection = false;
  const auto cases = read_cases(collection, dmlref::io::default_max_buffer_bytes, &is_collection);
  CHECK(is_collection);
  REQUIRE(cases.size() == 3);
  CHECK(cases[0].error.ok());
  CHECK_FALSE(cases[1].error.ok());
  CHECK(cases[1].name == "broken");
  CHECK(cases[2].error.ok());
}

TEST_CASE("case file: special values, bit patterns and FLOAT16 rounding on load") {
  const auto cases = read_cases(R"({"op": "ELEMENT_WISE_SIGN", "tensors": {
      "InputTensor": {"dataType": "FLOAT16", "sizes": [6], "data": ["NaN", "-Infinity", -0.0, "0x7e01", 65520, 1.00048828125]},
      "OutputTensor": {"dataType": "FLOAT16", "sizes": [6]}}})");
  REQUIRE(cases.size() == 1);
  REQUIRE(cases[0].error.ok());
  const auto* in = cases[0].value.find("InputTensor")->buffer.as<dmlref::float16>();
  CHECK(in[0].bits() == 0x7E00);
  CHECK(in[1].bits() == 0xFC00);
  CHECK(in[2].bits() == 0x8000);
  CHECK(in[3].bits() == 0x7E01);
  CHECK(in[4].bits() == 0x7C00);  // 65520 rounds to Inf
  CHECK(in[5].bits() == 0x3C00);  // 1 + 2^-11: a tie, to even
}

TEST_CASE("case file: check compares under the case's tolerance or the default") {
  const std::string text = pow_case(good_tensors, R"(, "expected": {"OutputTensor": [1, 0.5, 9, 0.2500001]})");
  const auto cases = read_cases(text);
  REQUIRE(cases[0].error.ok());
  const auto result = dmlref::io::check_case(dmlref::golden, cases[0].value);
  REQUIRE(result.error.ok());
  CHECK(result.report.pass);  // 0.2500001 is 2 ULP from 0.25: within the default 32
  const auto strict = read_cases(pow_case(good_tensors, R"(, "expected": {"OutputTensor": [1, 0.5, 9, 0.2500001]},
                                            "tolerance": {"metric": "exact"})"));
  REQUIRE(strict[0].error.ok());
  const auto strict_result = dmlref::io::check_case(dmlref::golden, strict[0].value);
  CHECK_FALSE(strict_result.report.pass);
  CHECK(strict_result.report.first.coordinates() == "[1, 1]");
}

TEST_CASE("case file: an absolute tolerance passes values within it and equal ones, nothing else") {
  // 0.2500001 is 2 ULP (about 3e-8) from 0.25: within 1e-6, not within 1e-8.
  const auto loose = read_cases(pow_case(good_tensors, R"(, "expected": {"OutputTensor": [1, 0.5, 9, 0.2500001]},
                                           "tolerance": {"metric": "absolute", "value": 1e-6})"));
  REQUIRE(loose[0].error.ok());
  CHECK(loose[0].value.absolute_tolerance == 1e-6);
  const auto loose_result = dmlref::io::check_case(dmlref::golden, loose[0].value);
  REQUIRE(loose_result.error.ok());
  CHECK(loose_result.report.pass);
  CHECK(loose_result.report.text().find("or |actual - expected| <= 9.9999999999999995e-07") != std::string::npos);
  const auto tight = read_cases(pow_case(good_tensors, R"(, "expected": {"OutputTensor": [1, 0.5, 9, 0.2500001]},
                                           "tolerance": {"metric": "absolute", "value": 1e-8})"));
  REQUIRE(tight[0].error.ok());
  const auto tight_result = dmlref::io::check_case(dmlref::golden, tight[0].value);
  CHECK_FALSE(tight_result.report.pass);
  CHECK(tight_result.report.first.coordinates() == "[1, 1]");
  for (const char* bad : {R"("value": 0)", R"("value": -1)", R"("value": "1e-3")", R"("other": 1)"}) {
    const auto refused = read_cases(pow_case(good_tensors, std::string(R"(, "tolerance": {"metric": "absolute", )") + bad + "}"));
    CHECK_FALSE(refused[0].error.ok());
  }
}
