#include "gpu/lesson/DivergenceKind.h"

#include "lesson/KindFields.h"
#include "gpu/lesson/WarpRunFields.h"

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

void readFields(const StateFields& fields, DivergenceState& state, std::vector<StateProblem>& problems) {
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

const KindSpec<DivergenceState>& divergenceKind() {
    static const KindSpec<DivergenceState> spec{
        "divergence",
        "one warp instruction by instruction: its active lanes, the lanes a branch leaves "
            "idle and its SIMT reconvergence stack, both paths run one after the other",
        "the divergence state must be fields like 'kernel: divergent', one per line",
        "",
        {
            ruleField<DivergenceState>("kernel", "`divergent`",
                                "a built-in kernel: `matrixAdd`, `vectorAdd`, `matmulNaive`, `matmulTiled`, `divergent` or `reduction`"),
            ruleField<DivergenceState>("block", "`32`",
                                "threads per block: a number or 1 to 3 sizes like `[8, 8]` (x and y up to 1024, z up to 64)"),
            ruleField<DivergenceState>("warp", "`0`",
                                "the warp of the block followed, from 0 to the block's warps − 1"),
            ruleField<DivergenceState>("device", "`rtx4090`",
                                "a built-in device (`v100`, `t4`, `a100`, `rtx4090`, `h100`, `h200`): its latencies and warp schedulers"),
        },
        readFields};
    return spec;
}

namespace {
const BuiltinKind kBuiltin(divergenceKind);
}  // namespace

}  // namespace mlsyslab::lesson::kinds
