#include "logic/FloatAdderSteps.h"

#include <string>
#include <string_view>

#include "logic/FloatAdderText.h"
#include "numeric/FloatDecode.h"

namespace mlsyslab::logic {

namespace {

using numeric::FloatClass;
using numeric::FloatFormat;
using namespace step_text;

OperandFields operandFields(const FloatFormat& format, const UnpackedOperand& operand) {
    OperandFields fields;
    fields.negative = operand.negative;
    fields.exponentField = operand.exponentField;
    fields.biasedExponent = operand.biasedExponent;
    fields.exponent = operand.biasedExponent - format.bias;
    fields.significand = operand.significand;
    fields.floatClass = operand.floatClass;
    return fields;
}

// "A = 0x4100: sign 0, exponent 10000 = 16 (16 - 15 = 1), mantissa 0100000000; with the
// implicit 1: 1.01 × 2^1."
std::string operandDescription(const FloatFormat& format, std::string_view name, std::uint64_t bits,
                               const UnpackedOperand& operand) {
    const SignificandLayout layout{format.mantissaBits};
    const auto decoded = numeric::decodeFloat(format, bits);
    const std::string fields = numeric::floatFieldsText(format, bits);
    std::string text =
        concat(name, " = ", numeric::floatBitsText(format, bits), " (", fields, "): ");
    const int exponent = operand.biasedExponent - format.bias;
    switch (operand.floatClass) {
        case FloatClass::Normal:
            return concat(
                text, "sign ", bitText(operand.negative), ", exponent ",
                number(operand.exponentField), " - ", number(format.bias), " = ", number(exponent),
                ", implicit 1: ",
                binaryScientificText(layout, operand.significand, exponent, operand.negative),
                " = ", valueText(format, bits), ".");
        case FloatClass::Subnormal:
            return concat(
                text, "exponent field 0, a subnormal: no implicit 1, exponent 1 - ",
                number(format.bias), " = ", number(exponent), ": ",
                binaryScientificText(layout, operand.significand, exponent, operand.negative),
                " = ", valueText(format, bits), ".");
        case FloatClass::Zero:
            return concat(text, signText(operand.negative), "0 (exponent and mantissa 0).");
        case FloatClass::Infinity:
            return concat(text, "exponent all ones, mantissa 0: ", signText(operand.negative),
                          "inf.");
        case FloatClass::Nan: {
            const bool quiet = (decoded.mantissaField >> (format.mantissaBits - 1)) & 1;
            return concat(text, "exponent all ones, mantissa not 0: a ",
                          quiet ? "quiet" : "signalling", " NaN.");
        }
    }
    return text;
}

FloatAdderStep unpackStep(const FloatFormat& format, const DatapathRecord& record,
                          std::uint64_t aBits, std::uint64_t bBits) {
    FloatAdderStep step;
    step.stage = FloatAdderStage::Unpack;
    step.first = operandFields(format, record.a);
    step.second = operandFields(format, record.b);
    step.changed.operands = true;
    step.title =
        concat("Unpack: A = ", valueText(format, aBits), ", B = ", valueText(format, bBits));
    step.explanation = concat(operandDescription(format, "A", aBits, record.a), " ",
                              operandDescription(format, "B", bBits, record.b));
    return step;
}

FloatAdderStep specialStep(const FloatFormat& format, const DatapathRecord& record,
                           FloatAdderStep step) {
    step.stage = FloatAdderStage::Special;
    step.specialCase = record.specialCase;
    step.resultBits = record.resultBits;
    step.changed = ChangedParts{};
    step.changed.resultBits = true;
    const std::string result = concat(numeric::floatBitsText(format, record.resultBits), " (",
                                      valueText(format, record.resultBits), ")");
    switch (record.specialCase) {
        case SpecialCase::NanOperand: {
            const bool aIsNan = record.a.floatClass == FloatClass::Nan;
            step.title = "Special case: NaN in, NaN out";
            step.explanation =
                concat(aIsNan ? "A is NaN" : "B is NaN (A is not)",
                       ": the result is that NaN with its quiet bit (the top mantissa bit) set, "
                       "sign and payload kept, as x86 SSE does: ",
                       result, ". No arithmetic is needed.");
            break;
        }
        case SpecialCase::InfinityMinusInfinity:
            step.title = "Special case: inf + (-inf) is NaN";
            step.explanation = concat(
                "Infinities of opposite signs have no sum: an invalid operation. The result is "
                "the x86 default NaN, sign set: ",
                result, ".");
            break;
        case SpecialCase::InfinityOperand: {
            const bool aInfinite = record.a.floatClass == FloatClass::Infinity;
            const bool bothInfinite = aInfinite && record.b.floatClass == FloatClass::Infinity;
            step.title = "Special case: infinity in, infinity out";
            step.explanation =
                bothInfinite
                    ? concat("Both are ", signText(record.a.negative),
                             "inf: their sum is that infinity, ", result, ".")
                    : concat(aInfinite ? "A" : "B", " is ",
                             signText(aInfinite ? record.a.negative : record.b.negative),
                             "inf: adding a finite number leaves it unchanged, ", result, ".");
            break;
        }
        case SpecialCase::None:
            break;
    }
    return step;
}

FloatAdderStep compareStep(const FloatFormat& format, const DatapathRecord& record,
                           FloatAdderStep step) {
    const SignificandLayout layout{format.mantissaBits};
    step.stage = FloatAdderStage::CompareAndSwap;
    step.swapped = record.swapped;
    step.subtract = record.subtract;
    step.first = operandFields(format, record.first);
    step.second = operandFields(format, record.second);
    step.changed = ChangedParts{};
    step.changed.operands = record.swapped;

    const int aExponent = record.a.biasedExponent;
    const int bExponent = record.b.biasedExponent;
    const std::string action = record.swapped ? "swap A and B" : "no swap";
    std::string comparison;
    if (aExponent != bExponent) {
        step.title = concat("Compare exponents: ", number(aExponent),
                            aExponent > bExponent ? " > " : " < ", number(bExponent), ", ", action);
        comparison = concat("Biased exponents ", number(aExponent), " (A) and ", number(bExponent),
                            " (B): ", record.swapped ? "B" : "A", " is larger.");
    } else {
        const bool equal = record.a.significand == record.b.significand;
        step.title = concat("Compare exponents: both ", number(aExponent), ", ", action);
        comparison = concat(
            "Both biased exponents are ", number(aExponent),
            ", so the significands decide: ", significandBinaryText(layout, record.a.significand),
            " (A) and ", significandBinaryText(layout, record.b.significand), " (B)",
            equal ? ": equal magnitudes, A stays first."
                  : concat(": ", record.swapped ? "B" : "A", " is larger."));
    }
    const std::string operation =
        record.subtract
            ? concat(
                  "The signs differ: subtract the smaller significand from the larger; the "
                  "result takes the larger's sign, ",
                  signText(record.first.negative), ".")
            : concat("The signs are equal: add the significands; the result has sign ",
                     signText(record.first.negative), ".");
    step.explanation = concat(
        "The larger magnitude goes first, so only the smaller one is shifted and a subtraction "
        "never goes below zero. ",
        comparison, " ", operation);
    return step;
}

FloatAdderStep alignStep(const FloatFormat& format, const DatapathRecord& record,
                         FloatAdderStep step) {
    const SignificandLayout layout{format.mantissaBits};
    step.stage = FloatAdderStage::Align;
    step.exponentDifference = record.exponentDifference;
    step.alignShift = record.alignShift;
    const OperandFields before = step.second;
    step.second.significand = record.alignedSecond;
    step.second.biasedExponent = step.first.biasedExponent;
    step.second.exponent = step.first.exponent;
    step.changed = ChangedParts{};
    step.changed.operands = record.alignShift > 0;

    const std::string smaller = record.swapped ? "A" : "B";
    if (record.exponentDifference == 0) {
        step.title = "Align: exponents equal, no shift";
        step.explanation = concat("Both exponents are ", number(before.exponent),
                                  ": the significands line up already. Guard, round and sticky "
                                  "stay 000.");
        return step;
    }
    step.title = concat("Align: shift ", smaller, " right by ", number(record.alignShift));
    std::string text =
        concat("Exponents differ by ", number(record.exponentDifference), ": shift ",
               binaryScientificText(layout, before.significand, before.exponent), " right by ",
               number(record.alignShift), " to ",
               binaryScientificText(layout, record.alignedSecond, step.second.exponent), ".");
    if (record.alignShift < record.exponentDifference) {
        text.append(concat(" That is more than the ", number(layout.adderWidth()),
                           "-bit register holds, so the shift stops at ", number(record.alignShift),
                           "."));
    }
    const std::uint64_t extra = record.alignedSecond & 0b111;
    text.append(concat(" Guard, round, sticky: ", bitText(extra & 0b100), bitText(extra & 0b10),
                       bitText(extra & 0b1), "."));
    if ((extra & 1) != 0) {
        text.append(" The bits shifted out below the round bit are ORed into the sticky bit.");
    }
    step.explanation = std::move(text);
    return step;
}

FloatAdderStep addStep(const FloatFormat& format, const DatapathRecord& record,
                       FloatAdderStep step) {
    const SignificandLayout layout{format.mantissaBits};
    step.stage = FloatAdderStage::AddSignificands;
    step.hasResult = true;
    step.result.negative = record.first.negative;
    step.result.biasedExponent = record.first.biasedExponent;
    step.result.exponent = record.first.biasedExponent - format.bias;
    step.result.significand = record.sumSignificand;
    step.carryOut = record.carryOut;
    step.changed = ChangedParts{};
    step.changed.resultSign = true;
    step.changed.resultExponent = true;
    step.changed.resultSignificand = true;

    const std::string first = significandRegisterText(layout, record.first.significand);
    const std::string second = significandRegisterText(layout, record.alignedSecond);
    const std::string sum = significandRegisterText(layout, record.sumSignificand);
    const std::string width = number(layout.adderWidth());
    const std::string carry = bitText(record.carryOut);
    if (record.subtract) {
        step.title = concat(
            "Subtract significands: ", significandBinaryText(layout, record.first.significand),
            " - ", significandBinaryText(layout, record.alignedSecond), " = ",
            significandBinaryText(layout, record.sumSignificand));
        step.explanation = concat(
            "The ", width, "-bit ripple-carry adder/subtractor netlist, with sub = 1, computes ",
            first, " - ", second, " as ", first, " + NOT ", second, " + 1 = ", sum,
            " (hidden bit, mantissa | guard, round, sticky). Carry out ", carry,
            ": no borrow, since the larger magnitude came first.");
    } else {
        step.title =
            concat("Add significands: ", significandBinaryText(layout, record.first.significand),
                   " + ", significandBinaryText(layout, record.alignedSecond), " = ",
                   significandBinaryText(layout, record.sumSignificand));
        step.explanation =
            concat("The ", width, "-bit ripple-carry adder netlist adds ", first, " + ", second,
                   " = ", sum, " (hidden bit, mantissa | guard, round, sticky), carry out ", carry,
                   record.carryOut ? ": the sum reached 2 or more." : ".");
    }
    return step;
}

}  // namespace

std::vector<FloatAdderStep> buildFloatAdderSteps(const FloatFormat& format,
                                                 const DatapathRecord& record, std::uint64_t aBits,
                                                 std::uint64_t bBits) {
    std::vector<FloatAdderStep> steps;
    steps.push_back(unpackStep(format, record, aBits, bBits));
    if (record.specialCase != SpecialCase::None) {
        steps.push_back(specialStep(format, record, steps.back()));
    } else {
        steps.push_back(compareStep(format, record, steps.back()));
        steps.push_back(alignStep(format, record, steps.back()));
        steps.push_back(addStep(format, record, steps.back()));
        steps.push_back(normalizeStep(format, record, steps.back()));
        steps.push_back(roundStep(format, record, steps.back()));
    }
    steps.push_back(packStep(format, record, steps.back()));
    for (auto& step : steps) step.seedStep = seedStepOf(step.stage);
    return steps;
}

}  // namespace mlsyslab::logic
