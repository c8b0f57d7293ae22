// _dmlref: the compiled half of the Python module `dmlref` (python/dmlref/ is the other).
//
// Contract:
// - Every operator of ops::operators is reachable by name through _run; operators() gives
//   each one's traits (DirectML name, Python name, tensor slots, attributes) so that the
//   Python side generates one function per operator. Nothing here names an operator.
// - numpy arrays are bound without copies: the array's data pointer is the binding, its byte
//   strides divided by the item size are DirectML's element strides, and a dimension numpy
//   broadcasts (missing, or of size 1 against a larger one) gets stride 0. A dimension of
//   size 1 always gets stride 0 (its stride addresses nothing).
// - DirectML strides are unsigned: an input whose view has a negative stride, a stride that
//   is not a multiple of its item size, or a misaligned address is bound as a C-contiguous
//   copy of what it addresses, its zero-stride dimensions broadcast again (counted in
//   stats()); an out= array like that is refused.
// - Every rule is DirectML's and is checked by the runtime layer (dml::validate_descriptor,
//   dml::validate_bindings) before anything is written; a broken rule raises ValueError with
//   the runtime layer's message (tensor, field, rule). The GIL is released while computing.
// - threads= is the path's thread count (dmlref::golden.threads(n)): 0 to max_threads, 0 one
//   per hardware thread; the results are those of one thread, bit for bit.

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "dmlref/core/float16.hpp"
#include "dmlref/core/type_list.hpp"
#include "dmlref/dml/attributes.hpp"
#include "dmlref/dml/execute.hpp"
#include "dmlref/dml/isa_variants.hpp"
#include "dmlref/dml/schema.hpp"
#include "dmlref/oracle/compare.hpp"
#include "dmlref/oracle/report_text.hpp"
#include "dmlref/oracle/tolerance_table.hpp"
#include "dmlref/ops/registry.hpp"
#include "dmlref/ops/unverified_note.hpp"
#include "dmlref/version.hpp"

namespace py = pybind11;

