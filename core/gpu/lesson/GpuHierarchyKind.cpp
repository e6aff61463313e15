#include "gpu/lesson/GpuHierarchyKind.h"

#include <algorithm>

#include "lesson/KindFields.h"

namespace mlsyslab::lesson::kinds {

namespace {

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

// The SM and the warp are read after the device, whose counts bound them.
void readSelection(const StateFields& fields, GpuHierarchyState& state,
                   std::vector<StateProblem>& problems) {
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

const KindSpec<GpuHierarchyState>& gpuHierarchyKind() {
    static const KindSpec<GpuHierarchyState> spec{
        "gpu-hierarchy",
        "a GPU from the whole chip down to one warp's threads: GPCs, SMs, warp schedulers, "
        "cores, registers, caches and memory of a real device, zoomable",
        "the gpu-hierarchy state must be fields like 'device: h100', one per line",
        "",
        {
            gpuDeviceField<GpuHierarchyState>(
                "a built-in device: `v100`, `t4`, `a100`, `rtx4090`, `h100` or `h200`"),
            choiceField<GpuHierarchyState, HierarchyZoom>(
                "zoom", &GpuHierarchyState::zoom,
                {{"gpu", HierarchyZoom::Gpu},
                 {"sm", HierarchyZoom::Sm},
                 {"warp", HierarchyZoom::Warp}},
                "the level the simulator opens at: `gpu`, `sm` or `warp`"),
            ruleField<GpuHierarchyState>(
                "sm", "`0`",
                "the SM selected (at `gpu`) or looked into, from 0 to the device's SMs − 1"),
            ruleField<GpuHierarchyState>(
                "warp", "`0`",
                "the warp slot selected (at `sm`) or looked into, from 0 to the SM's maximum "
                "resident warps − 1 (47 on an RTX 4090, 63 on an H100)"),
        },
        readSelection};
    return spec;
}

namespace {
const BuiltinKind kBuiltin(gpuHierarchyKind);
}  // namespace

}  // namespace mlsyslab::lesson::kinds
