#include "gpu/lesson/DivergenceKind.h"

#include "gpu/WarpLanes.h"
#include "gpu/lesson/WarpRunFields.h"
#include "lesson/KindFields.h"

namespace mlsyslab::lesson::kinds {

namespace {

void readWarp(const StateField& field, DivergenceState& state,
              std::vector<StateProblem>& problems) {
    const auto warps = (state.block.count() + gpu::kWarpLanes - 1) / gpu::kWarpLanes;
    const auto warp = readWholeNumberField("warp", field, 0, std::uint64_t(warps - 1), problems);
    if (warp) state.warp = static_cast<int>(*warp);
}

// A kernel the warp simulator cannot run on the block is an error at the block (else at the
// kernel); the warp is read after the block, whose warps bound it.
void readRules(const StateFields& fields, DivergenceState& state,
               std::vector<StateProblem>& problems) {
    if (const auto problem = warpRunProblem(state.kernel, gpu::Dim3{}, state.block)) {
        const StateField* blockField = fields.find("block");
        const StateField* at = blockField != nullptr ? blockField : fields.find("kernel");
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
            kernelField<DivergenceState>(
                "a built-in kernel: `matrixAdd`, `vectorAdd`, `matmulNaive`, `matmulTiled`, "
                "`divergent` or `reduction`"),
            launchExtentField<DivergenceState>(
                "block", LaunchExtentKind::Block, &DivergenceState::block, "`32`",
                "threads per block: a number or 1 to 3 sizes like `[8, 8]` or `8,8`, each 1 to 2³¹ − 1 (a "
                "block CUDA refuses, over 1024 threads or z over 64, is shown with the reason)"),
            ruleField<DivergenceState>(
                "warp", "`0`", "the warp of the block followed, from 0 to the block's warps − 1"),
            gpuDeviceField<DivergenceState>(
                "a built-in device (`v100`, `t4`, `a100`, `rtx4090`, `h100`, `h200`): its "
                "latencies and warp schedulers"),
        },
        readRules};
    return spec;
}

namespace {
const BuiltinKind kBuiltin(divergenceKind);
}  // namespace

}  // namespace mlsyslab::lesson::kinds
