#include "logic/FloatAdderText.h"

#include <string>

#include "numeric/FloatDecode.h"

namespace mlsyslab::logic {

namespace {

char bitCharacter(std::uint64_t value, int bit) { return ((value >> bit) & 1) != 0 ? '1' : '0'; }

const char* flag(bool value) { return value ? "1" : "0"; }

// "sign 0, exponent 16 (2^1), significand 1.0100000000|000"
void appendRegister(std::string& text, const SignificandLayout& layout, bool negative,
                    int biasedExponent, int exponent, std::uint64_t significand, bool withCarry) {
    text.append("sign ").append(flag(negative));
    text.append(", exponent ").append(std::to_string(biasedExponent));
    text.append(" (2^").append(std::to_string(exponent)).append(")");
    text.append(", significand ").append(significandRegisterText(layout, significand, withCarry));
}

void appendOperand(std::string& text, const SignificandLayout& layout, std::string_view name,
                   const OperandFields& operand) {
    text.append("  ").append(name).append(": ");
    appendRegister(text, layout, operand.negative, operand.biasedExponent, operand.exponent,
                   operand.significand, false);
    text.append(", ").append(numeric::floatClassName(operand.floatClass)).append("\n");
}

// The fields only this stage sets.
void appendStageFields(std::string& text, const numeric::FloatFormat& format,
                       const FloatAdderStep& step) {
    switch (step.stage) {
        case FloatAdderStage::Unpack:
            return;
        case FloatAdderStage::CompareAndSwap:
            text.append("  compare: swapped ").append(flag(step.swapped));
            text.append(", subtract ").append(flag(step.subtract)).append("\n");
            return;
        case FloatAdderStage::Align:
            text.append("  align: difference ").append(std::to_string(step.exponentDifference));
            text.append(", shift ").append(std::to_string(step.alignShift)).append("\n");
            return;
        case FloatAdderStage::AddSignificands:
            text.append("  add: subtract ").append(flag(step.subtract));
            text.append(", carry out ").append(flag(step.carryOut)).append("\n");
            return;
        case FloatAdderStage::Normalize:
            text.append("  normalize: leading zeros ").append(std::to_string(step.leadingZeros));
            text.append(", shift ").append(std::to_string(step.normalizeShift));
            text.append(", stopped at subnormal ").append(flag(step.stoppedAtSubnormal));
            text.append(", exact zero ").append(flag(step.exactZero)).append("\n");
            return;
        case FloatAdderStage::Round:
            text.append("  round: guard ").append(flag(step.guard));
            text.append(", sticky ").append(flag(step.sticky));
            text.append(", last place ").append(flag(step.lastPlace));
            text.append(", rounded up ").append(flag(step.roundedUp));
            text.append(", carried out ").append(flag(step.roundingCarriedOut)).append("\n");
            return;
        case FloatAdderStage::Pack:
        case FloatAdderStage::Special:
            if (step.stage == FloatAdderStage::Special) {
                text.append("  special: ").append(specialCaseKey(step.specialCase)).append("\n");
            } else {
                text.append("  pack: overflow ").append(flag(step.overflow)).append("\n");
            }
            if (step.resultBits) {
                text.append("  bits: ").append(numeric::floatBitsText(format, *step.resultBits));
                text.append(" (").append(numeric::floatFieldsText(format, *step.resultBits));
                text.append(")\n");
            }
            return;
    }
}

}  // namespace

std::string significandRegisterText(const SignificandLayout& layout, std::uint64_t significand,
                                    bool withCarry) {
    std::string text;
    text.reserve(static_cast<std::size_t>(layout.registerWidth()) + 2);
    if (withCarry || bitCharacter(significand, layout.carryBit()) == '1') {
        text.push_back(bitCharacter(significand, layout.carryBit()));
    }
    text.push_back(bitCharacter(significand, layout.hiddenBit()));
    text.push_back('.');
    for (int bit = layout.hiddenBit() - 1; bit >= layout.lowestMantissaBit(); --bit) {
        text.push_back(bitCharacter(significand, bit));
    }
    text.push_back('|');
    for (int bit = SignificandLayout::kGuardBit; bit >= SignificandLayout::kStickyBit; --bit) {
        text.push_back(bitCharacter(significand, bit));
    }
    return text;
}

std::string significandBinaryText(const SignificandLayout& layout, std::uint64_t significand) {
    std::string text;
    if (bitCharacter(significand, layout.carryBit()) == '1') text.push_back('1');
    text.push_back(bitCharacter(significand, layout.hiddenBit()));
    text.push_back('.');
    const std::size_t point = text.size();
    for (int bit = layout.hiddenBit() - 1; bit >= 0; --bit) {
        text.push_back(bitCharacter(significand, bit));
    }
    const std::size_t lastOne = text.find_last_of('1');
    const std::size_t keep =
        lastOne == std::string::npos || lastOne < point ? point + 1 : lastOne + 1;
    text.resize(keep);
    return text;
}

std::string binaryScientificText(const SignificandLayout& layout, std::uint64_t significand,
                                 int exponent, bool negative) {
    std::string text = negative ? "-" : "";
    text.append(significandBinaryText(layout, significand))
        .append(" \u00D7 2^")
        .append(std::to_string(exponent));
    return text;
}

std::string exponentFieldText(const numeric::FloatFormat& format, std::uint32_t exponentField) {
    std::string text;
    for (int bit = format.exponentBits - 1; bit >= 0; --bit) {
        text.push_back(bitCharacter(exponentField, bit));
    }
    return text;
}

std::string_view floatAdderStageKey(FloatAdderStage stage) {
    switch (stage) {
        case FloatAdderStage::Unpack:
            return "unpack";
        case FloatAdderStage::CompareAndSwap:
            return "compare-and-swap";
        case FloatAdderStage::Align:
            return "align";
        case FloatAdderStage::AddSignificands:
            return "add-significands";
        case FloatAdderStage::Normalize:
            return "normalize";
        case FloatAdderStage::Round:
            return "round";
        case FloatAdderStage::Pack:
            return "pack";
        case FloatAdderStage::Special:
            return "special";
    }
    return "";
}

std::string_view specialCaseKey(SpecialCase specialCase) {
    switch (specialCase) {
        case SpecialCase::None:
            return "none";
        case SpecialCase::NanOperand:
            return "nan-operand";
        case SpecialCase::InfinityMinusInfinity:
            return "inf-minus-inf";
        case SpecialCase::InfinityOperand:
            return "inf-operand";
    }
    return "";
}

std::string floatAdditionStepsText(const FloatAdditionTrace& trace) {
    std::string text;
    const std::string total = std::to_string(trace.steps.size());
    for (std::size_t index = 0; index < trace.steps.size(); ++index) {
        const FloatAdderStep& step = trace.steps[index];
        text.append("step ").append(std::to_string(index + 1)).append(" of ").append(total);
        text.append(": ").append(floatAdderStageKey(step.stage));
        if (step.seedStep > 0) {
            text.append(" (seed step ").append(std::to_string(step.seedStep)).append(")");
        }
        text.append("\n  title: ").append(step.title);
        text.append("\n  explanation: ").append(step.explanation).append("\n");
        appendOperand(text, trace.layout, "first", step.first);
        appendOperand(text, trace.layout, "second", step.second);
        if (step.hasResult) {
            text.append("  result: ");
            appendRegister(text, trace.layout, step.result.negative, step.result.biasedExponent,
                           step.result.exponent, step.result.significand, true);
            text.append("\n");
        }
        appendStageFields(text, trace.format, step);
    }
    return text;
}

}  // namespace mlsyslab::logic
