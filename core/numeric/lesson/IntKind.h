#pragma once

#include <yaml-cpp/yaml.h>

#include <optional>
#include <string_view>
#include <vector>

#include "lesson/KindSpec.h"
#include "numeric/BitPattern.h"
#include "numeric/IntegerArithmetic.h"

namespace mlsyslab::lesson::kinds {

// ```sim int: one operation on two registers of a width, with its flags and the wrap-around.
// Its fields, defaults and values: intKind() below (and docs/lesson-format.md).
inline constexpr int kIntWidths[] = {4, 8, 16, 32, 64};

struct IntState {
    numeric::IntegerFormat format{8, numeric::Signedness::Signed};
    numeric::IntegerOperation operation = numeric::IntegerOperation::Add;
    numeric::BitPattern a{8, 0};
    numeric::BitPattern b{8, 1};

    friend bool operator==(const IntState& left, const IntState& right) {
        return left.format.width == right.format.width &&
               left.format.signedness == right.format.signedness &&
               left.operation == right.operation && left.a == right.a && left.b == right.b;
    }
};

// The lesson name of an operation ("add", "sub", "mul", "neg") and back.
std::string_view operationName(numeric::IntegerOperation operation);
std::optional<numeric::IntegerOperation> operationNamed(std::string_view name);



const KindSpec<IntState>& intKind();

}  // namespace mlsyslab::lesson::kinds