namespace {

using dmlref::data_type;
using dmlref::feature_level;
using dmlref::status;
namespace dml = dmlref::dml;
namespace ops = dmlref::ops;
namespace oracle = dmlref::oracle;

constexpr std::size_t max_tensors = ops::max_operator_tensors;
constexpr std::uint32_t max_rank = dmlref::max_rank;

/// What the module did that a test may check: inputs bound as copies, and the addresses of
/// the last call's bindings (inputs in slot order, 0 for an absent one, then the output).
struct module_stats {
  std::uint64_t input_copies = 0;
  std::vector<std::uintptr_t> last_bindings;
};
module_stats stats;

[[noreturn]] void raise(const status& s) { throw py::value_error(s.message()); }
[[noreturn]] void raise(const std::string& text) { throw py::value_error(text); }

/// threads= as a thread count: an integer (int, numpy's, anything with __index__; not a
/// bool) from 0 to max_threads.
std::uint32_t parse_threads(const py::object& value) {
  const std::string rule = "must be an int from 0 (one per hardware thread) to " + std::to_string(dmlref::max_threads);
  if (py::isinstance<py::bool_>(value) || !PyIndex_Check(value.ptr())) {
    throw py::type_error("threads: " + rule + ", got " + py::str(py::type::of(value).attr("__name__")).cast<std::string>());
  }
  const auto index = py::reinterpret_steal<py::object>(PyNumber_Index(value.ptr()));
  if (!index) throw py::error_already_set();
  int overflow = 0;
  const long long n = PyLong_AsLongLongAndOverflow(index.ptr(), &overflow);
  if (overflow != 0 || n < 0 || n > dmlref::max_threads) {
    raise("threads: " + rule + ", got " + py::str(value).cast<std::string>());
  }
  return static_cast<std::uint32_t>(n);
}

// ---- names ------------------------------------------------------------------------------------

/// The Python name of an operator: its DirectML name without "ELEMENT_WISE_", in lower case.
std::string python_name(const char* dml_name) {
  std::string s = dml_name;
  const std::string prefix = "ELEMENT_WISE_";
  if (s.compare(0, prefix.size(), prefix) == 0) s.erase(0, prefix.size());
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  // A Python keyword takes a trailing underscore (ELEMENT_WISE_IF -> if_).
  static const char* const keywords[] = {"and", "as", "assert", "async", "await", "break", "class", "continue",
                                         "def", "del", "elif", "else", "except", "finally", "for", "from",
                                         "global", "if", "import", "in", "is", "lambda", "nonlocal", "not",
                                         "or", "pass", "raise", "return", "try", "while", "with", "yield"};
  for (const char* k : keywords) {
    if (s == k) return s + "_";
  }
  return s;
}

/// The operator named by its DirectML name, that name without its family's prefix, or its
/// Python name, in any case; "not implemented" for one of DirectML's this version lacks.
dml::DML_OPERATOR_TYPE find_operator(const std::string& name) {
  const dml::operator_schema* schema = dml::find_schema(name);
  if (schema == nullptr) {
    raise("Type: '" + name + "' is not an element-wise operator of DirectML (dmlref computes " + ops::operator_names() + ")");
  }
  if (auto why = ops::not_implemented(*schema); !why.empty()) raise("Type: " + why);
  return schema->type;
}

// ---- attributes -------------------------------------------------------------------------------

/// The attributes of an operation from a dict keyed by DirectML's field names (the package
/// maps keyword arguments to them), read by walking the operator's schema: FLOAT a number,
/// UINT and INT integers, an enumeration its value's name or number, a data type its name,
/// ScaleBias a (scale, bias) pair whose None halves are 1 and 0, a DML_SCALAR_UNION a number
/// of the data type its typing field names (CLIP1's Min and Max, typed by MinMaxDataType), a
/// fused operator (ADD1's FusedActivation) its name or {"op": name, "attributes": {...}}. A
/// required attribute that is missing, or a key the operator does not have, raises ValueError
/// naming it.
dml::attribute_values read_attributes(const dml::operator_schema& s, const py::dict& given,
                                      const std::string& prefix = "attributes.", int depth = 0) {
  dml::attribute_values a(s);
  for (const auto& item : given) {
    const std::string key = py::str(item.first).cast<std::string>();
    if (!a.has(key)) raise(prefix + key + ": is not an attribute of " + std::string(s.name));
  }
  // Scalar unions last: their data type is another field's value.
  for (const bool unions : {false, true}) {
    for (std::size_t k = 0; k < s.field_count; ++k) {
      const auto& f = s.fields[k];
      if (f.kind != dml::field_kind::attribute || (f.type == dml::field_type::scalar_union) != unions) continue;
      const std::string where = prefix + f.name;
      if (!given.contains(f.name) || given[f.name].is_none()) {
        if (!f.optional) raise(where + ": " + std::string(s.name) + " needs " + f.name);
        continue;
      }
      const py::object v = given[f.name];
      dml::attribute_value value;
      try {
        switch (f.type) {
          case dml::field_type::float_value: value = dml::attribute_value::of_float(v.cast<float>()); break;
          case dml::field_type::uint_value: value = dml::attribute_value::of_bits(v.cast<std::uint32_t>()); break;
          case dml::field_type::int_value: {
            const auto i = v.cast<std::int32_t>();
            std::uint32_t bits = 0;
            std::memcpy(&bits, &i, sizeof bits);
            value = dml::attribute_value::of_bits(bits);
            break;
          }
          case dml::field_type::enumeration: {
            bool found = false;
            const bool text = py::isinstance<py::str>(v);
            for (std::size_t e = 0; e < f.value_count && !found; ++e) {
              const std::string full = f.values[e].name;
              const std::string suffix = full.substr(std::min(full.size(), std::string(f.type_name).size() + 1));
              found = text ? (v.cast<std::string>() == full || v.cast<std::string>() == suffix)
                           : v.cast<std::uint32_t>() == f.values[e].value;
              if (found) value = dml::attribute_value::of_bits(f.values[e].value);
            }
            if (!found) raise(where + ": " + py::repr(v).cast<std::string>() + " is not a " + f.type_name);
            break;
          }
          case dml::field_type::data_type: {
            const auto t = dmlref::data_type_from_name(v.cast<std::string>());
            if (t == data_type::unknown) raise(where + ": " + py::repr(v).cast<std::string>() + " is not a data type name");
            value = dml::attribute_value::of_bits(static_cast<std::uint32_t>(t));
            break;
          }
          case dml::field_type::scale_bias: {
            const auto pair = v.cast<py::tuple>();
            if (pair.size() != 2) raise(where + ": must be (scale, bias)");
            value = dml::attribute_value::of_scale_bias({pair[0].is_none() ? 1.0f : pair[0].cast<float>(),
                                                         pair[1].is_none() ? 0.0f : pair[1].cast<float>()});
            break;
          }
          case dml::field_type::scalar_union: {
            const auto typing = static_cast<data_type>(a[f.typed_by == nullptr ? "" : f.typed_by].bits);
            using scalar_types = dmlref::type_list<float, dmlref::float16, double, std::int8_t, std::int16_t, std::int32_t,
                                                   std::int64_t, std::uint8_t, std::uint16_t, std::uint32_t, std::uint64_t>;
            const bool known = dmlref::visit_type(typing, scalar_types{}, [&](auto tag) {
              using T = typename decltype(tag)::type;
              T x{};
              if constexpr (std::is_same_v<T, dmlref::float16>) {
                x = dmlref::float16(v.cast<double>());  // rounded once from the Python float
              } else if constexpr (std::is_floating_point_v<T>) {
                x = static_cast<T>(v.cast<double>());
              } else {
                x = v.cast<T>();  // an integer in T's range, else cast_error
              }
              value = dml::attribute_value::of_scalar(0);
              std::memcpy(&value.scalar, static_cast<const void*>(&x), sizeof x);
              return true;
            });
            if (!known) raise(where + ": needs " + (f.typed_by == nullptr ? "its data type" : f.typed_by) + " beside it");
            break;
          }
          case dml::field_type::operator_desc: {
            std::string name;
            py::dict nested_attributes;
            if (py::isinstance<py::str>(v)) {
              name = v.cast<std::string>();
            } else if (py::isinstance<py::dict>(v) && v.contains("op")) {
              const py::dict d = v.cast<py::dict>();
              for (const auto& item : d) {
                const std::string key = py::str(item.first).cast<std::string>();
                if (key != "op" && key != "attributes") raise(where + "." + key + ": is not op or attributes");
              }
              name = py::str(d["op"]).cast<std::string>();
              if (d.contains("attributes") && !d["attributes"].is_none()) nested_attributes = d["attributes"].cast<py::dict>();
            } else {
              raise(where + ": must be an operator's name or {'op': name, 'attributes': {...}}");
            }
            const dml::operator_schema* ns = dml::find_schema(name);
            if (ns == nullptr) raise(where + ".op: '" + name + "' is not an element-wise operator of DirectML");
            if (depth > 0) raise(where + ": a fused operator nests no other");
            auto nested = std::make_shared<dml::nested_operator>();
            nested->schema = ns;
            nested->attributes = read_attributes(*ns, nested_attributes, where + ".attributes.", depth + 1);
            value.present = true;
            value.nested = std::move(nested);
            break;
          }
          default: raise(where + ": " + f.type_name + " attributes are not read from Python in this version");
        }
      } catch (const py::cast_error&) {
        raise(where + ": " + py::repr(v).cast<std::string>() + " is not a " + f.type_name);
      }
      a.at(k) = value;
    }
  }
  return a;
}

feature_level parse_level(const py::object& level) {
  if (level.is_none()) return dmlref::newest_feature_level;
  if (py::isinstance<py::int_>(level)) {
    const auto value = level.cast<long long>();
    const auto l = static_cast<feature_level>(static_cast<std::uint32_t>(value));
    if (value < 0 || value > 0xFFFFFFFFll || !dmlref::is_known(l)) {
      raise("FeatureLevel: " + std::to_string(value) + " is not a DML_FEATURE_LEVEL");
    }
    return l;
  }
  std::string text = py::str(level).cast<std::string>();
  const std::string prefix = "DML_FEATURE_LEVEL_";
  if (text.compare(0, prefix.size(), prefix) == 0) text.erase(0, prefix.size());
  std::replace(text.begin(), text.end(), '.', '_');
  feature_level l{};
  if (!dmlref::feature_level_from_name(text, l)) {
    raise("FeatureLevel: '" + py::str(level).cast<std::string>() + "' is not a DML_FEATURE_LEVEL (1_0 to 6_4)");
  }
  return l;
}

// ---- data types -------------------------------------------------------------------------------

data_type type_of(const py::dtype& dt) {
  if (!dt.attr("isnative").cast<bool>()) return data_type::unknown;
  const auto size = dt.itemsize();
  switch (dt.kind()) {
    case 'f': return size == 2 ? data_type::float16 : size == 4 ? data_type::float32 : size == 8 ? data_type::float64 : data_type::unknown;
    case 'i': return size == 1 ? data_type::int8 : size == 2 ? data_type::int16 : size == 4 ? data_type::int32 : size == 8 ? data_type::int64 : data_type::unknown;
    case 'u': return size == 1 ? data_type::uint8 : size == 2 ? data_type::uint16 : size == 4 ? data_type::uint32 : size == 8 ? data_type::uint64 : data_type::unknown;
    default: return data_type::unknown;
  }
}

data_type checked_type_of(const py::dtype& dt, const std::string& tensor) {
  const data_type t = type_of(dt);
  if (t == data_type::unknown) {
    raise(tensor + ".DataType: numpy dtype " + py::str(py::object(dt)).cast<std::string>() +
          " has no DML_TENSOR_DATA_TYPE (float16, float32, float64, int8 to int64, uint8 to uint64 in native byte order)");
  }
  return t;
}

py::dtype dtype_of(data_type t) {
  switch (t) {
    case data_type::float32: return py::dtype("float32");
    case data_type::float16: return py::dtype("float16");
    case data_type::float64: return py::dtype("float64");
    case data_type::uint32: return py::dtype("uint32");
    case data_type::uint16: return py::dtype("uint16");
    case data_type::uint8: return py::dtype("uint8");
    case data_type::int32: return py::dtype("int32");
    case data_type::int16: return py::dtype("int16");
    case data_type::int8: return py::dtype("int8");
    case data_type::uint64: return py::dtype("uint64");
    case data_type::int64: return py::dtype("int64");
    default: break;
  }
  raise(std::string("DataType: ") + std::string(dmlref::name(t)) + " has no numpy dtype");
}

/// The data types a tensor of dmlref may hold (4-bit types have no numpy dtype).
constexpr std::array<data_type, 11> candidate_types{
    data_type::float32, data_type::float16, data_type::uint32, data_type::uint16, data_type::uint8, data_type::int32,
    data_type::int16,   data_type::int8,    data_type::float64, data_type::uint64, data_type::int64};

// ---- binding numpy arrays ---------------------------------------------------------------------

/// One tensor of an operation as DirectML sees it.
struct tensor_binding {
  bool present = false;
  py::array array;  // what is bound: the caller's array, or the copy of it
  bool copied = false;
  std::string from_python;  // "list", "float", ...: what Python gave, which numpy typed by its defaults
  std::uintptr_t original_low = 0, original_high = 0;  // the caller's bytes, when copied
  data_type type = data_type::unknown;
  std::array<std::uint32_t, max_rank> sizes{};
  std::array<std::uint32_t, max_rank> strides{};
  dml::DML_BUFFER_TENSOR_DESC buffer{};
  dml::DML_TENSOR_DESC desc{};
};

/// The byte range [low, high) an array's elements occupy, whatever the signs of its strides.
std::pair<std::uintptr_t, std::uintptr_t> byte_extent(const py::array& a) {
  auto low = reinterpret_cast<std::uintptr_t>(a.data());
  auto high = low + static_cast<std::uintptr_t>(a.itemsize());
  if (a.size() == 0) return {low, low};
  for (py::ssize_t d = 0; d < a.ndim(); ++d) {
    const auto span = static_cast<std::intptr_t>((a.shape(d) - 1) * a.strides(d));
    if (span < 0) low -= static_cast<std::uintptr_t>(-span);
    else high += static_cast<std::uintptr_t>(span);
  }
  return {low, high};
}

/// True when DirectML can address a's elements through its own strides: every stride of a
/// dimension larger than 1 non-negative and a multiple of the item size, the address aligned.
bool addressable(const py::array& a) {
  const auto item = a.itemsize();
  if (reinterpret_cast<std::uintptr_t>(a.data()) % static_cast<std::uintptr_t>(item) != 0) return false;
  for (py::ssize_t d = 0; d < a.ndim(); ++d) {
    if (a.shape(d) <= 1) continue;
    if (a.strides(d) < 0 || a.strides(d) % item != 0) return false;
  }
  return true;
}

std::string shape_text(const std::vector<py::ssize_t>& shape) {
  std::string s = "(";
  for (std::size_t i = 0; i < shape.size(); ++i) s += (i ? ", " : "") + std::to_string(shape[i]);
  return s + (shape.size() == 1 ? ",)" : ")");
}

std::vector<py::ssize_t> shape_of(const py::array& a) { return {a.shape(), a.shape() + a.ndim()}; }

/// Fills b's sizes and strides for a logical shape of dml_rank dimensions (the numpy shape
/// aligned to the right, leading dimensions of size 1 where dml_rank is larger).
void describe(tensor_binding& b, const std::vector<py::ssize_t>& shape, std::uint32_t dml_rank,
              const std::string& tensor) {
  const auto& a = b.array;
  const auto ndim = static_cast<std::uint32_t>(a.ndim());
  const auto item = a.itemsize();
  const std::uint32_t offset = dml_rank - static_cast<std::uint32_t>(shape.size());
  for (std::uint32_t i = 0; i < dml_rank; ++i) {
    const std::uint64_t size = i < offset ? 1 : static_cast<std::uint64_t>(shape[i - offset]);
    if (size > 0xFFFFFFFFull) raise(tensor + ".Sizes: size " + std::to_string(size) + " exceeds a UINT");
    b.sizes[i] = static_cast<std::uint32_t>(size);
    std::uint64_t stride = 0;
    const auto shift = dml_rank - ndim;  // the array's dimension j is dml dimension j + shift
    if (i >= shift && a.shape(static_cast<py::ssize_t>(i - shift)) > 1) {
      stride = static_cast<std::uint64_t>(a.strides(static_cast<py::ssize_t>(i - shift)) / item);
    }
    if (stride > 0xFFFFFFFFull) raise(tensor + ".Strides: stride " + std::to_string(stride) + " exceeds a UINT");
    b.strides[i] = static_cast<std::uint32_t>(stride);
  }
  const auto total = dmlref::calc_buffer_tensor_size(b.type, dml_rank, b.sizes.data(), b.strides.data());
  b.buffer = {static_cast<dml::DML_TENSOR_DATA_TYPE>(b.type), dml::DML_TENSOR_FLAG_NONE, dml_rank, b.sizes.data(),
              b.strides.data(), total.value_or(0), 0};
  b.desc = {dml::DML_TENSOR_TYPE_BUFFER, &b.buffer};
}

/// An empty array's numpy strides are 0 (nothing is addressed): for the descriptor checked in
/// its place (sizes 0 read as 1), its strides are packed over those sizes, 0 where the array
/// itself broadcasts (a missing dimension, or one of size 1).
void pack_empty(tensor_binding& b, std::uint32_t dml_rank) {
  const auto ndim = static_cast<std::uint32_t>(b.array.ndim());
  std::uint64_t packed = 1;
  for (std::uint32_t i = dml_rank; i-- > 0;) {
    const bool own = i + ndim >= dml_rank && b.array.shape(static_cast<py::ssize_t>(i + ndim - dml_rank)) != 1;
    b.strides[i] = own && b.sizes[i] > 1 ? static_cast<std::uint32_t>(packed) : 0;
    if (own) packed *= b.sizes[i];
  }
  b.buffer.TotalTensorSizeInBytes =
      dmlref::calc_buffer_tensor_size(b.type, dml_rank, b.sizes.data(), b.strides.data()).value_or(0);
}

/// numpy's broadcast of shapes; raises naming the tensor that does not fit.
std::vector<py::ssize_t> broadcast_shape(const std::vector<std::pair<std::string, std::vector<py::ssize_t>>>& shapes) {
  std::vector<py::ssize_t> out;
  std::string first;
  for (const auto& [tensor, shape] : shapes) {
    if (first.empty()) first = tensor;
    std::vector<py::ssize_t> merged(std::max(out.size(), shape.size()), 1);
    for (std::size_t i = 0; i < merged.size(); ++i) {
      const auto a = i < merged.size() - out.size() ? 1 : out[i - (merged.size() - out.size())];
      const auto b = i < merged.size() - shape.size() ? 1 : shape[i - (merged.size() - shape.size())];
      if (a != b && a != 1 && b != 1) {
        raise(tensor + ".Sizes: shape " + shape_text(shape) + " does not broadcast with " + shape_text(out) +
              " (the shape of the inputs before it, from " + first + ")");
      }
      merged[i] = a == 1 ? b : a;
    }
    out = merged;
  }
  return out;
}

/// An input array, bound as itself where DirectML can address it, else as a copy.
tensor_binding bind_input(const py::object& obj, const std::string& tensor) {
  tensor_binding b;
  b.present = true;
  if (!py::isinstance<py::array>(obj) && !py::isinstance(obj, py::module_::import("numpy").attr("generic"))) {
    b.from_python = py::str(py::type::of(obj).attr("__name__")).cast<std::string>();
  }
  b.array = py::array::ensure(obj);
  if (!b.array) raise(tensor + ": cannot be read as a numpy array");
  b.type = checked_type_of(b.array.dtype(), tensor);
  if (!addressable(b.array)) {
    const auto [low, high] = byte_extent(b.array);
    b.original_low = low;
    b.original_high = high;
    // Copy what the view addresses, not what it broadcasts: the dimensions of stride 0 are
    // sliced to one element, copied, and broadcast again (zero strides, no allocation).
    const py::module_ np = py::module_::import("numpy");
    py::tuple slicer(b.array.ndim());
    for (py::ssize_t d = 0; d < b.array.ndim(); ++d) {
      const bool broadcast = b.array.strides(d) == 0 && b.array.shape(d) > 1;
      slicer[static_cast<std::size_t>(d)] = broadcast ? py::slice(0, 1, 1) : py::slice(py::none(), py::none(), py::none());
    }
    // np.array(copy=True), not ascontiguousarray: a contiguous view at a misaligned address
    // is already "contiguous", and ascontiguousarray would return it as it is.
    const py::object compact = np.attr("array")(b.array[slicer], py::arg("copy") = true, py::arg("order") = "C");
    b.array = np.attr("broadcast_to")(compact, b.array.attr("shape"));
    b.copied = true;
    ++stats.input_copies;
  }
  return b;
}

// ---- the operation ----------------------------------------------------------------------------

/// A refusal of a tensor's DataType where the tensor is a Python object (a list, a float)
/// that numpy typed by its defaults (float64, int64): the message says so and how to pass a
/// dtype, since the caller never chose that type.
[[noreturn]] void raise_naming_python_types(const status& s, const tensor_binding* t, const std::string* names,
                                            std::size_t n) {
  for (std::size_t k = 0; k < n; ++k) {
    if (!t[k].present || t[k].from_python.empty() || s.field() != "DataType" || s.tensor() != names[k]) continue;
    const auto dt = t[k].array.dtype();
    const std::string numpy_name = py::str(py::object(dt)).cast<std::string>();
    const std::string suggested = dt.kind() == 'f' ? "float32" : dt.kind() == 'b' ? "uint8" : "int32";
    const bool scalar = t[k].array.ndim() == 0;
    const std::string example =
        scalar ? "np." + suggested + "(" + py::repr(t[k].array.attr("item")()).cast<std::string>() + ")"
               : "np.asarray(x, dtype=np." + suggested + ")";
    const data_type type = type_of(dt);
    raise(s.message() + "; " + names[k] + " is a Python " + t[k].from_python + ", which numpy made " +
          (type == data_type::unknown ? numpy_name : std::string(dmlref::name(type))) + " (" + numpy_name +
          "): pass a numpy " + (scalar ? "scalar" : "array") + " of the type you mean, such as " + example);
  }
  raise(s);
}

/// What the module needs of an operator beyond its schema: its support rule.
using support_rule = status (*)(feature_level, const ops::operation_types&);

/// The output data types the operator's support table admits for these inputs at this level,
/// and, when it admits none, the rule that refuses them: the first one that names an input
/// (the inputs are wrong whatever the output), else the first one.
std::vector<data_type> output_candidates(const dml::operator_schema& schema, support_rule check_support,
                                         feature_level level, ops::operation_types types, status& refusal) {
  std::vector<data_type> out;
  const std::size_t o = ops::detail::count_tensors(schema) - 1;
  types.present[o] = true;
  status first_error, input_error;
  for (data_type t : candidate_types) {
    types.type[o] = t;
    const status s = check_support(level, types);
    if (s.ok()) {
      out.push_back(t);
    } else {
      if (first_error.ok()) first_error = s;
      if (input_error.ok() && s.tensor() != ops::detail::tensor_field(schema, o).name) input_error = s;
    }
  }
  refusal = input_error.ok() ? first_error : input_error;
  return out;
}

struct run_request {
  std::vector<py::object> inputs;  // one per input slot; None for an absent optional one
  py::object out = py::none();
  py::object dtype = py::none();
  py::dict attributes;  // by DirectML's field names
  std::string path = "golden";
  std::uint32_t threads = 1;
  py::object level = py::none();
  bool golden_extras = false;  // also the mask of defined elements and the default tolerance
};

struct run_result {
  py::array out;
  py::object defined = py::none();
  dmlref::tolerance tol{};
};

/// One call of an operator's Python function: the same code for every operator, which gives
/// its schema and support rule.
run_result run_operator(const dml::operator_schema& schema, support_rule check_support, const run_request& r) {
  const std::size_t n_tensors = ops::detail::count_tensors(schema);
  const std::size_t n_inputs = n_tensors - 1;
  const std::string op_name = schema.name;
  const auto field = [&](std::size_t k) -> const dml::field_schema& { return ops::detail::tensor_field(schema, k); };
  const auto introduced = static_cast<feature_level>(schema.introduced);
  if (r.inputs.size() != n_inputs) {
    raise(op_name + " takes " + std::to_string(n_inputs) + " input tensors, got " + std::to_string(r.inputs.size()));
  }
  const feature_level level = parse_level(r.level);
  const bool fast = r.path == "fast";
  if (!fast && r.path != "golden") raise("path: '" + r.path + "' is neither 'golden' nor 'fast'");
  if (!dmlref::at_least(level, introduced)) {  // validate_descriptor's rule, before the table is read
    raise("Type: " + op_name + " needs feature level " + std::string(dmlref::name(introduced)) +
          " or later, the level is " + std::string(dmlref::name(level)));
  }

  const dml::attribute_values attributes = read_attributes(schema, r.attributes);

  // Inputs, their broadcast shape, and the output's data type.
  std::array<tensor_binding, max_tensors> t{};
  std::array<std::string, max_tensors> slot_names{};
  for (std::size_t k = 0; k < n_tensors; ++k) slot_names[k] = field(k).name;
  const auto fail = [&](const status& s) { raise_naming_python_types(s, t.data(), slot_names.data(), n_tensors); };
  std::vector<std::pair<std::string, std::vector<py::ssize_t>>> shapes;
  ops::operation_types types;
  types.scale_bias = attributes.scale_bias().has_value();
  for (std::size_t k = 0; k < n_inputs; ++k) {
    const std::string tensor = field(k).name;
    if (r.inputs[k].is_none()) {
      if (!field(k).optional) raise(tensor + ": is required by " + op_name);
      continue;
    }
    t[k] = bind_input(r.inputs[k], tensor);
    types.type[k] = t[k].type;
    types.present[k] = true;
    shapes.emplace_back(tensor, shape_of(t[k].array));
  }
  const std::vector<py::ssize_t> shape = broadcast_shape(shapes);
  const std::string out_name = field(n_inputs).name;
  if (shape.size() > max_rank) {
    raise(out_name + ".DimensionCount: must be 1 to 8, got " + std::to_string(shape.size()));
  }
  data_type out_type = data_type::unknown;
  py::array out;
  const bool given = !r.out.is_none();
  if (given) {
    if (!py::isinstance<py::array>(r.out)) raise(out_name + ": out= must be a numpy array");
    out = py::reinterpret_borrow<py::array>(r.out);
    out_type = checked_type_of(out.dtype(), out_name);
    if (!r.dtype.is_none() && checked_type_of(py::dtype::from_args(r.dtype), "dtype") != out_type) {
      raise(out_name + ".DataType: dtype= and out= disagree");
    }
    if (!out.writeable()) raise(out_name + ": the out= array is read-only");
    if (shape_of(out) != shape) {
      raise(out_name + ".Sizes: out= has shape " + shape_text(shape_of(out)) + ", the inputs broadcast to " +
            shape_text(shape));
    }
    if (!addressable(out)) {
      raise(out_name + ".Strides: out= has a negative stride, a stride that is not a multiple of its item size, or "
                       "a misaligned address; DirectML strides are unsigned element counts");
    }
  } else if (!r.dtype.is_none()) {
    out_type = checked_type_of(py::dtype::from_args(r.dtype), "dtype");
  } else {
    status refusal;
    const auto candidates = output_candidates(schema, check_support, level, types, refusal);
    if (candidates.size() == 1) {
      out_type = candidates[0];
    } else if (candidates.empty()) {
      fail(refusal);
    } else {
      std::string names;
      for (auto c : candidates) names += (names.empty() ? "" : ", ") + std::string(dmlref::name(c));
      raise(out_name + ".DataType: " + op_name + " admits several output types for these inputs (" + names +
            "): pass dtype=");
    }
  }
  std::uint64_t count = 1;
  for (auto n : shape) count *= static_cast<std::uint64_t>(n);
  if (count > dmlref::max_element_count) {  // validate_tensor's rule, before allocating
    raise(out_name + ".Sizes: the product of Sizes exceeds 2^32 - 1 elements");
  }
  if (!given) out = py::array(dtype_of(out_type), shape);
  // A zero-element result (numpy's and torch's rule for empty arrays): DirectML sizes are at
  // least 1, so the descriptor is checked with each size 0 read as 1, and nothing runs.
  const bool empty = count == 0;
  std::vector<py::ssize_t> described = shape;
  for (auto& n : described) n = std::max<py::ssize_t>(n, 1);
  t[n_inputs].present = true;
  t[n_inputs].array = out;
  t[n_inputs].type = out_type;

  // Descriptors: DirectML's rank is numpy's (1 for a 0-d result), 4 below feature level 3_0.
  std::uint32_t dml_rank = std::max<std::uint32_t>(1, static_cast<std::uint32_t>(shape.size()));
  if (!dmlref::at_least(level, feature_level::level_3_0) && dml_rank < 4) dml_rank = 4;
  std::array<const dml::DML_TENSOR_DESC*, max_tensors> descs{};
  for (std::size_t k = 0; k < n_tensors; ++k) {
    if (!t[k].present) continue;
    describe(t[k], described, dml_rank, field(k).name);
    if (empty) pack_empty(t[k], dml_rank);
    descs[k] = &t[k].desc;
  }
  const dml::descriptor_storage desc(schema, descs.data(), attributes);
  const dml::DML_OPERATOR_DESC& op_desc = desc.op();

  // Validation: every rule before anything is written.
  std::array<dml::input_binding, max_tensors> inputs{};
  std::array<const void*, max_tensors> input_data{};
  for (std::size_t k = 0; k < n_inputs; ++k) {
    if (!t[k].present) continue;
    inputs[k] = {t[k].array.data(), t[k].buffer.TotalTensorSizeInBytes};
    input_data[k] = t[k].array.data();
  }
  const dml::output_binding outputs[1] = {{out.mutable_data(), t[n_inputs].buffer.TotalTensorSizeInBytes}};
  dml::validated_operation v;
  if (auto s = dml::validate_descriptor(static_cast<dml::DML_FEATURE_LEVEL>(level), op_desc, v); !s.ok()) fail(s);
  if (empty) {
    run_result result;
    result.out = out;
    if (r.golden_extras) {
      result.defined = py::array_t<bool>(shape);
      result.tol = oracle::default_tolerance(v.op.type, v.types(), v.op.attrs);
    }
    return result;
  }
  if (auto s = dml::validate_bindings(v, inputs.data(), n_inputs, outputs, 1); !s.ok()) fail(s);
  // An input bound as a copy hides the caller's memory from the aliasing rule: check it here.
  const auto [out_low, out_high] = byte_extent(out);
  for (std::size_t k = 0; k < n_inputs; ++k) {
    if (t[k].present && t[k].copied && out_low < t[k].original_high && t[k].original_low < out_high) {
      raise(out_name + ": overlaps " + std::string(field(k).name) + " (a view numpy strides DirectML cannot "
            "express, bound as a copy); only the exact alias of InputTensor may share memory with the output");
    }
  }
  stats.last_bindings.clear();
  for (std::size_t k = 0; k < n_inputs; ++k) stats.last_bindings.push_back(reinterpret_cast<std::uintptr_t>(input_data[k]));
  stats.last_bindings.push_back(reinterpret_cast<std::uintptr_t>(outputs[0].data));

  run_result result;
  py::array_t<bool> mask;
  if (r.golden_extras) {
    mask = py::array_t<bool>(shape);
    result.tol = oracle::default_tolerance(v.op.type, v.types(), v.op.attrs);
  }
  bool* mask_data = r.golden_extras ? mask.mutable_data() : nullptr;
  status s;
  {
    py::gil_scoped_release release;
    s = fast ? dml::run_validated(dmlref::fast.threads(r.threads), v, inputs.data(), outputs)
             : dml::run_validated(dmlref::golden.threads(r.threads), v, inputs.data(), outputs);
    if (s.ok() && mask_data != nullptr) s = dml::defined_mask(v, input_data.data(), mask_data);
  }
  if (!s.ok()) raise(s);
  result.out = out;
  if (r.golden_extras) result.defined = mask;
  return result;
}

run_result run(const std::string& op, const run_request& r) {
  run_result result;
  const dml::operator_schema& schema = *dml::find_schema(find_operator(op));
  support_rule check_support = nullptr;
  ops::with_operator(schema.type, [&](auto tag) {
    check_support = [](feature_level level, const ops::operation_types& t) {
      return decltype(tag)::type::check_support(level, t);
    };
  });
  result = run_operator(schema, check_support, r);
  return result;
}

// ---- the DirectML-shaped entry ------------------------------------------------------------------

/// Runs op over buffers with explicit sizes and strides: tensors maps DirectML's tensor names
/// to (buffer, sizes) or (buffer, sizes, strides); a buffer is a C-contiguous array whose
/// bytes are the tensor's buffer, its dtype the tensor's DataType. The output's buffer is
/// written in place and returned.
py::array execute(const std::string& op, const py::dict& tensors, const py::object& level_obj, const std::string& path,
                  const py::dict& attribute_dict, const py::object& threads_obj) {
  const std::uint32_t threads = parse_threads(threads_obj);
  // The same code for every operator: what differs is in its schema.
  const dml::operator_schema& schema = *dml::find_schema(find_operator(op));
  const std::size_t n_tensors = ops::detail::count_tensors(schema);
  const auto tensor_name = [&](std::size_t k) { return std::string(ops::detail::tensor_field(schema, k).name); };
  const std::string op_name = schema.name;
  for (const auto& item : tensors) {
    const std::string key = py::str(item.first).cast<std::string>();
    bool known = false;
    for (std::size_t k = 0; k < n_tensors; ++k) known = known || key == tensor_name(k);
    if (!known) raise(key + ": is not a tensor of " + op_name);
  }
  const feature_level level = parse_level(level_obj);
  const bool fast = path == "fast";
  if (!fast && path != "golden") raise("path: '" + path + "' is neither 'golden' nor 'fast'");
  std::array<tensor_binding, max_tensors> t{};
  std::array<const dml::DML_TENSOR_DESC*, max_tensors> descs{};
  std::array<std::uint64_t, max_tensors> bytes{};
  for (std::size_t k = 0; k < n_tensors; ++k) {
    const std::string tensor = tensor_name(k);
    if (!tensors.contains(tensor)) continue;
    const auto entry = tensors[tensor.c_str()].cast<py::tuple>();
    if (entry.size() != 2 && entry.size() != 3) raise(tensor + ": expected (buffer, sizes) or (buffer, sizes, strides)");
    auto& b = t[k];
    b.present = true;
    b.array = py::array::ensure(entry[0]);
    if (!b.array) raise(tensor + ": the buffer cannot be read as a numpy array");
    if (!(b.array.flags() & py::array::c_style)) raise(tensor + ": the buffer must be a C-contiguous array");
    if (k + 1 == n_tensors && !b.array.writeable()) raise(tensor + ": the output buffer is read-only");
    b.type = checked_type_of(b.array.dtype(), tensor);
    const auto sizes = entry[1].cast<std::vector<std::uint32_t>>();
    if (sizes.empty() || sizes.size() > max_rank) {
      raise(tensor + ".DimensionCount: must be 1 to 8, got " + std::to_string(sizes.size()));
    }
    const bool strided = entry.size() == 3 && !entry[2].is_none();
    std::vector<std::uint32_t> strides;
    if (strided) {
      strides = entry[2].cast<std::vector<std::uint32_t>>();
      if (strides.size() != sizes.size()) raise(tensor + ".Strides: one stride per size");
    }
    std::copy(sizes.begin(), sizes.end(), b.sizes.begin());
    std::copy(strides.begin(), strides.end(), b.strides.begin());
    const auto rank = static_cast<std::uint32_t>(sizes.size());
    const auto total = dmlref::calc_buffer_tensor_size(b.type, rank, b.sizes.data(), strided ? b.strides.data() : nullptr);
    b.buffer = {static_cast<dml::DML_TENSOR_DATA_TYPE>(b.type), dml::DML_TENSOR_FLAG_NONE, rank, b.sizes.data(),
                strided ? b.strides.data() : nullptr, total.value_or(0), 0};
    b.desc = {dml::DML_TENSOR_TYPE_BUFFER, &b.buffer};
    descs[k] = &b.desc;
    bytes[k] = static_cast<std::uint64_t>(b.array.nbytes());
  }
  const dml::descriptor_storage desc(schema, descs.data(), read_attributes(schema, attribute_dict));
  const dml::DML_OPERATOR_DESC& op_desc = desc.op();
  std::array<dml::input_binding, max_tensors> inputs{};
  for (std::size_t k = 0; k + 1 < n_tensors; ++k) {
    if (t[k].present) inputs[k] = {t[k].array.data(), bytes[k]};
  }
  auto& o = t[n_tensors - 1];
  const dml::output_binding outputs[1] = {{o.present ? o.array.mutable_data() : nullptr, bytes[n_tensors - 1]}};
  status s;
  {
    py::gil_scoped_release release;
    s = fast ? dml::execute(dmlref::fast.threads(threads), static_cast<dml::DML_FEATURE_LEVEL>(level), op_desc,
                            inputs.data(), n_tensors - 1, outputs, 1)
             : dml::execute(dmlref::golden.threads(threads), static_cast<dml::DML_FEATURE_LEVEL>(level), op_desc,
                            inputs.data(), n_tensors - 1, outputs, 1);
  }
  if (!s.ok()) raise(s);
  return o.array;
}

// ---- the comparator ---------------------------------------------------------------------------

using comparable_elements = dmlref::type_list<float, dmlref::float16, std::int8_t, std::int16_t, std::int32_t,
                                              std::int64_t, std::uint8_t, std::uint16_t, std::uint32_t, std::uint64_t>;

py::dict element_dict(const oracle::element_report& e) {
  py::dict d;
  if (!e.present) return d;
  d["index"] = py::tuple(py::cast(std::vector<std::uint32_t>(e.index.begin(), e.index.begin() + e.rank)));
  d["expected"] = e.expected;
  d["actual"] = e.actual;
  d["expected_bits"] = e.expected_bits;
  d["actual_bits"] = e.actual_bits;
  d["ulps"] = e.ulps;
  d["nan_mismatch"] = e.nan_mismatch;
  d["zero_sign_mismatch"] = e.zero_sign_mismatch;
  d["infinity_mismatch"] = e.infinity_mismatch;
  return d;
}

py::object greatest_value(const oracle::greatest_difference& g) {
  if (!g.present) return py::none();
  return py::float_(g.infinite ? std::numeric_limits<double>::infinity() : g.value);
}

py::object greatest_index(const oracle::greatest_difference& g) {
  if (!g.present) return py::none();
  return py::tuple(py::cast(std::vector<std::uint32_t>(g.index.begin(), g.index.begin() + g.rank)));
}

/// "InputTensor 2.5, ExponentTensor 3": the inputs (name, array of the compared shape, any
/// strides) at a reported element, each value as oracle::value_text writes it.
std::string inputs_text(const py::list& inputs, const oracle::element_report& at) {
  std::string text;
  if (!at.present) return text;
  for (const auto& item : inputs) {
    const auto pair = item.cast<py::tuple>();
    const auto a = pair[1].cast<py::array>();
    std::int64_t offset = 0;
    for (py::ssize_t d = 0; d < a.ndim() && static_cast<std::uint32_t>(d) < at.rank; ++d) {
      offset += static_cast<std::int64_t>(at.index[static_cast<std::size_t>(d)]) * a.strides(d);
    }
    const auto* bytes = static_cast<const unsigned char*>(a.data()) + offset;
    std::string value;
    dmlref::visit_type(type_of(a.dtype()), comparable_elements{}, [&](auto tag) {
      using T = typename decltype(tag)::type;
      T x{};
      std::memcpy(&x, bytes, sizeof x);
      value = oracle::value_text(x);
      return true;
    });
    if (value.empty()) continue;
    text.append(text.empty() ? "" : ", ").append(pair[0].cast<std::string>() + " " + value);
  }
  return text;
}

/// Compares actual against expected (same dtype and shape) element by element under the
/// comparator's rules; defined (a bool array of the same shape, or None) marks the elements
/// compared; inputs ((DirectML name, array broadcast to the shape) pairs, possibly none) are
/// named at the first and worst mismatch, and note (a callable taking an element's index
/// tuple, or None) gives the note shown there. Returns the report's fields and text as a dict.
py::dict compare(const py::array& expected_in, const py::array& actual_in, const py::object& defined_in,
                 const std::string& tol_kind, std::uint64_t tol_ulps, const std::string& nans,
                 const std::string& zeros, double floor, const py::list& inputs, const py::object& note) {
  const data_type type = checked_type_of(expected_in.dtype(), "expected");
  if (checked_type_of(actual_in.dtype(), "actual") != type) {
    raise("actual.DataType: " + std::string(dmlref::name(checked_type_of(actual_in.dtype(), "actual"))) +
          " against expected " + std::string(dmlref::name(type)));
  }
  if (shape_of(expected_in) != shape_of(actual_in)) {
    raise("actual.Sizes: shape " + shape_text(shape_of(actual_in)) + " against expected " +
          shape_text(shape_of(expected_in)));
  }
  if (expected_in.ndim() > static_cast<py::ssize_t>(max_rank)) raise("actual.DimensionCount: must be 1 to 8");
  const py::module_ np = py::module_::import("numpy");
  const py::array expected = np.attr("ascontiguousarray")(expected_in);
  const py::array actual = addressable(actual_in) ? actual_in : py::array(np.attr("ascontiguousarray")(actual_in));
  py::array_t<bool> defined;
  if (!defined_in.is_none()) {
    defined = np.attr("ascontiguousarray")(defined_in, "bool");
    if (shape_of(defined) != shape_of(expected)) raise("defined: must have the shape of expected");
  }
  oracle::compare_options options;
  if (tol_kind == "exact") options.tol = dmlref::tolerance::exact();
  else if (tol_kind == "ulp") options.tol = dmlref::tolerance::ulp(tol_ulps);
  else raise("tolerance: '" + tol_kind + "' is neither 'exact' nor 'ulp'");
  if (nans == "any") options.nans = oracle::nan_rule::any_nan;
  else if (nans == "same-bits") options.nans = oracle::nan_rule::same_bits;
  else raise("nan: '" + nans + "' is neither 'any' nor 'same-bits'");
  if (zeros == "either") options.zeros = oracle::zero_rule::either_sign;
  else if (zeros == "same-sign") options.zeros = oracle::zero_rule::same_sign;
  else raise("zeros: '" + zeros + "' is neither 'either' nor 'same-sign'");
  options.absolute_floor = floor;

  const auto rank = std::max<std::uint32_t>(1, static_cast<std::uint32_t>(actual.ndim()));
  std::array<std::uint32_t, max_rank> sizes{};
  dmlref::element_strides strides{};
  sizes[0] = 1;
  for (py::ssize_t d = 0; d < actual.ndim(); ++d) {
    sizes[static_cast<std::size_t>(d)] = static_cast<std::uint32_t>(actual.shape(d));
    strides[static_cast<std::size_t>(d)] =
        actual.shape(d) > 1 ? static_cast<std::uint64_t>(actual.strides(d) / actual.itemsize()) : 0;
  }
  oracle::report rep;
  const bool* mask = defined_in.is_none() ? nullptr : defined.data();
  dmlref::visit_type(type, comparable_elements{}, [&](auto tag) {
    using T = typename decltype(tag)::type;
    const auto* e = static_cast<const T*>(expected.data());
    const auto* a = static_cast<const T*>(actual.data());
    py::gil_scoped_release release;
    rep = oracle::compare(e, mask, a, strides, rank, sizes.data(), options);
    return true;
  });
  if (rep.type == data_type::unknown) raise("expected.DataType: " + std::string(dmlref::name(type)) + " is not compared");
  py::dict d;
  d["passed"] = rep.pass;
  d["dtype"] = std::string(dmlref::name(rep.type));
  d["tolerance"] = rep.tol.kind == dmlref::tolerance::metric::exact ? py::object(py::str("exact"))
                                                                    : py::object(py::int_(rep.tol.ulps));
  d["compared"] = rep.compared;
  d["mismatches"] = rep.mismatches;
  d["skipped"] = rep.skipped;
  d["nan_mismatches"] = rep.nan_mismatches;
  d["zero_sign_mismatches"] = rep.zero_sign_mismatches;
  d["infinity_mismatches"] = rep.infinity_mismatches;
  d["max_ulps"] = rep.max_ulps;
  d["first"] = element_dict(rep.first);
  d["worst"] = element_dict(rep.worst);
  py::dict histogram;
  for (std::size_t b = 0; b < rep.histogram.counts.size(); ++b) {
    if (rep.histogram.counts[b] != 0) histogram[py::str(oracle::ulp_histogram::label(b))] = rep.histogram.counts[b];
  }
  d["histogram"] = histogram;
  d["mismatched_share"] = rep.mismatched_share();
  d["max_abs_diff"] = greatest_value(rep.max_absolute);
  d["max_abs_diff_index"] = greatest_index(rep.max_absolute);
  d["max_rel_diff"] = greatest_value(rep.max_relative);
  d["max_rel_diff_index"] = greatest_index(rep.max_relative);
  const auto note_at = [&](const oracle::element_report& at) {
    if (note.is_none() || !at.present) return std::string();
    return note(py::tuple(py::cast(std::vector<std::uint32_t>(at.index.begin(), at.index.begin() + at.rank))))
        .cast<std::string>();
  };
  const oracle::mismatch_context first{inputs_text(inputs, rep.first), note_at(rep.first)};
  const oracle::mismatch_context worst{inputs_text(inputs, rep.worst), note_at(rep.worst)};
  if (rep.first.present) d["first"]["note"] = first.note;
  if (rep.worst.present) d["worst"]["note"] = worst.note;
  d["text"] = oracle::detailed_text(rep, first, worst);
  return d;
}

/// The note of the choice marked [unverified] that an element's result rests on, "" for none
/// (ops/unverified.hpp): op's name, its attributes as run() takes them, the tensors' dtypes
/// (inputs in descriptor order, None for an absent one, then the output's) and the element's
/// inputs as floats in the same order.
std::string unverified_note(const std::string& op, const py::dict& attributes, const py::list& dtypes,
                            const std::vector<double>& inputs) {
  const auto* schema = dml::find_schema(find_operator(op));
  const auto a = read_attributes(*schema, attributes);
  ops::operation_types types;
  for (std::size_t k = 0; k < dtypes.size() && k < types.type.size(); ++k) {
    if (dtypes[k].is_none()) continue;
    types.type[k] = type_of(py::dtype::from_args(dtypes[k]));
    types.present[k] = true;
  }
  types.scale_bias = a.scale_bias().has_value();
  const char* note = ops::unverified_note(a, types, inputs.data());
  return note != nullptr ? note : "";
}

// ---- the registry, for the Python side ------------------------------------------------------------

/// What Python knows of one operator: its names, tensor slots, attributes, in-place rule and level.
py::dict operator_info(const dml::operator_schema& schema, bool in_place) {
  py::dict d;
  d["dml_name"] = std::string(schema.name);
  d["name"] = python_name(schema.name);
  py::list slots, attributes;
  for (std::size_t k = 0; k < schema.field_count; ++k) {
    const auto& f = schema.fields[k];
    if (f.kind == dml::field_kind::attribute) {
      py::dict a;
      a["name"] = std::string(f.name);
      a["type"] = std::string(f.type_name);
      a["optional"] = f.optional;
      a["scale_bias"] = f.type == dml::field_type::scale_bias;
      attributes.append(a);
    } else {
      slots.append(py::make_tuple(std::string(f.name), f.optional));
    }
  }
  d["tensors"] = slots;
  d["attributes"] = attributes;
  d["in_place"] = in_place;
  d["introduced"] = std::string(dmlref::name(static_cast<feature_level>(schema.introduced)));
  return d;
}

py::list operators() {
  py::list list;
  ops::for_each_operator([&](auto tag) {
    using Op = typename decltype(tag)::type;
    list.append(operator_info(ops::schema_of<Op>(), Op::allows_in_place));
  });
  return list;
}

/// Seconds taken by each of repeats calls of dml::execute on the golden path (one thread)
/// over packed C-contiguous arrays (inputs in slot order, absent optional ones None): the C++
/// call the Python functions wrap, for the benchmark, from the same build.
std::vector<double> time_execute(const std::string& op, const std::vector<py::object>& arrays, const py::array& out,
                                 int repeats) {
  std::vector<double> seconds;
  const dml::operator_schema& schema = *dml::find_schema(find_operator(op));
  std::vector<dml::attribute_values> (*samples_for)(const ops::operation_types&) = nullptr;
  ops::with_operator(schema.type, [&](auto tag) {
    samples_for = [](const ops::operation_types& types) {
      return ops::attribute_samples_of<typename decltype(tag)::type>(types);
    };
  });
  const std::size_t n = ops::detail::count_tensors(schema);
  if (arrays.size() != n - 1) raise("time_execute: one array per input slot");
  std::array<tensor_binding, max_tensors> t{};
  std::array<const dml::DML_TENSOR_DESC*, max_tensors> descs{};
  std::array<dml::input_binding, max_tensors> inputs{};
  for (std::size_t k = 0; k < n; ++k) {
    const py::object& obj = k + 1 < n ? arrays[k] : static_cast<const py::object&>(out);
    if (obj.is_none()) continue;
    auto& b = t[k];
    b.present = true;
    b.array = py::reinterpret_borrow<py::array>(obj);
    if (!(b.array.flags() & py::array::c_style)) raise("time_execute: C-contiguous arrays only");
    const std::string tensor = ops::detail::tensor_field(schema, k).name;
    b.type = checked_type_of(b.array.dtype(), tensor);
    const auto shape = shape_of(b.array);
    describe(b, shape, std::max<std::uint32_t>(1, static_cast<std::uint32_t>(shape.size())), tensor);
    b.buffer.Strides = nullptr;  // packed, as a C++ caller writes it
    descs[k] = &b.desc;
    if (k + 1 < n) inputs[k] = {b.array.data(), b.buffer.TotalTensorSizeInBytes};
  }
  ops::operation_types types;  // the operator's first attribute sample for these types
  for (std::size_t k = 0; k < n; ++k) {
    types.type[k] = t[k].type;
    types.present[k] = t[k].present;
  }
  const dml::descriptor_storage desc(schema, descs.data(), samples_for(types).front());
  const dml::DML_OPERATOR_DESC& op_desc = desc.op();
  const dml::output_binding outputs[1] = {{t[n - 1].array.mutable_data(), t[n - 1].buffer.TotalTensorSizeInBytes}};
  py::gil_scoped_release release;
  for (int i = 0; i < repeats; ++i) {
    const auto start = std::chrono::steady_clock::now();
    const status s =
        dml::execute(dmlref::golden.threads(1), dml::DML_FEATURE_LEVEL_6_4, op_desc, inputs.data(), n - 1, outputs, 1);
    const auto stop = std::chrono::steady_clock::now();
    if (!s.ok()) {
      py::gil_scoped_acquire acquire;
      raise(s);
    }
    seconds.push_back(std::chrono::duration<double>(stop - start).count());
  }
  return seconds;
}

}  // namespace

