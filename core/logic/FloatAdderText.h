#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "logic/FloatAdder.h"

namespace mlsyslab::logic {

// How the floating-point adder's registers read as text, shared by the step explanations,
// the CLI and the views, so they all write a significand the same way.

// The whole register, every bit: the carry bit (only when set, or when `withCarry`), the hidden
// bit, a point, the mantissa, then "|" and guard, round, sticky. FP16 2.5: "1.0100000000|000";
// a sum with its carry set: "10.0110000000|000".
std::string significandRegisterText(const SignificandLayout& layout, std::uint64_t significand,
                                    bool withCarry = false);

// The value in binary as a person writes it: no trailing zeros, at least one digit after the
// point. FP16 2.5: "1.01"; shifted right by one: "0.101"; a carry: "10.1".
std::string significandBinaryText(const SignificandLayout& layout, std::uint64_t significand);

// "1.01 × 2^1", "0.01 × 2^-14" (UTF-8 multiplication sign), with an optional "-" in front.
std::string binaryScientificText(const SignificandLayout& layout, std::uint64_t significand,
                                 int exponent, bool negative = false);

// The exponent field in binary, exponentBits digits: FP16 16 is "10000".
std::string exponentFieldText(const numeric::FloatFormat& format, std::uint32_t exponentField);

// "unpack", "compare-and-swap", "align", "add-significands", "normalize", "round", "pack",
// "special": the stage as the CLI's --steps and --json name it.
std::string_view floatAdderStageKey(FloatAdderStage stage);
// "none", "nan-operand", "inf-minus-inf", "inf-operand".
std::string_view specialCaseKey(SpecialCase specialCase);

// Every step of a trace as text, the body of `logic fpadd --steps` (docs/cli.md) and of the
// golden trace files: per step a header line, the title, the explanation, the operand and
// result registers, and the stage's own fields, e.g.
//   step 3 of 7: align (seed step 2)
//     title: Align: shift B right by 1
//     explanation: Exponents differ by 1: shift 1.01 × 2^0 right by 1 to 0.101 × 2^1. ...
//     first: sign 0, exponent 16 (2^1), significand 1.0100000000|000, normal
//     second: sign 0, exponent 16 (2^1), significand 0.1010000000|000, normal
//     align: difference 1, shift 1
std::string floatAdditionStepsText(const FloatAdditionTrace& trace);

}  // namespace mlsyslab::logic
