#include "logic/FloatAdder.h"

#include <cassert>
#include <utility>

#include "logic/FloatAdderSteps.h"
#include "logic/FloatDatapath.h"

namespace mlsyslab::logic {

bool supportsFloatAdder(const numeric::FloatFormat& format) {
    const SignificandLayout layout{format.mantissaBits};
    return format.hasInfinity() && format.mantissaBits >= 2 &&
           layout.adderWidth() <= kMaxAdderWidth;
}

std::string_view floatAdderStageName(FloatAdderStage stage) {
    switch (stage) {
        case FloatAdderStage::Unpack:
            return "Unpack";
        case FloatAdderStage::CompareAndSwap:
            return "Compare and swap";
        case FloatAdderStage::Align:
            return "Align";
        case FloatAdderStage::AddSignificands:
            return "Add significands";
        case FloatAdderStage::Normalize:
            return "Normalize";
        case FloatAdderStage::Round:
            return "Round";
        case FloatAdderStage::Pack:
            return "Pack";
        case FloatAdderStage::Special:
            return "Special case";
    }
    return "";
}

int seedStepOf(FloatAdderStage stage) {
    switch (stage) {
        case FloatAdderStage::CompareAndSwap:
            return 1;
        case FloatAdderStage::Align:
            return 2;
        case FloatAdderStage::AddSignificands:
            return 3;
        case FloatAdderStage::Normalize:
            return 4;
        case FloatAdderStage::Round:
            return 5;
        case FloatAdderStage::Unpack:
        case FloatAdderStage::Pack:
        case FloatAdderStage::Special:
            return 0;
    }
    return 0;
}

Result<FloatAdder> FloatAdder::create(const numeric::FloatFormat& format) {
    if (!supportsFloatAdder(format)) {
        std::string message =
            "the floating-point adder takes fp16 or fp32 (also bf16, tf32, fp8-e5m2), not ";
        message.append(format.name);
        return Result<FloatAdder>::failure(std::move(message));
    }
    const SignificandLayout layout{format.mantissaBits};
    auto adder = buildAdder(AdderKind::RippleCarry, layout.adderWidth(), /*subtractor=*/true);
    if (!adder) return Result<FloatAdder>::failure(adder.error());
    return FloatAdder(
        format, std::make_shared<const SignificandAdderUnit>(makeSignificandAdderUnit(*adder)));
}

FloatAdder::FloatAdder(const numeric::FloatFormat& format,
                       std::shared_ptr<const SignificandAdderUnit> adder)
    : format_(format), layout_{format.mantissaBits}, significandAdder_(std::move(adder)) {}

const AdderCircuit& FloatAdder::significandAdder() const { return significandAdder_->circuit; }

std::uint64_t FloatAdder::add(std::uint64_t aBits, std::uint64_t bBits) const {
    return runFloatDatapath(format_, *significandAdder_, aBits, bBits).resultBits;
}

void FloatAdder::addMany(std::span<const std::uint64_t> aBits, std::span<const std::uint64_t> bBits,
                         std::span<std::uint64_t> results) const {
    assert(aBits.size() == results.size() && bBits.size() == results.size());
    runFloatDatapathBatch(format_, *significandAdder_, aBits, bBits, results);
}

FloatAdditionTrace FloatAdder::trace(std::uint64_t aBits, std::uint64_t bBits) const {
    const DatapathRecord record = runFloatDatapath(format_, *significandAdder_, aBits, bBits);
    FloatAdditionTrace trace;
    trace.format = format_;
    trace.layout = layout_;
    trace.aBits = aBits & (format_.signBit() | format_.magnitudeMask());
    trace.bBits = bBits & (format_.signBit() | format_.magnitudeMask());
    trace.steps = buildFloatAdderSteps(format_, record, trace.aBits, trace.bBits);
    trace.resultBits = record.resultBits;
    return trace;
}

}  // namespace mlsyslab::logic
