#pragma once

#include <yaml-cpp/yaml.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "common/Result.h"
#include "lesson/KindSpec.h"
#include "logic/AdderCircuits.h"

namespace mlsyslab::lesson::kinds {

// ```sim adder: an N-bit adder built from gates, stepped as its wires change.
// Its fields, defaults and values: adderKind() below (and docs/lesson-format.md).

// The simulator steps one time unit (gate delay) at a time, or one bit at a time: to the
// moment the next bit's sum and carry-out have settled.
enum class AdderStepMode { Time, Bits };

struct AdderState {
    logic::AdderKind adder = logic::AdderKind::RippleCarry;
    int width = 8;
    std::uint64_t a = 0;  // the W bits of A, read unsigned
    std::uint64_t b = 0;
    bool subtract = false;
    bool subtractToggle = false;
    AdderStepMode stepMode = AdderStepMode::Time;
    bool showCriticalPath = false;

    // Built as an adder/subtractor (B XOR sub, carry-in = sub) whenever it can subtract.
    bool needsSubtractor() const { return subtract || subtractToggle; }

    friend bool operator==(const AdderState&, const AdderState&) = default;
};

// "time" / "bits" and back.
std::string_view stepModeName(AdderStepMode mode);

// What a student or a lesson may write for an operand of `width` bits: a decimal number in the
// signed or the unsigned range (-128 to 255 at 8 bits; a negative one is stored in two's
// complement), or "0x..." hex or "0b..." binary digits that fit. The W bits, or a message that
// says why not, e.g. "300 does not fit in 8 bits (-128 to 255)".
Result<std::uint64_t> parseAdderOperand(std::string_view text, int width);


const KindSpec<AdderState>& adderKind();

}  // namespace mlsyslab::lesson::kinds
