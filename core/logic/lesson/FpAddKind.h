#pragma once

#include <yaml-cpp/yaml.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/Result.h"
#include "lesson/KindSpec.h"
#include "logic/FloatAdder.h"
#include "numeric/FloatFormat.h"

namespace mlsyslab::lesson::kinds {

// ```sim fp-add: the floating-point adder's steps (seed 001: compare exponents, align, add,
// normalize, round, between unpack and pack) for two numbers.
// Its fields, defaults and values: fpAddKind() below (and docs/lesson-format.md).

// One operand: its pattern, and the decimal it was typed as (nothing for a hex pattern), so a
// view can show what storing it lost and re-encode it in another format.
struct FpAddOperand {
    std::uint64_t bits = 0;
    std::optional<std::string> typedValue;

    friend bool operator==(const FpAddOperand&, const FpAddOperand&) = default;
};

struct FpAddState {
    numeric::FloatFormat format = numeric::kFp16;
    FpAddOperand a;
    FpAddOperand b;
    logic::FloatAdderStage openAt = logic::FloatAdderStage::Unpack;
    bool hardware = false;

    FpAddState();  // the seed's 2.5 + 1.25 in fp16
    friend bool operator==(const FpAddState&, const FpAddState&) = default;
};

// fp16 and fp32, the formats of the simulator, by their lesson names.
std::vector<std::string> fpAddFormatNames();
std::optional<numeric::FloatFormat> findFpAddFormat(std::string_view name);

// What a student or a lesson may write for an operand: a decimal number (or inf, nan), rounded
// to nearest even into the format, or "0x" and hex digits that fit the format. The operand, or
// a message that says why not, e.g. "'0x10000' does not fit in fp16's 16 bits (at most 0xFFFF)".
Result<FpAddOperand> parseFpAddOperand(const numeric::FloatFormat& format, std::string_view text);

// The operand in another format: a typed decimal is rounded again from what was typed; a
// pattern carries its exact value (every value of fp16 is one of fp32).
FpAddOperand convertFpAddOperand(const FpAddOperand& operand, const numeric::FloatFormat& from,
                                 const numeric::FloatFormat& to);

const KindSpec<FpAddState>& fpAddKind();

}  // namespace mlsyslab::lesson::kinds
