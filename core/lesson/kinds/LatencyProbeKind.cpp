#include "lesson/kinds/LatencyProbeKind.h"

#include "lesson/kinds/StateFields.h"
#include "memory/CacheConfigYaml.h"

namespace mlsyslab::lesson::kinds {

namespace {

const std::vector<std::string> kFieldNames = {"auto_run", "max_size", "points_per_octave",
                                              "bandwidth"};

void readMaxSize(const StateField& field, LatencyProbeState& state,
                 std::vector<StateProblem>& problems) {
    const std::string text = scalarText(field);
    const auto bytes = memory::parseByteSize(text);
    if (!bytes || *bytes < kSmallestProbeMaxSizeBytes || *bytes > kLargestProbeMaxSizeBytes) {
        addStateError(problems, field.problemMark(),
                      "max_size must be a size from 64KiB to 4GiB, like 256MiB or 1GiB");
        return;
    }
    state.maxSizeBytes = *bytes;
}

void readFields(const YAML::Node& node, LatencyProbeStateReading& reading) {
    auto& problems = reading.problems;
    const StateFields fields = collectStateFields(node, "latency-probe", kFieldNames, problems);
    LatencyProbeState& state = reading.state;
    if (const StateField* field = fields.find("auto_run")) {
        state.autoRun = readBooleanField("auto_run", *field, problems).value_or(state.autoRun);
    }
    if (const StateField* field = fields.find("max_size")) readMaxSize(*field, state, problems);
    if (const StateField* field = fields.find("points_per_octave")) {
        const auto points =
            readWholeNumberField("points_per_octave", *field, 1, kMostPointsPerOctave, problems);
        if (points) state.pointsPerOctave = int(*points);
    }
    if (const StateField* field = fields.find("bandwidth")) {
        state.bandwidth = readBooleanField("bandwidth", *field, problems).value_or(state.bandwidth);
    }
}

}  // namespace

LatencyProbeStateReading readLatencyProbeState(const YAML::Node& state) {
    return readStateMap<LatencyProbeStateReading>(
        state, "the latency-probe state must be fields like 'auto_run: true', one per line",
        readFields);
}

SimKind latencyProbeKind() {
    return {"latency-probe",
            "this machine's measured load latency against the working set: the staircase of L1, "
            "L2, L3 and DRAM, in ns and cycles, with the triad bandwidth",
            [](const YAML::Node& state) { return readLatencyProbeState(state).problems; }};
}

}  // namespace mlsyslab::lesson::kinds
