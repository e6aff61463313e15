#include "cli/LogicFpAddOutput.h"

#include "cli/JsonLine.h"
#include "logic/FloatAdderText.h"
#include "numeric/FloatDecode.h"

namespace mlsyslab::cli {

namespace {

using logic::FloatAdderStep;
using logic::OperandFields;
using logic::SignificandLayout;

Json operandJson(const SignificandLayout& layout, const OperandFields& operand) {
    Json object;
    object["sign"] = operand.negative ? 1 : 0;
    object["exponent_field"] = operand.exponentField;
    object["biased_exponent"] = operand.biasedExponent;
    object["exponent"] = operand.exponent;
    object["significand"] = logic::significandRegisterText(layout, operand.significand);
    object["class"] = numeric::floatClassName(operand.floatClass);
    return object;
}

Json resultJson(const SignificandLayout& layout, const FloatAdderStep& step) {
    if (!step.hasResult) return nullptr;
    Json object;
    object["sign"] = step.result.negative ? 1 : 0;
    object["biased_exponent"] = step.result.biasedExponent;
    object["exponent"] = step.result.exponent;
    object["significand"] = logic::significandRegisterText(layout, step.result.significand, true);
    return object;
}

Json stepJson(const logic::FloatAdditionTrace& trace, const FloatAdderStep& step) {
    const SignificandLayout& layout = trace.layout;
    Json object;
    object["stage"] = logic::floatAdderStageKey(step.stage);
    object["seed_step"] = step.seedStep;
    object["title"] = step.title;
    object["explanation"] = step.explanation;
    object["first"] = operandJson(layout, step.first);
    object["second"] = operandJson(layout, step.second);
    object["result"] = resultJson(layout, step);
    object["swapped"] = step.swapped;
    object["subtract"] = step.subtract;
    object["exponent_difference"] = step.exponentDifference;
    object["align_shift"] = step.alignShift;
    object["carry_out"] = step.carryOut;
    object["leading_zeros"] = step.leadingZeros;
    object["normalize_shift"] = step.normalizeShift;
    object["stopped_at_subnormal"] = step.stoppedAtSubnormal;
    object["exact_zero"] = step.exactZero;
    object["guard"] = step.guard;
    object["sticky"] = step.sticky;
    object["last_place"] = step.lastPlace;
    object["rounded_up"] = step.roundedUp;
    object["rounding_carried_out"] = step.roundingCarriedOut;
    object["overflow"] = step.overflow;
    object["special_case"] = logic::specialCaseKey(step.specialCase);
    object["bits"] = step.resultBits ? Json(numeric::floatBitsText(trace.format, *step.resultBits))
                                     : Json(nullptr);
    return object;
}

}  // namespace

void appendResultLine(const numeric::FloatFormat& format, std::uint64_t bits, std::string& out) {
    out.append(numeric::floatBitsText(format, bits)).push_back('\n');
}

void appendStepsText(const logic::FloatAdditionTrace& trace, std::string& out) {
    out.append(logic::floatAdditionStepsText(trace));
    appendResultLine(trace.format, trace.resultBits, out);
}

void appendJson(const logic::FloatAdditionTrace& trace, bool withSteps, std::string& out) {
    const auto& format = trace.format;
    const auto decoded = numeric::decodeFloat(format, trace.resultBits);
    Json object;
    object["format"] = format.name;
    object["a"] = numeric::floatBitsText(format, trace.aBits);
    object["b"] = numeric::floatBitsText(format, trace.bBits);
    object["bits"] = numeric::floatBitsText(format, trace.resultBits);
    object["value"] = numeric::floatValueText(format, decoded.value);
    object["class"] = numeric::floatClassName(decoded.floatClass);
    if (withSteps) {
        Json steps = Json::array();
        for (const FloatAdderStep& step : trace.steps) steps.push_back(stepJson(trace, step));
        object["steps"] = std::move(steps);
    }
    out.append(jsonLine(object)).push_back('\n');
}

}  // namespace mlsyslab::cli
