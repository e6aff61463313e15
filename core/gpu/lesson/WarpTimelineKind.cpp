#include "gpu/lesson/WarpTimelineKind.h"

#include <algorithm>

#include "gpu/lesson/WarpRunFields.h"
#include "lesson/KindFields.h"

namespace mlsyslab::lesson::kinds {

namespace {

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

// A kernel the warp simulator cannot run on the launch is an error at the field that most
// likely needs changing: the shape, else the kernel. The SM is read after the device and the
// grid, which bound it and decide whether it gets a block.
void readRules(const StateFields& fields, WarpTimelineState& state,
               std::vector<StateProblem>& problems) {
    if (const auto problem = warpRunProblem(state.kernel, state.grid, state.block)) {
        const StateField* blockField = fields.find("block");
        const StateField* gridField = fields.find("grid");
        const StateField* at = blockField != nullptr  ? blockField
                               : gridField != nullptr ? gridField
                                                      : fields.find("kernel");
        if (at != nullptr) addStateError(problems, at->problemMark(), *problem);
    }
    if (const StateField* field = fields.find("sm")) readSm(*field, state, problems);
}

}  // namespace

const KindSpec<WarpTimelineState>& warpTimelineKind() {
    static const KindSpec<WarpTimelineState> spec{
        "warp-timeline",
        "one SM's warps cycle by cycle: issue and stalls per warp scheduler, LRR and GTO one "
        "above the other, cycles, IPC and achieved occupancy",
        "the warp-timeline state must be fields like 'kernel: vectorAdd', one per line",
        "",
        {
            gpuDeviceField<WarpTimelineState>(
                "a built-in device (`v100`, `t4`, `a100`, `rtx4090`, `h100`, `h200`)"),
            kernelField<WarpTimelineState>(
                "a built-in kernel: `matrixAdd`, `vectorAdd`, `matmulNaive`, `matmulTiled`, "
                "`divergent` or `reduction`"),
            launchExtentField<WarpTimelineState>(
                "grid", LaunchExtentKind::Grid, &WarpTimelineState::grid, "`1`",
                "blocks: a number or 1 to 3 sizes like `[3, 2]` or `3,2`, each 1 to 2³¹ − 1 (a grid CUDA "
                "refuses, y or z over 65535, is shown with the reason)"),
            launchExtentField<WarpTimelineState>(
                "block", LaunchExtentKind::Block, &WarpTimelineState::block, "`512`",
                "threads per block: a number or 1 to 3 sizes like `[4, 3]` or `4,3`, each 1 to 2³¹ − 1 (a "
                "block CUDA refuses, over 1024 threads or z over 64, is shown with the reason)"),
            customField<WarpTimelineState>("schedulers", "`[lrr, gto]`",
                                           "one or two of `lrr` and `gto`, drawn in that order",
                                           readSchedulers),
            ruleField<WarpTimelineState>("sm", "`0`",
                                         "the SM drawn, from 0 to the device's SMs − 1"),
            wholeNumberField("cycles", &WarpTimelineState::cycles, kWarpTimelineMinCycles,
                             kWarpTimelineMaxCycles,
                             "the cycles recorded and drawn, 10 to 20000 (the statistics always "
                             "cover the whole launch; a longer run's title says \"the first 3000 "
                             "drawn\")"),
        },
        readRules};
    return spec;
}

namespace {
const BuiltinKind kBuiltin(warpTimelineKind);
}  // namespace

}  // namespace mlsyslab::lesson::kinds
