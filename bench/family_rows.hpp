#pragma once
// Rows of every operator of the registry that bench/dmlref_bench.cpp has no hand-written rows
// for (bench/family_rows.cpp says what they measure).

#include <string>
#include <vector>

namespace dmlref_bench {

/// Registers <op>/<golden|fast|memcpy>/<dtype>/contiguous/-/<elements> for every operator of
/// the registry whose bench name (DirectML's name without ELEMENT_WISE_, in lower case) is not
/// in hand_written, at every first-input data type its support table admits at the newest
/// feature level. Nothing is generated until a row runs.
void register_family_rows(const std::vector<std::string>& hand_written);

}  // namespace dmlref_bench
