#pragma once
// An implemented operator's support table as the registry holds it, for describe: every
// instantiation of its dispatch (ops/instantiations.hpp) is put to its support rule
// (Op::check_support) at every feature level from the one it appeared in; the dimension
// counts are those check_dimension_count allows with the operator's own bound; the optional
// tensors, in place and ScaleBias are read from its traits and its schema. Nothing is listed
// by hand here: a change to a support table changes what describe prints.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "dmlref/core/data_type.hpp"
#include "dmlref/core/feature_level.hpp"
#include "dmlref/dml/schema.hpp"
#include "dmlref/ops/instantiations.hpp"
#include "dmlref/ops/operator_traits.hpp"
#include "dmlref/ops/support.hpp"

namespace dmlref_eval {

/// One data type per tensor group: a combination of types an operation may bind.
using type_combination = std::vector<dmlref::data_type>;
/// One type set per tensor group: every choice of one type from each set is accepted.
using type_product = std::vector<std::vector<dmlref::data_type>>;

struct support_description {
  std::vector<std::vector<std::size_t>> groups;  // tensor indices that always share one data type
  struct types_row {
    dmlref::feature_level since;
    std::vector<type_product> accepted;        // every combination accepted from this level on
    std::vector<type_product> added, removed;  // those this level adds and drops
  };
  std::vector<types_row> types;
  struct dimensions_row {
    dmlref::feature_level since;
    std::uint32_t least, most;
  };
  std::vector<dimensions_row> dimensions;
  struct optional_tensor {
    std::size_t tensor;
    dmlref::feature_level since;  // the first level at which it may be null
  };
  std::vector<optional_tensor> optional_tensors;
  std::vector<std::size_t> in_place;  // the inputs the output may alias
  bool scale_bias = false;            // the descriptor has an optional ScaleBias
};

namespace detail_support {

/// The order types are listed in: floats, then integers from the widest signed of 32 bits down,
/// then 64 bits.
inline int rank(dmlref::data_type t) {
  using dmlref::data_type;
  constexpr data_type order[] = {data_type::float32, data_type::float16, data_type::float64, data_type::int32,
                                 data_type::int16,   data_type::int8,    data_type::uint32,  data_type::uint16,
                                 data_type::uint8,   data_type::int64,   data_type::uint64,  data_type::int4,
                                 data_type::uint4};
  return static_cast<int>(std::find(std::begin(order), std::end(order), t) - std::begin(order));
}

struct by_rank {
  bool operator()(const type_combination& a, const type_combination& b) const {
    return std::lexicographical_compare(a.begin(), a.end(), b.begin(), b.end(),
                                        [](auto x, auto y) { return rank(x) < rank(y); });
  }
};
using combination_set = std::set<type_combination, by_rank>;

/// The combinations of s as few products as merging two that differ in one set finds.
inline std::vector<type_product> products_of(const combination_set& s) {
  std::vector<type_product> products;
  for (const auto& c : s) {
    type_product p;
    for (const auto t : c) p.push_back({t});
    products.push_back(std::move(p));
  }
  for (bool merged = true; merged;) {
    merged = false;
    for (std::size_t i = 0; i < products.size() && !merged; ++i) {
      for (std::size_t j = i + 1; j < products.size() && !merged; ++j) {
        std::size_t differing = 0, at = 0;
        for (std::size_t g = 0; g < products[i].size(); ++g) {
          if (products[i][g] != products[j][g]) ++differing, at = g;
        }
        if (differing != 1) continue;
        auto& into = products[i][at];
        into.insert(into.end(), products[j][at].begin(), products[j][at].end());
        std::sort(into.begin(), into.end(), [](auto x, auto y) { return rank(x) < rank(y); });
        products.erase(products.begin() + static_cast<std::ptrdiff_t>(j));
        merged = true;
      }
    }
  }
  return products;
}

inline combination_set minus(const combination_set& a, const combination_set& b) {
  combination_set out;
  std::set_difference(a.begin(), a.end(), b.begin(), b.end(), std::inserter(out, out.end()), by_rank{});
  return out;
}

}  // namespace detail_support

template <class Op>
support_description support_of() {
  namespace ops = dmlref::ops;
  using dmlref::feature_level;
  constexpr std::size_t n = ops::tensor_count_of<Op>;
  support_description d;
  // The dispatch's operands are the output, then the inputs; tensors are in schema order.
  std::vector<type_combination> candidates;
  for (const auto& operands : ops::instantiations_of<Op>()) {
    if (operands.size() != n) continue;
    type_combination c(operands.begin() + 1, operands.end());
    c.push_back(operands.front());
    if (std::find(candidates.begin(), candidates.end(), c) == candidates.end()) candidates.push_back(c);
  }
  const auto types_of = [](const type_combination& c) {
    ops::operation_types t;
    for (std::size_t k = 0; k < c.size(); ++k) t.type[k] = c[k], t.present[k] = true;
    return t;
  };
  std::vector<feature_level> levels;
  for (const auto level : dmlref::all_feature_levels) {
    if (at_least(level, ops::introduced_of<Op>)) levels.push_back(level);
  }
  std::vector<std::vector<type_combination>> accepted(levels.size());
  for (std::size_t l = 0; l < levels.size(); ++l) {
    for (const auto& c : candidates) {
      if (Op::check_support(levels[l], types_of(c)).ok()) accepted[l].push_back(c);
    }
  }

  // Groups: tensors whose types are equal in every accepted combination, where more than one
  // type is accepted (a tensor of one fixed type stands alone).
  std::vector<bool> grouped(n, false);
  for (std::size_t i = 0; i < n; ++i) {
    if (grouped[i]) continue;
    std::vector<std::size_t> group{i};
    std::set<dmlref::data_type> seen;
    for (const auto& level : accepted) {
      for (const auto& c : level) seen.insert(c[i]);
    }
    for (std::size_t j = i + 1; j < n && seen.size() > 1; ++j) {
      bool equal = !grouped[j];
      for (const auto& level : accepted) {
        for (const auto& c : level) equal = equal && c[i] == c[j];
      }
      if (equal) group.push_back(j), grouped[j] = true;
    }
    d.groups.push_back(group);
  }

  detail_support::combination_set previous;
  for (std::size_t l = 0; l < levels.size(); ++l) {
    detail_support::combination_set now;
    for (const auto& c : accepted[l]) {
      type_combination projected;
      for (const auto& g : d.groups) projected.push_back(c[g.front()]);
      now.insert(projected);
    }
    if (now != previous) {
      d.types.push_back({levels[l], detail_support::products_of(now),
                         detail_support::products_of(detail_support::minus(now, previous)),
                         detail_support::products_of(detail_support::minus(previous, now))});
    }
    previous = std::move(now);
  }

  for (const auto level : levels) {
    support_description::dimensions_row row{level, 0, 0};
    for (std::uint32_t rank = 0; rank <= 16; ++rank) {
      if (!ops::check_dimension_count(level, rank, ops::name_of<Op>, ops::most_dimensions_before_3_0_of<Op>()).ok()) continue;
      if (row.least == 0) row.least = rank;
      row.most = rank;
    }
    if (d.dimensions.empty() || d.dimensions.back().least != row.least || d.dimensions.back().most != row.most) {
      d.dimensions.push_back(row);
    }
  }

  for (std::size_t k = 0; k + 1 < n; ++k) {
    if (!ops::tensor_field_of<Op>(k).optional) continue;
    for (std::size_t l = 0; l < levels.size(); ++l) {
      const bool may_be_null = std::any_of(accepted[l].begin(), accepted[l].end(), [&](const auto& c) {
        auto t = types_of(c);
        t.present[k] = false;
        return Op::check_support(levels[l], t).ok();
      });
      if (may_be_null) {
        d.optional_tensors.push_back({k, levels[l]});
        break;
      }
    }
  }
  for (std::size_t k = 0; k + 1 < n; ++k) {
    if (((ops::in_place_inputs_of<Op>() >> k) & 1u) != 0) d.in_place.push_back(k);
  }
  const auto& schema = ops::schema_of<Op>();
  for (std::size_t k = 0; k < schema.field_count; ++k) {
    d.scale_bias = d.scale_bias || schema.fields[k].type == dmlref::dml::field_type::scale_bias;
  }
  return d;
}

/// The support description as describe's JSON writes it (docs/case-format.md, "support").
template <class Op>
nlohmann::ordered_json support_json() {
  const auto d = support_of<Op>();
  const auto tensor = [](std::size_t k) { return std::string(dmlref::ops::tensor_field_of<Op>(k).name); };
  const auto level = [](dmlref::feature_level l) { return std::string(dmlref::name(l)); };
  const auto products = [](const std::vector<type_product>& ps) {
    nlohmann::ordered_json out = nlohmann::ordered_json::array();
    for (const auto& p : ps) {
      nlohmann::ordered_json sets = nlohmann::ordered_json::array();
      for (const auto& set : p) {
        nlohmann::ordered_json names = nlohmann::ordered_json::array();
        for (const auto t : set) names.push_back(std::string(dmlref::name(t)));
        sets.push_back(std::move(names));
      }
      out.push_back(std::move(sets));
    }
    return out;
  };
  nlohmann::ordered_json j;
  j["groups"] = nlohmann::ordered_json::array();
  for (const auto& g : d.groups) {
    nlohmann::ordered_json names = nlohmann::ordered_json::array();
    for (const auto k : g) names.push_back(tensor(k));
    j["groups"].push_back(std::move(names));
  }
  j["types"] = nlohmann::ordered_json::array();
  for (const auto& row : d.types) {
    nlohmann::ordered_json r = {
        {"since", level(row.since)}, {"accepted", products(row.accepted)}, {"added", products(row.added)}};
    if (!row.removed.empty()) r["removed"] = products(row.removed);
    j["types"].push_back(std::move(r));
  }
  j["dimensions"] = nlohmann::ordered_json::array();
  for (const auto& row : d.dimensions) {
    j["dimensions"].push_back({{"since", level(row.since)}, {"least", row.least}, {"most", row.most}});
  }
  j["optionalTensors"] = nlohmann::ordered_json::array();
  for (const auto& o : d.optional_tensors) j["optionalTensors"].push_back({{"name", tensor(o.tensor)}, {"since", level(o.since)}});
  j["inPlace"] = nlohmann::ordered_json::array();
  for (const auto k : d.in_place) j["inPlace"].push_back(tensor(k));
  j["scaleBias"] = d.scale_bias ? "optional" : "none";
  return j;
}

}  // namespace dmlref_eval
