#include "cli/LogicFpAddOutput.h"

#include <string_view>

#include "cli/JsonText.h"
#include "logic/FloatAdderText.h"
#include "numeric/FloatDecode.h"

namespace mlsyslab::cli {

namespace {

using logic::FloatAdderStep;
using logic::OperandFields;
using logic::SignificandLayout;

// `"key": ` with the comma before it unless it is the object's first member.
void appendKey(std::string_view key, bool first, std::string& out) {
    if (!first) out.append(", ");
    appendJsonString(out, key);
    out.append(": ");
}

void appendMember(std::string_view key, std::string_view text, std::string& out,
                  bool first = false) {
    appendKey(key, first, out);
    appendJsonString(out, text);
}

void appendMember(std::string_view key, long long number, std::string& out) {
    appendKey(key, false, out);
    out.append(std::to_string(number));
}

void appendFlag(std::string_view key, bool flag, std::string& out) {
    appendKey(key, false, out);
    out.append(flag ? "true" : "false");
}

void appendOperand(std::string_view key, const SignificandLayout& layout,
                   const OperandFields& operand, std::string& out) {
    appendKey(key, false, out);
    out.append("{");
    appendKey("sign", true, out);
    out.append(operand.negative ? "1" : "0");
    appendMember("exponent_field", operand.exponentField, out);
    appendMember("biased_exponent", operand.biasedExponent, out);
    appendMember("exponent", operand.exponent, out);
    appendMember("significand", logic::significandRegisterText(layout, operand.significand), out);
    appendMember("class", numeric::floatClassName(operand.floatClass), out);
    out.append("}");
}

void appendStep(const logic::FloatAdditionTrace& trace, const FloatAdderStep& step,
                std::string& out) {
    const SignificandLayout& layout = trace.layout;
    out.append("{");
    appendMember("stage", logic::floatAdderStageKey(step.stage), out, true);
    appendMember("seed_step", step.seedStep, out);
    appendMember("title", step.title, out);
    appendMember("explanation", step.explanation, out);
    appendOperand("first", layout, step.first, out);
    appendOperand("second", layout, step.second, out);
    appendKey("result", false, out);
    if (step.hasResult) {
        out.append("{");
        appendKey("sign", true, out);
        out.append(step.result.negative ? "1" : "0");
        appendMember("biased_exponent", step.result.biasedExponent, out);
        appendMember("exponent", step.result.exponent, out);
        appendMember("significand",
                     logic::significandRegisterText(layout, step.result.significand, true), out);
        out.append("}");
    } else {
        out.append("null");
    }
    appendFlag("swapped", step.swapped, out);
    appendFlag("subtract", step.subtract, out);
    appendMember("exponent_difference", step.exponentDifference, out);
    appendMember("align_shift", step.alignShift, out);
    appendFlag("carry_out", step.carryOut, out);
    appendMember("leading_zeros", step.leadingZeros, out);
    appendMember("normalize_shift", step.normalizeShift, out);
    appendFlag("stopped_at_subnormal", step.stoppedAtSubnormal, out);
    appendFlag("exact_zero", step.exactZero, out);
    appendFlag("guard", step.guard, out);
    appendFlag("sticky", step.sticky, out);
    appendFlag("last_place", step.lastPlace, out);
    appendFlag("rounded_up", step.roundedUp, out);
    appendFlag("rounding_carried_out", step.roundingCarriedOut, out);
    appendFlag("overflow", step.overflow, out);
    appendMember("special_case", logic::specialCaseKey(step.specialCase), out);
    appendKey("bits", false, out);
    if (step.resultBits) {
        appendJsonString(out, numeric::floatBitsText(trace.format, *step.resultBits));
    } else {
        out.append("null");
    }
    out.append("}");
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
    out.append("{");
    appendMember("format", format.name, out, true);
    appendMember("a", numeric::floatBitsText(format, trace.aBits), out);
    appendMember("b", numeric::floatBitsText(format, trace.bBits), out);
    appendMember("bits", numeric::floatBitsText(format, trace.resultBits), out);
    appendMember("value", numeric::floatValueText(format, decoded.value), out);
    appendMember("class", numeric::floatClassName(decoded.floatClass), out);
    if (withSteps) {
        appendKey("steps", false, out);
        out.append("[");
        for (std::size_t index = 0; index < trace.steps.size(); ++index) {
            if (index > 0) out.append(", ");
            appendStep(trace, trace.steps[index], out);
        }
        out.append("]");
    }
    out.append("}\n");
}

}  // namespace mlsyslab::cli
