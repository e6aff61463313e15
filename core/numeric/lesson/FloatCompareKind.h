#pragma once

#include <yaml-cpp/yaml.h>

#include <string>
#include <vector>

#include "lesson/KindSpec.h"
#include "numeric/FloatFormat.h"

namespace mlsyslab::lesson::kinds {

// ```sim float-compare: one decimal stored in several float formats, side by side.
//   value: a decimal like 0.1 or 100000, or inf / nan          (default 0.1)
//   formats: a list of formats, e.g. [fp16, bf16]              (default all six, most precise
//            first: fp32, tf32, fp16, bf16, fp8-e4m3, fp8-e5m2)
struct FloatCompareState {
    std::string valueText = "0.1";
    std::vector<numeric::FloatFormat> formats;  // in the order the lesson lists them

    FloatCompareState();
    friend bool operator==(const FloatCompareState&, const FloatCompareState&) = default;
};

const KindSpec<FloatCompareState>& floatCompareKind();

}  // namespace mlsyslab::lesson::kinds