PYBIND11_MODULE(_dmlref, m) {
  m.doc() = "dmlref's compiled core; use the package dmlref";
  m.attr("version") = std::string(DMLREF_VERSION_STRING);
  m.attr("max_threads") = dmlref::max_threads;
  m.attr("fast_kernels") = std::string(dmlref::dml::name_of(dmlref::dml::selected_isa_variant()));
  m.attr("min_elements_per_thread") = dmlref::min_elements_per_thread;
  m.def(
      "find_operator", [](const std::string& name) { return std::string(dml::find_schema(find_operator(name))->name); },
      py::arg("name"), "The DirectML name of an implemented operator; ValueError naming why not otherwise.");
  m.def("operators", &operators, "Each operator of the registry: names, tensor slots, attributes.");
  m.def(
      "directml_operators",
      [] {
        std::vector<std::string> names;
        for (const auto& s : dml::element_wise_operators) names.emplace_back(s.name);
        return names;
      },
      "The DirectML names of every element-wise operator of the schema, computed or not.");
  m.def(
      "run",
      [](const std::string& op, const std::vector<py::object>& inputs, const py::object& out, const py::object& dtype,
         const py::dict& attributes, const std::string& path, const py::object& level, bool golden_extras,
         const py::object& threads) {
        run_request r;
        r.threads = parse_threads(threads);
        r.inputs = inputs;
        r.out = out;
        r.dtype = dtype;
        r.attributes = attributes;
        r.path = path;
        r.level = level;
        r.golden_extras = golden_extras;
        const run_result result = run(op, r);
        if (!golden_extras) return py::object(result.out);
        const py::object tol = result.tol.kind == dmlref::tolerance::metric::exact
                                   ? py::object(py::str("exact"))
                                   : py::object(py::int_(result.tol.ulps));
        return py::object(py::make_tuple(result.out, result.defined, tol));
      },
      py::arg("op"), py::arg("inputs"), py::arg("out") = py::none(), py::arg("dtype") = py::none(),
      py::arg("attributes") = py::dict(), py::arg("path") = "golden", py::arg("feature_level") = py::none(), py::arg("golden_extras") = false,
      py::arg("threads") = 1);
  m.def("execute", &execute, py::arg("op"), py::arg("tensors"), py::arg("feature_level") = py::none(),
        py::arg("path") = "golden", py::arg("attributes") = py::dict(), py::arg("threads") = 1);
  m.def("compare", &compare, py::arg("expected"), py::arg("actual"), py::arg("defined"), py::arg("tolerance_kind"),
        py::arg("tolerance_ulps"), py::arg("nan"), py::arg("zeros"), py::arg("floor"), py::arg("inputs") = py::list(),
        py::arg("note") = py::none());
  m.def("unverified_note", &unverified_note, py::arg("op"), py::arg("attributes"), py::arg("dtypes"), py::arg("inputs"));
  m.def("time_execute", &time_execute, py::arg("op"), py::arg("inputs"), py::arg("out"), py::arg("repeats"));
  m.def("stats", [] {
    py::dict d;
    d["input_copies"] = stats.input_copies;
    d["last_bindings"] = stats.last_bindings;
    return d;
  });
}
