#include "cli/GpuRunCommand.h"

#include <optional>
#include <ostream>
#include <string>
#include <string_view>

#include "cli/GpuDeviceOption.h"
#include "cli/GpuRunOutput.h"
#include "cli/KindOptions.h"
#include "common/Concat.h"
#include "gpu/BuiltinKernels.h"
#include "gpu/WarpSimulator.h"
#include "gpu/lesson/WarpTimelineKind.h"

namespace mlsyslab::cli {

namespace {

constexpr std::string_view kPrefix = "gpu run: ";

struct RunOptions {
    std::string device;
    std::string kernel;
    gpu::Dim3 grid;
    gpu::Dim3 block;
    std::string scheduler = "lrr";
    bool json = false;
};

std::string kernelList() {
    std::string list;
    for (const std::string& id : gpu::builtinKernelIds()) {
        list += concat(list.empty() ? "" : ", ", id);
    }
    return list;
}

// The kernel and its launch are the warp-timeline kind's fields (lesson/KindSpec.h), read by
// its readers; the lesson's own rules (a step opens in seconds) are not the command's.
const KindOption kLaunchOptions[] = {
    {"--kernel", "kernel", "K", false, true},
    {"--grid", "grid", "X[,Y[,Z]]", false, true},
    {"--block", "block", "X[,Y[,Z]]", false, true},
};

// Reads the options; on bad usage prints the one-line error and returns nothing (exit 2).
std::optional<RunOptions> readOptions(Arguments& arguments, Streams& streams) {
    const auto fail = [&](std::string_view message) {
        usageError(streams, concat(kPrefix, message));
        return std::nullopt;
    };
    RunOptions options;
    options.json = arguments.takeFlag("--json");
    const auto device = arguments.takeValue("--device");
    const auto scheduler = arguments.takeValue("--scheduler");
    const YAML::Node given = takeKindOptions(arguments, kLaunchOptions);
    if (const auto option = arguments.firstUnknownOption(); !option.empty()) {
        const bool known = option == "--json" || option == "--device" ||
                           option == "--scheduler" || isKindOption(kLaunchOptions, option);
        return fail(
            known ? concat(option, " is given more than once")
                  : concat("unknown option '", option, "' (see mlsyslab-cli gpu run --help)"));
    }
    if (const auto extra = arguments.positional(); !extra.empty()) {
        return fail(concat("unexpected argument '", extra.front(),
                           "': give --device, --kernel, --grid and --block"));
    }
    if (!device || device->empty()) {
        return fail("give --device D: v100, t4, a100, rtx4090, h100, h200 or a device file");
    }
    if (!given["kernel"]) return fail(concat("give --kernel K: ", kernelList()));
    if (!given["grid"]) return fail("give --grid X[,Y[,Z]], the blocks of the launch");
    if (!given["block"]) return fail("give --block X[,Y[,Z]], the threads per block");
    const auto reading = lesson::kinds::warpTimelineKind().readFields(given);
    if (const auto problem = firstOptionProblem(reading.problems, kLaunchOptions, given)) {
        return fail(*problem);
    }
    if (scheduler) {
        if (*scheduler != "lrr" && *scheduler != "gto") {
            return fail(
                concat("--scheduler must be lrr (loose round robin) or gto (greedy then "
                       "oldest), not '",
                       *scheduler, "'"));
        }
        options.scheduler = *scheduler;
    }
    options.device = *device;
    options.kernel = reading.state.kernel;
    options.grid = reading.state.grid;
    options.block = reading.state.block;
    return options;
}

int runGpuRun(Arguments& arguments, Streams& streams) {
    const auto options = readOptions(arguments, streams);
    if (!options) return kExitUsage;

    int exitCode = kExitOk;
    const auto device = readDeviceOption(options->device, kPrefix, streams, exitCode);
    if (!device) return exitCode;

    const auto kernel = gpu::buildKernel(options->kernel, options->grid, options->block);
    if (!kernel) return usageError(streams, concat(kPrefix, kernel.error()));

    gpu::SimulationConfig config;
    config.device = *device;
    config.kernel = *kernel;
    config.grid = options->grid;
    config.block = options->block;
    config.schedulerPolicy = options->scheduler;
    config.recordedSm = -1;  // no snapshots: the command reports totals
    const auto result = gpu::simulateLaunch(config);
    if (!result) {
        streams.err << "mlsyslab-cli: " << kPrefix << result.error() << '\n';
        return kExitFailed;
    }
    const GpuRunReport report{*device, *kernel, options->grid, options->block, options->scheduler,
                              *result};
    if (options->json) {
        printGpuRunJson(report, streams.out);
    } else {
        printGpuRunText(report, streams.out);
    }
    return kExitOk;
}

constexpr std::string_view kDetails =
    "Runs a built-in kernel through the cycle-by-cycle warp scheduler simulator\n"
    "(docs/gpu-simulator.md): every thread computes with real values, blocks go to SMs in\n"
    "waves as resources free, each SM's warp schedulers issue at most one instruction per\n"
    "cycle (loose round robin or greedy-then-oldest), a scoreboard holds back instructions\n"
    "whose registers are in flight, divergent branches run both paths with a SIMT stack, and\n"
    "global memory requests count 32-byte sectors against the device's DRAM bandwidth.\n"
    "\n"
    "Kernels (the problem size follows the launch):\n"
    "  matrixAdd     C[j][i] = A[j][i] + B[j][i], Nx = grid.x*block.x, Ny = grid.y*block.y\n"
    "  vectorAdd     c[i] = a[i] + b[i], n = grid.x*block.x\n"
    "  matmulNaive   C = A x B, N x N with N the smaller launch extent, one thread per element\n"
    "  matmulTiled   C = A x B through TILE x TILE shared-memory tiles: square grid, square\n"
    "                2D blocks (TILE = block.x), two __syncthreads() per tile\n"
    "  divergent     if (threadIdx.x % 2) ... else ...: each warp runs both paths\n"
    "  reduction     out[b] = the sum of block b's values (shared memory, a power-of-two 1D\n"
    "                block)\n"
    "\n"
    "Reports cycles (and microseconds at the boost clock), warp and thread instructions, SIMT\n"
    "efficiency, IPC, achieved occupancy (mean resident warps / the SM's warp slots over the\n"
    "cycles an SM has work) and theoretical occupancy (the occupancy calculator's), warp-cycles\n"
    "by status (issued, ready, waiting_on_register, waiting_at_barrier, pipeline_busy,\n"
    "finished), blocks, waves and global memory sectors.\n"
    "\n"
    "A launch that cannot run (more than 1024 threads per block, too many registers or too\n"
    "much shared memory) is a result: 'cannot run: why', possible: false; exit status 0.\n"
    "\n"
    "Options:\n"
    "  --device D        v100, t4, a100, rtx4090, h100, h200 or a device file (required)\n";

// The kernel and launch options come between, from the warp-timeline kind's schema.
constexpr std::string_view kDetailsEnd =
    "  --scheduler S     lrr (loose round robin, the default) or gto (greedy then oldest)\n"
    "  --json            one JSON object: cycles, ipc, achieved_occupancy_pct,\n"
    "                    theoretical_occupancy_pct, warp_instructions, stalls {issued,\n"
    "                    ready, waiting_on_register, waiting_at_barrier, pipeline_busy,\n"
    "                    finished}, blocks, waves, sectors, possible, device, kernel, grid,\n"
    "                    block, scheduler, time_us, ipc_per_sm, thread_instructions,\n"
    "                    simt_efficiency_pct, active_blocks_per_sm, limiters, active_sms,\n"
    "                    global_requests, stopped_at_cycle_limit; a launch that cannot run:\n"
    "                    possible (false), reason, device, kernel, grid, block, scheduler\n"
    "\n"
    "Examples:\n"
    "  gpu run --device h100 --kernel matrixAdd --grid 3,2 --block 4,3\n"
    "  gpu run --device a100 --kernel matmulTiled --grid 8,8 --block 16,16 --scheduler gto "
    "--json\n";

}  // namespace

Command gpuRunCommand() {
    return {{"gpu", "run"},
            "--device D --kernel K --grid X[,Y] --block X[,Y] [--scheduler lrr|gto] [--json]",
            "A built-in kernel cycle by cycle: cycles, IPC, occupancy, stall reasons.",
            concat(kDetails,
                   kindOptionHelp(lesson::kinds::warpTimelineKind().erased(), kLaunchOptions),
                   kDetailsEnd),
            runGpuRun};
}

}  // namespace mlsyslab::cli
