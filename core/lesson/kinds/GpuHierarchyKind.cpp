#include "lesson/kinds/GpuHierarchyKind.h"

#include <algorithm>

#include "lesson/kinds/StateFields.h"

namespace mlsyslab::lesson::kinds {

namespace {

const std::vector<std::string> kFieldNames = {"device", "zoom", "sm", "warp"};
const std::vector<std::string> kZoomNames = {"gpu", "sm", "warp"};

// A whole number from 0 to count - 1, or an error that says why the range ends there.
std::optional<int> readIndexField(const std::string& name, const StateField& field, int count,
                                  const std::string& why, std::vector<StateProblem>& problems) {
    const auto last = static_cast<std::uint64_t>(std::max(count - 1, 0));
    std::vector<StateProblem> rangeProblems;
    const auto index = readWholeNumberField(name, field, 0, last, rangeProblems);
    if (index) return static_cast<int>(*index);
    addStateError(
        problems, field.problemMark(),
        concat(name, " must be a whole number from 0 to ", std::to_string(last), ": ", why));
    return std::nullopt;
}

void readFields(const YAML::Node& node, GpuHierarchyStateReading& reading) {
    auto& problems = reading.problems;
    const StateFields fields = collectStateFields(node, "gpu-hierarchy", kFieldNames, problems);
    GpuHierarchyState& state = reading.state;
    if (const StateField* field = fields.find("device")) {
        if (const auto id = readGpuDeviceField(*field, problems)) state.device = *id;
    }
    if (const StateField* field = fields.find("zoom")) {
        const auto name =
            readChoiceField("zoom", field->value, field->problemMark(), kZoomNames, problems);
        if (name == "sm") state.zoom = HierarchyZoom::Sm;
        if (name == "warp") state.zoom = HierarchyZoom::Warp;
    }
    // The ranges are the device's: an H100 has SMs 0 to 131, an RTX 4090 0 to 127.
    const gpu::DeviceModel device = gpuDeviceOrDefault(state.device);
    if (const StateField* field = fields.find("sm")) {
        const auto sm = readIndexField(
            "sm", *field, device.smCount,
            concat("the ", device.name, " has ", std::to_string(device.smCount), " SMs"), problems);
        if (sm) state.sm = *sm;
    }
    if (const StateField* field = fields.find("warp")) {
        const auto warp = readIndexField("warp", *field, device.maxWarpsPerSm,
                                         concat("an SM of the ", device.name, " holds ",
                                                std::to_string(device.maxWarpsPerSm), " warps"),
                                         problems);
        if (warp) state.warp = *warp;
    }
}

}  // namespace

const char* zoomName(HierarchyZoom zoom) {
    switch (zoom) {
        case HierarchyZoom::Gpu:
            return "gpu";
        case HierarchyZoom::Sm:
            return "sm";
        case HierarchyZoom::Warp:
            return "warp";
    }
    return "gpu";
}

GpuHierarchyStateReading readGpuHierarchyState(const YAML::Node& state) {
    return readStateMap<GpuHierarchyStateReading>(
        state, "the gpu-hierarchy state must be fields like 'device: h100', one per line",
        readFields);
}

SimKind gpuHierarchyKind() {
    return {"gpu-hierarchy",
            "a GPU from the whole chip down to one warp's threads: GPCs, SMs, warp schedulers, "
            "cores, registers, caches and memory of a real device, zoomable",
            [](const YAML::Node& state) { return readGpuHierarchyState(state).problems; }};
}

}  // namespace mlsyslab::lesson::kinds
