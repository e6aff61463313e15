#pragma once

#include <yaml-cpp/yaml.h>

#include <string>
#include <vector>

#include "lesson/KindSpec.h"
#include "numeric/FloatFormat.h"

namespace mlsyslab::lesson::kinds {

// ```sim float-compare: one decimal stored in several float formats, side by side.
// Its fields, defaults and values: floatCompareKind() below (and docs/lesson-format.md).
struct FloatCompareState {
    std::string valueText = "0.1";
    std::vector<numeric::FloatFormat> formats;  // in the order the lesson lists them

    FloatCompareState();
    friend bool operator==(const FloatCompareState&, const FloatCompareState&) = default;
};

const KindSpec<FloatCompareState>& floatCompareKind();

}  // namespace mlsyslab::lesson::kinds
