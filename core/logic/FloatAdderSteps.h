#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "common/Concat.h"
#include "logic/FloatAdder.h"
#include "logic/FloatDatapath.h"
#include "numeric/FloatDecode.h"

namespace mlsyslab::logic {

// Turns the numbers of one addition into the explained steps of its trace: each step copies
// the one before and changes what its stage changes.
std::vector<FloatAdderStep> buildFloatAdderSteps(const numeric::FloatFormat& format,
                                                 const DatapathRecord& record, std::uint64_t aBits,
                                                 std::uint64_t bBits);

// Small text pieces the step explanations share.
namespace step_text {

inline std::string number(long long value) { return std::to_string(value); }
inline std::string bitText(bool bit) { return bit ? "1" : "0"; }
inline std::string signText(bool negative) { return negative ? "-" : "+"; }
// The pattern's value as `format decode` prints it: "3.75", "-0", "inf", "nan".
inline std::string valueText(const numeric::FloatFormat& format, std::uint64_t bits) {
    return numeric::floatValueText(format, numeric::decodeFloat(format, bits).value);
}

}  // namespace step_text

// The last three stages, each from the step before (FloatAdderFinishSteps.cpp).
FloatAdderStep normalizeStep(const numeric::FloatFormat& format, const DatapathRecord& record,
                             FloatAdderStep step);
FloatAdderStep roundStep(const numeric::FloatFormat& format, const DatapathRecord& record,
                         FloatAdderStep step);
FloatAdderStep packStep(const numeric::FloatFormat& format, const DatapathRecord& record,
                        FloatAdderStep step);

}  // namespace mlsyslab::logic
