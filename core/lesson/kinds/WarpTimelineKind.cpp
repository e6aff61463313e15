#include "lesson/kinds/WarpTimelineKind.h"

#include <algorithm>

#include "lesson/kinds/StateFields.h"
#include "lesson/kinds/WarpRunFields.h"

namespace mlsyslab::lesson::kinds {

namespace {

const std::vector<std::string> kFieldNames = {"device", "kernel",     "grid",  "block",
                                              "sm",     "schedulers", "cycles"};
const std::vector<std::string> kPolicyNames = {"lrr", "gto"};

void readSchedulers(const StateField& field, WarpTimelineState& state,
                    std::vector<StateProblem>& problems) {
    const std::string expected = "one or two of lrr and gto, like [lrr, gto]";
    std::vector<YAML::Node> entries;
    if (field.value.IsScalar()) {
        entries.push_back(field.value);
    } else if (field.value.IsSequence() && field.value.size() >= 1 && field.value.size() <= 2) {
        for (const YAML::Node& entry : field.value) entries.push_back(entry);
    } else {
        addStateError(problems, field.problemMark(), concat("schedulers must be ", expected));
        return;
    }
    std::vector<std::string> policies;
    for (const YAML::Node& entry : entries) {
        const auto policy =
            readChoiceField("schedulers", entry, entry.Mark(), kPolicyNames, problems);
        if (!policy) return;
        if (std::find(policies.begin(), policies.end(), *policy) != policies.end()) {
            addStateError(problems, entry.Mark(),
                          concat("schedulers lists '", *policy, "' twice; give ", expected));
            return;
        }
        policies.push_back(*policy);
    }
    state.schedulers = policies;
}

void readSm(const StateField& field, WarpTimelineState& state,
            std::vector<StateProblem>& problems) {
    const gpu::DeviceModel device = gpuDeviceOrDefault(state.device);
    const auto sm = readWholeNumberField("sm", field, 0,
                                         std::uint64_t(std::max(1, device.smCount) - 1), problems);
    if (!sm) return;
    state.sm = static_cast<int>(*sm);
    // Blocks go round robin over the SMs, so SM s gets work only when there are more than s.
    const std::int64_t blocks = state.grid.count();
    if (state.sm >= blocks) {
        problems.push_back(
            {Severity::Warning, field.problemMark(),
             concat("SM ", std::to_string(state.sm), " gets no block: ",
                    blocks == 1 ? std::string("the launch's one block runs on SM 0")
                                : concat("the launch's ", std::to_string(blocks),
                                         " blocks run on SMs 0 to ", std::to_string(blocks - 1)),
                    ", so its timeline is empty")});
    }
}

void readFields(const YAML::Node& node, WarpTimelineStateReading& reading) {
    auto& problems = reading.problems;
    const StateFields fields = collectStateFields(node, "warp-timeline", kFieldNames, problems);
    WarpTimelineState& state = reading.state;
    if (const StateField* field = fields.find("device")) {
        if (const auto id = readGpuDeviceField(*field, problems)) state.device = *id;
    }
    const StateField* kernelField = fields.find("kernel");
    if (kernelField != nullptr) {
        if (const auto kernel = readKernelField(*kernelField, problems)) state.kernel = *kernel;
    }
    const StateField* gridField = fields.find("grid");
    if (gridField != nullptr) {
        const auto grid = readLaunchExtent("grid", LaunchExtentKind::Grid, *gridField, problems);
        if (grid) state.grid = *grid;
    }
    const StateField* blockField = fields.find("block");
    if (blockField != nullptr) {
        const auto block =
            readLaunchExtent("block", LaunchExtentKind::Block, *blockField, problems);
        if (block) state.block = *block;
    }
    if (const auto problem = warpRunProblem(state.kernel, state.grid, state.block)) {
        // At the field that most likely needs changing: the shape, else the kernel.
        const StateField* at = blockField != nullptr  ? blockField
                               : gridField != nullptr ? gridField
                                                      : kernelField;
        if (at != nullptr) addStateError(problems, at->problemMark(), *problem);
    }
    if (const StateField* field = fields.find("schedulers")) {
        readSchedulers(*field, state, problems);
    }
    if (const StateField* field = fields.find("sm")) readSm(*field, state, problems);
    if (const StateField* field = fields.find("cycles")) {
        const auto cycles = readWholeNumberField("cycles", *field, kWarpTimelineMinCycles,
                                                 kWarpTimelineMaxCycles, problems);
        if (cycles) state.cycles = static_cast<std::int64_t>(*cycles);
    }
}

}  // namespace

WarpTimelineStateReading readWarpTimelineState(const YAML::Node& state) {
    return readStateMap<WarpTimelineStateReading>(
        state, "the warp-timeline state must be fields like 'kernel: vectorAdd', one per line",
        readFields);
}

SimKind warpTimelineKind() {
    return {"warp-timeline",
            "one SM's warps cycle by cycle: issue and stalls per warp scheduler, LRR and GTO one "
            "above the other, cycles, IPC and achieved occupancy",
            [](const YAML::Node& state) { return readWarpTimelineState(state).problems; }};
}

}  // namespace mlsyslab::lesson::kinds
