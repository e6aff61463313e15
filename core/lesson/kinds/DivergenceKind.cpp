#include "lesson/kinds/DivergenceKind.h"

#include "lesson/kinds/StateFields.h"
#include "lesson/kinds/WarpRunFields.h"

namespace mlsyslab::lesson::kinds {

namespace {

const std::vector<std::string> kFieldNames = {"kernel", "block", "warp", "device"};
constexpr int kWarpSize = 32;  // every device MLSysLab models, and every NVIDIA GPU so far

void readWarp(const StateField& field, DivergenceState& state,
              std::vector<StateProblem>& problems) {
    const auto warps = (state.block.count() + kWarpSize - 1) / kWarpSize;
    const auto warp = readWholeNumberField("warp", field, 0, std::uint64_t(warps - 1), problems);
    if (warp) state.warp = static_cast<int>(*warp);
}

void readFields(const YAML::Node& node, DivergenceStateReading& reading) {
    auto& problems = reading.problems;
    const StateFields fields = collectStateFields(node, "divergence", kFieldNames, problems);
    DivergenceState& state = reading.state;
    if (const StateField* field = fields.find("device")) {
        if (const auto id = readGpuDeviceField(*field, problems)) state.device = *id;
    }
    const StateField* kernelField = fields.find("kernel");
    if (kernelField != nullptr) {
        if (const auto kernel = readKernelField(*kernelField, problems)) state.kernel = *kernel;
    }
    const StateField* blockField = fields.find("block");
    if (blockField != nullptr) {
        const auto block =
            readLaunchExtent("block", LaunchExtentKind::Block, *blockField, problems);
        if (block) state.block = *block;
    }
    if (const auto problem = warpRunProblem(state.kernel, gpu::Dim3{}, state.block)) {
        const StateField* at = blockField != nullptr ? blockField : kernelField;
        if (at != nullptr) addStateError(problems, at->problemMark(), *problem);
    }
    if (const StateField* field = fields.find("warp")) readWarp(*field, state, problems);
}

}  // namespace

DivergenceStateReading readDivergenceState(const YAML::Node& state) {
    return readStateMap<DivergenceStateReading>(
        state, "the divergence state must be fields like 'kernel: divergent', one per line",
        readFields);
}

SimKind divergenceKind() {
    return {"divergence",
            "one warp instruction by instruction: its active lanes, the lanes a branch leaves "
            "idle and its SIMT reconvergence stack, both paths run one after the other",
            [](const YAML::Node& state) { return readDivergenceState(state).problems; }};
}

}  // namespace mlsyslab::lesson::kinds
