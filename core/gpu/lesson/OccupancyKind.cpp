#include "gpu/lesson/OccupancyKind.h"

#include "gpu/lesson/GpuDeviceField.h"
#include "lesson/KindFields.h"
#include "memory/CacheConfigYaml.h"

namespace mlsyslab::lesson::kinds {

namespace {

void readSharedMemory(const StateField& field, OccupancyState& state,
                      std::vector<StateProblem>& problems) {
    const auto bytes = memory::parseByteSize(scalarText(field));
    if (!bytes || *bytes > std::uint64_t(kMostOccupancySharedBytes)) {
        addStateError(problems, field.problemMark(),
                      "shared_memory must be bytes of dynamic shared memory per block from 0 to "
                      "2147483647, like 16384 or 16KiB");
        return;
    }
    state.sharedBytesPerBlock = static_cast<std::int64_t>(*bytes);
}

}  // namespace

const KindSpec<OccupancyState>& occupancyKind() {
    static const KindSpec<OccupancyState> spec{
        "occupancy",
        "NVIDIA's occupancy calculator: blocks and warps per SM, the limit each resource "
        "sets, and occupancy against block size, registers and shared memory",
        "the occupancy state must be fields like 'block_size: 256', one per line",
        "",
        {
            gpuDeviceField<OccupancyState>(
                "a built-in device: `v100`, `t4`, `a100`, `rtx4090`, `h100` or `h200`"),
            wholeNumberField("block_size", &OccupancyState::blockSize, 0, kMostOccupancyBlockSize,
                             "threads per block, 0 to 2147483647 (a block the device cannot run, "
                             "0 threads or more than 1024, is shown with the reason)"),
            wholeNumberField("registers", &OccupancyState::registersPerThread, 0,
                             kMostOccupancyRegisters,
                             "registers per thread as the compiler reports them, 0 to 2147483647 "
                             "(above 255, the launch cannot run)"),
            customField<OccupancyState>(
                "shared_memory", "`0`",
                "dynamic shared memory per block: bytes, or with `KiB` (`16KiB`), 0 to "
                "2147483647 bytes; static shared memory is taken as 0",
                readSharedMemory),
            flagField("editable", &OccupancyState::editable,
                      "`false` shows the kernel with its controls disabled"),
        },
        nullptr};
    return spec;
}

namespace {
const BuiltinKind kBuiltin(occupancyKind);
}  // namespace

}  // namespace mlsyslab::lesson::kinds
