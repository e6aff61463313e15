#include "cli/GpuOccupancyCommand.h"

#include <charconv>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>

#include "cli/GpuDeviceOption.h"
#include "cli/GpuOccupancyOutput.h"
#include "common/Concat.h"
#include "gpu/Occupancy.h"

namespace mlsyslab::cli {

namespace {

constexpr std::string_view kPrefix = "gpu occupancy: ";
// Far past any GPU, and small enough that rounding to allocation units cannot overflow.
constexpr std::int64_t kMostSharedBytes = std::int64_t{1} << 40;

struct OccupancyOptions {
    std::string device;
    gpu::KernelResources kernel;
    bool json = false;
};

std::optional<std::int64_t> parseWholeNumber(std::string_view text, std::int64_t least,
                                             std::int64_t most) {
    std::int64_t value = 0;
    if (text.starts_with('+')) return std::nullopt;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || error != std::errc() || end != text.data() + text.size()) {
        return std::nullopt;
    }
    if (value < least || value > most) return std::nullopt;
    return value;
}

// Reads the options; on bad usage prints the one-line error and returns nothing (exit 2).
std::optional<OccupancyOptions> readOptions(Arguments& arguments, Streams& streams) {
    const auto fail = [&](std::string_view message) {
        usageError(streams, concat(kPrefix, message));
        return std::nullopt;
    };
    OccupancyOptions options;
    options.json = arguments.takeFlag("--json");
    const auto device = arguments.takeValue("--device");
    const auto blockSize = arguments.takeValue("--block-size");
    const auto registers = arguments.takeValue("--regs");
    const auto shared = arguments.takeValue("--smem");
    if (const auto option = arguments.firstUnknownOption(); !option.empty()) {
        const bool known = option == "--json" || option == "--device" || option == "--block-size" ||
                           option == "--regs" || option == "--smem";
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
    if (!blockSize) return fail("give --block-size B, the threads per block");
    if (!registers) return fail("give --regs R, the registers per thread");
    options.device = *device;
    // Block sizes and register counts a kernel cannot have are results ("cannot run"), so any
    // int is taken; only text that is not a number is a usage error.
    constexpr std::int64_t kLeastInt = -2147483647 - 1;
    constexpr std::int64_t kMostInt = 2147483647;
    const auto threads = parseWholeNumber(*blockSize, kLeastInt, kMostInt);
    if (!threads) {
        return fail(
            concat("--block-size must be a whole number of threads, not '", *blockSize, "'"));
    }
    const auto registerCount = parseWholeNumber(*registers, kLeastInt, kMostInt);
    if (!registerCount) {
        return fail(concat("--regs must be a whole number of registers per thread, not '",
                           *registers, "'"));
    }
    options.kernel.threadsPerBlock = static_cast<int>(*threads);
    options.kernel.registersPerThread = static_cast<int>(*registerCount);
    if (shared) {
        const auto bytes = parseWholeNumber(*shared, -kMostSharedBytes, kMostSharedBytes);
        if (!bytes) {
            return fail(concat("--smem must be a whole number of bytes (at most 2^40), not '",
                               *shared, "'"));
        }
        options.kernel.dynamicSharedBytesPerBlock = *bytes;
    }
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
    "  --device D        the GPU (required)\n"
    "  --block-size B    threads per block (required)\n"
    "  --regs R          registers per thread, as the compiler reports them (required)\n"
    "  --smem BYTES      dynamic shared memory per block in bytes (default 0)\n"
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
            std::string(kDetails),
            runGpuOccupancy};
}

}  // namespace mlsyslab::cli
