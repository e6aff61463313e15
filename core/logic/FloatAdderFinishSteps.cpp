#include <string>

#include "logic/FloatAdderSteps.h"
#include "logic/FloatAdderText.h"
#include "numeric/FloatDecode.h"

namespace mlsyslab::logic {

using numeric::FloatFormat;
using namespace step_text;

namespace {

void setResult(const FloatFormat& format, FloatAdderStep& step, bool negative, int biasedExponent,
               std::uint64_t significand) {
    const WorkingResult before = step.result;
    step.result.negative = negative;
    step.result.biasedExponent = biasedExponent;
    step.result.exponent = biasedExponent - format.bias;
    step.result.significand = significand;
    step.changed = ChangedParts{};
    step.changed.resultSign = before.negative != negative;
    step.changed.resultExponent = before.biasedExponent != biasedExponent;
    step.changed.resultSignificand = before.significand != significand;
}

std::string normalizedText(const FloatFormat& format, const FloatAdderStep& step) {
    return binaryScientificText(SignificandLayout{format.mantissaBits}, step.result.significand,
                                step.result.exponent);
}

}  // namespace

FloatAdderStep normalizeStep(const FloatFormat& format, const DatapathRecord& record,
                             FloatAdderStep step) {
    const SignificandLayout layout{format.mantissaBits};
    step.stage = FloatAdderStage::Normalize;
    const std::string sum =
        binaryScientificText(layout, step.result.significand, step.result.exponent);
    setResult(format, step, record.resultNegative, record.normalizedExponent,
              record.normalizedSignificand);
    step.leadingZeros = record.leadingZeros;
    step.normalizeShift = record.normalizeShift;
    step.stoppedAtSubnormal = record.stoppedAtSubnormal;
    step.exactZero = record.exactZero;
    const std::string result = normalizedText(format, step);
    const int smallest = format.minNormalExponent();

    if (record.exactZero) {
        step.title = "Normalize: the sum is exactly 0";
        step.explanation = record.subtract
                               ? std::string(
                                     "Everything cancelled: the result is +0 (x + (-x) is +0 when "
                                     "rounding to nearest).")
                               : concat("Both operands are zero: the sum is ",
                                        signText(record.resultNegative), "0, the sign they share.");
    } else if (record.normalizeShift < 0) {
        step.title =
            concat("Normalize: carry out, shift right 1, exponent ",
                   number(record.first.biasedExponent), " -> ", number(record.normalizedExponent));
        step.explanation = concat("The sum ", sum,
                                  " has two digits before the point: shift it right by 1 (the bit "
                                  "shifted out joins the sticky bit) and add 1 to the exponent: ",
                                  result, ".");
    } else if (record.normalizeShift == 0 && !record.stoppedAtSubnormal) {
        step.title = "Normalize: already 1.x, no shift";
        step.explanation =
            concat("The sum ", sum, " has its leading 1 in the hidden-bit place: nothing to do.");
    } else if (record.stoppedAtSubnormal) {
        step.title = record.normalizeShift == 0
                         ? std::string("Normalize: subnormal, no shift possible")
                         : concat("Normalize: shift left by ", number(record.normalizeShift),
                                  ", stop at the smallest exponent");
        const std::string shift =
            record.normalizeShift == 0
                ? std::string(": it is already there, so no shift")
                : concat(": shift left by ", number(record.normalizeShift), " only");
        step.explanation =
            concat("The sum ", sum, " has ", number(record.leadingZeros),
                   " leading zeros, but the exponent cannot go below ", number(smallest), shift,
                   ". The result is subnormal: ", result, " (gradual underflow).");
    } else {
        step.title = concat("Normalize: ", record.subtract ? "cancellation, " : "",
                            "shift left by ", number(record.normalizeShift));
        step.explanation = concat(
            record.subtract ? "The subtraction cancelled the top bits: the sum " : "The sum ", sum,
            " has ", number(record.leadingZeros), " leading zero",
            record.leadingZeros == 1 ? "" : "s", ". Shift left by ", number(record.normalizeShift),
            " and subtract ", number(record.normalizeShift), " from the exponent: ", result, ".");
    }
    return step;
}

FloatAdderStep roundStep(const FloatFormat& format, const DatapathRecord& record,
                         FloatAdderStep step) {
    step.stage = FloatAdderStage::Round;
    step.guard = record.guard;
    step.sticky = record.sticky;
    step.lastPlace = record.lastPlace;
    step.roundedUp = record.roundedUp;
    step.roundingCarriedOut = record.roundingCarriedOut;
    setResult(format, step, record.resultNegative, record.roundedExponent,
              record.roundedSignificand);
    const std::string result = normalizedText(format, step);
    const std::string bits =
        concat("guard ", bitText(record.guard), ", round OR sticky ", bitText(record.sticky));

    if (record.exactZero) {
        step.title = "Round: nothing to round";
        step.explanation = "The sum is exactly 0: no bits below the last place.";
        return step;
    }
    std::string text = concat("Below the last place: ", bits, ". ");
    if (!record.guard) {
        step.title = record.sticky ? "Round: below half an ulp, round down"
                                   : "Round: exact, nothing to round";
        text.append(record.sticky ? "Less than half a unit in the last place: drop them."
                                  : "The sum fits exactly: nothing is lost.");
    } else if (record.sticky) {
        step.title = "Round: above half an ulp, round up";
        text.append("More than half a unit in the last place: add 1 ulp.");
    } else {
        step.title = record.roundedUp ? "Round: tie, last place odd, round up to even"
                                      : "Round: tie, last place even, keep";
        text.append(concat(
            "Exactly half a unit: ties go to the even neighbour. The last place "
            "is ",
            bitText(record.lastPlace), record.roundedUp ? ", so add 1 ulp." : ", so keep it."));
    }
    if (record.roundingCarriedOut) {
        text.append(
            concat(" Rounding carried out of the significand (1.11...1 + 1 ulp = 10.0): "
                   "shift right by 1 and add 1 to the exponent."));
        step.title.append(", renormalize");
    }
    text.append(concat(" Result: ", result, "."));
    step.explanation = std::move(text);
    return step;
}

FloatAdderStep packStep(const FloatFormat& format, const DatapathRecord& record,
                        FloatAdderStep step) {
    step.stage = FloatAdderStage::Pack;
    step.overflow = record.overflow;
    step.resultBits = record.resultBits;
    step.changed = ChangedParts{};
    step.changed.resultBits = true;
    const std::string hex = numeric::floatBitsText(format, record.resultBits);
    const std::string value = valueText(format, record.resultBits);
    const std::string pattern =
        concat(numeric::floatFieldsText(format, record.resultBits), " = ", hex, " = ", value);
    step.title = concat("Pack: ", hex, " = ", value);

    if (record.specialCase != SpecialCase::None) {
        step.explanation = concat("The special-case result goes straight out: ", pattern, ".");
    } else if (record.exactZero) {
        step.explanation =
            concat("Zero is stored with exponent and mantissa fields 0: ", pattern, ".");
    } else if (record.overflow) {
        step.explanation =
            concat("The biased exponent ", number(record.roundedExponent),
                   " does not fit: the largest finite one is ",
                   number(static_cast<long long>(format.allOnesExponent()) - 1), ". Overflow to ",
                   signText(record.resultNegative), "inf: ", pattern, ".");
    } else {
        const SignificandLayout layout{format.mantissaBits};
        const bool normal = ((record.roundedSignificand >> layout.hiddenBit()) & 1) != 0;
        step.explanation =
            normal ? concat("Sign ", bitText(record.resultNegative), ", exponent ",
                            number(record.roundedExponent - format.bias), " + ",
                            number(format.bias), " = ", number(record.roundedExponent),
                            ", mantissa without the implicit 1: ", pattern, ".")
                   : concat(
                         "The hidden bit is 0: a subnormal, stored with exponent field 0 and "
                         "no implicit 1: ",
                         pattern, ".");
    }
    return step;
}

}  // namespace mlsyslab::logic
