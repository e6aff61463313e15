#include "cli/GpuOccupancyCommand.h"

#include <optional>
#include <ostream>
#include <string>
#include <string_view>

#include "cli/GpuDeviceOption.h"
#include "cli/GpuOccupancyOutput.h"
#include "cli/KindOptions.h"
#include "common/Concat.h"
#include "gpu/Occupancy.h"
#include "gpu/lesson/OccupancyKind.h"

namespace mlsyslab::cli {

namespace {

constexpr std::string_view kPrefix = "gpu occupancy: ";

// The kernel's options are the occupancy kind's fields (lesson/KindSpec.h): one range and one
// message for the CLI and lessons.
const KindOption kKernelOptions[] = {
    {"--block-size", "block_size", "B", false, true},
    {"--regs", "registers", "R", false, true},
    {"--smem", "shared_memory", "BYTES"},
};

struct OccupancyOptions {
    std::string device;
    gpu::KernelResources kernel;
    bool json = false;
};

// Reads the options; on bad usage prints the one-line error and returns nothing (exit 2).
std::optional<OccupancyOptions> readOptions(Arguments& arguments, Streams& streams) {
    const auto fail = [&](std::string_view message) {
        usageError(streams, concat(kPrefix, message));
        return std::nullopt;
    };
    OccupancyOptions options;
    options.json = arguments.takeFlag("--json");
    const auto device = arguments.takeValue("--device");
    const YAML::Node given = takeKindOptions(arguments, kKernelOptions);
    if (const auto option = arguments.firstUnknownOption(); !option.empty()) {
        const bool known =
            option == "--json" || option == "--device" || isKindOption(kKernelOptions, option);
        return fail(known ? concat(option, " is given more than once")
                          : concat("unknown option '", option,
                                   "' (see mlsyslab-cli gpu occupancy --help)"));
    }
    if (const auto extra = arguments.positional(); !extra.empty()) {
        return fail(concat("unexpected argument '", extra.front(),
                           "': give --device, --block-size, --regs and --smem"));
    }
    if (!device || device->empty()) {
        return fail("give --device D: v100, t4, a100, rtx4090, h100, h200 or a device file");
    }
    if (!given["block_size"]) return fail("give --block-size B, the threads per block");
    if (!given["registers"]) return fail("give --regs R, the registers per thread");
    const auto reading = lesson::kinds::occupancyKind().read(given);
    if (const auto problem = firstOptionProblem(reading.problems, kKernelOptions, given)) {
        return fail(*problem);
    }
    options.device = *device;
    options.kernel.threadsPerBlock = reading.state.blockSize;
    options.kernel.registersPerThread = reading.state.registersPerThread;
    options.kernel.dynamicSharedBytesPerBlock = reading.state.sharedBytesPerBlock;
    return options;
}

int runGpuOccupancy(Arguments& arguments, Streams& streams) {
    const auto options = readOptions(arguments, streams);
    if (!options) return kExitUsage;
    int exitCode = kExitOk;
    const auto device = readDeviceOption(options->device, kPrefix, streams, exitCode);
    if (!device) return exitCode;
    const gpu::OccupancyResult result = gpu::computeOccupancy(*device, options->kernel);
    const OccupancyReport report{*device, options->kernel, result};
    if (options->json) {
        printOccupancyJson(report, streams.out);
    } else {
        printOccupancyText(report, streams.out);
    }
    return kExitOk;
}

constexpr std::string_view kDetails =
    "How many blocks of a kernel one SM holds at once, as NVIDIA's occupancy calculator\n"
    "(cuda_occupancy.h) computes it, and which resource sets the limit:\n"
    "  warps          the SM's warp slots / the block's warps (threads rounded up to 32s)\n"
    "  registers      registers are granted per warp in units of 256, inside each of the\n"
    "                 warp schedulers' sub-partitions of the register file\n"
    "  shared_memory  the SM's shared memory / the block's (dynamic + the driver's 1 KiB\n"
    "                 reservation from compute capability 8.0, rounded to 128 bytes; 256 on 7.x)\n"
    "  blocks         the most resident blocks per SM\n"
    "Occupancy = active warps / the SM's warp slots. The whole SM's shared memory is\n"
    "available (the default carve-out) and the kernel is opted in to the largest dynamic\n"
    "shared memory per block (cudaFuncSetAttribute); static shared memory is 0.\n"
    "\n"
    "A launch that cannot run (more than 1024 threads per block, more registers per thread or\n"
    "per block than the device has, more shared memory than the opt-in limit) is a result:\n"
    "0 blocks, 0 %, the resource at fault as the limiter and the reason; exit status 0.\n"
    "\n"
    "D is a built-in device (v100, t4, a100, rtx4090, h100, h200) or the path of a device\n"
    "file (docs/gpu-devices.md); a malformed file prints 'FILE:LINE:COL: error: message' and\n"
    "exits with 1.\n"
    "\n"
    "Options:\n"
    "  --device D        the GPU (required)\n";

// The kernel's options, from the occupancy kind's schema, then --json and the examples.
constexpr std::string_view kDetailsEnd =
    "  --json            one JSON object: active_blocks_per_sm, active_warps_per_sm,\n"
    "                    occupancy_pct, limiters, possible, reason, device, block_size,\n"
    "                    registers_per_thread, dynamic_shared_bytes, warps_per_block,\n"
    "                    max_warps_per_sm, registers_per_warp_allocated,\n"
    "                    shared_bytes_per_block_allocated, blocks_limited_by {warps,\n"
    "                    registers, shared_memory, blocks}\n"
    "\n"
    "Examples:\n"
    "  gpu occupancy --device h100 --block-size 256 --regs 32 --smem 0\n"
    "  gpu occupancy --device a100 --block-size 256 --regs 32 --smem 49152 --json\n";

}  // namespace

Command gpuOccupancyCommand() {
    return {{"gpu", "occupancy"},
            "--device D --block-size B --regs R --smem BYTES [--json]",
            "Blocks and warps per SM, the limit each resource sets, occupancy.",
            concat(kDetails,
                   kindOptionHelp(lesson::kinds::occupancyKind().erased(), kKernelOptions),
                   kDetailsEnd),
            runGpuOccupancy};
}

}  // namespace mlsyslab::cli
