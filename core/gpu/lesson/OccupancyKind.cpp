#include "gpu/lesson/OccupancyKind.h"

#include "gpu/lesson/GpuDeviceField.h"
#include "lesson/KindFields.h"
#include "memory/CacheConfigYaml.h"

namespace mlsyslab::lesson::kinds {

namespace {

const std::vector<std::string> kFieldNames = {"device", "block_size", "registers", "shared_memory",
                                              "editable"};

void readSharedMemory(const StateField& field, OccupancyState& state,
                      std::vector<StateProblem>& problems) {
    const auto bytes = memory::parseByteSize(scalarText(field));
    if (!bytes || *bytes > std::uint64_t(kMostOccupancySharedBytes)) {
        addStateError(problems, field.problemMark(),
                      "shared_memory must be bytes of dynamic shared memory per block from 0 to "
                      "1MiB, like 16384 or 16KiB");
        return;
    }
    state.sharedBytesPerBlock = static_cast<std::int64_t>(*bytes);
}

void readFields(const StateFields& fields, OccupancyState& state, std::vector<StateProblem>& problems) {
    if (const StateField* field = fields.find("device")) {
        if (const auto id = readGpuDeviceField(*field, problems)) state.device = *id;
    }
    if (const StateField* field = fields.find("block_size")) {
        if (const auto size =
                readWholeNumberField("block_size", *field, 1, kMostOccupancyBlockSize, problems)) {
            state.blockSize = static_cast<int>(*size);
        }
    }
    if (const StateField* field = fields.find("registers")) {
        if (const auto registers =
                readWholeNumberField("registers", *field, 0, kMostOccupancyRegisters, problems)) {
            state.registersPerThread = static_cast<int>(*registers);
        }
    }
    if (const StateField* field = fields.find("shared_memory")) {
        readSharedMemory(*field, state, problems);
    }
    if (const StateField* field = fields.find("editable")) {
        state.editable = readBooleanField("editable", *field, problems).value_or(true);
    }
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
            ruleField<OccupancyState>("device", "`rtx4090`",
                                "a built-in device: `v100`, `t4`, `a100`, `rtx4090`, `h100` or `h200`"),
            ruleField<OccupancyState>("block_size", "`256`",
                                "threads per block, 1 to 2048 (above the device's most, the simulator explains why the launch fails)"),
            ruleField<OccupancyState>("registers", "`32`",
                                "registers per thread, 0 to 512 (above 255, the launch fails)"),
            ruleField<OccupancyState>("shared_memory", "`0`",
                                "dynamic shared memory per block: bytes, or with `KiB` (`16KiB`), up to `1MiB`; static shared memory is taken as 0"),
            ruleField<OccupancyState>("editable", "`true`",
                                "`false` shows the kernel with its controls disabled"),
        },
        readFields};
    return spec;
}

namespace {
const BuiltinKind kBuiltin(occupancyKind);
}  // namespace

}  // namespace mlsyslab::lesson::kinds
