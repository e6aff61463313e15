#include "lesson/kinds/OccupancyKind.h"

#include "lesson/kinds/GpuDeviceField.h"
#include "lesson/kinds/StateFields.h"
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

void readFields(const YAML::Node& node, OccupancyStateReading& reading) {
    auto& problems = reading.problems;
    const StateFields fields = collectStateFields(node, "occupancy", kFieldNames, problems);
    OccupancyState& state = reading.state;
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

OccupancyStateReading readOccupancyState(const YAML::Node& state) {
    return readStateMap<OccupancyStateReading>(
        state, "the occupancy state must be fields like 'block_size: 256', one per line",
        readFields);
}

SimKind occupancyKind() {
    return {"occupancy",
            "NVIDIA's occupancy calculator: blocks and warps per SM, the limit each resource "
            "sets, and occupancy against block size, registers and shared memory",
            [](const YAML::Node& state) { return readOccupancyState(state).problems; }};
}

}  // namespace mlsyslab::lesson::kinds
