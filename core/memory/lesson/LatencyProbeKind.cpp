#include "memory/lesson/LatencyProbeKind.h"

#include "lesson/KindFields.h"
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

void readFields(const StateFields& fields, LatencyProbeState& state, std::vector<StateProblem>& problems) {
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

const KindSpec<LatencyProbeState>& latencyProbeKind() {
    static const KindSpec<LatencyProbeState> spec{
        "latency-probe",
        "this machine's measured load latency against the working set: the staircase of L1, "
            "L2, L3 and DRAM, in ns and cycles, with the triad bandwidth",
        "the latency-probe state must be fields like 'auto_run: true', one per line",
        "",
        {
            ruleField<LatencyProbeState>("auto_run", "`false`",
                                "start measuring as soon as the step is shown (instead of waiting for Measure)"),
            ruleField<LatencyProbeState>("max_size", "`256MiB`",
                                "the largest working set, 64KiB to 4GiB (bytes, or with a KiB, MiB or GiB suffix); also offered in a menu"),
            ruleField<LatencyProbeState>("points_per_octave", "`4`",
                                "working sets per doubling, 1 to 8"),
            ruleField<LatencyProbeState>("bandwidth", "`true`",
                                "also measure the triad bandwidth"),
        },
        readFields};
    return spec;
}

namespace {
const BuiltinKind kBuiltin(latencyProbeKind);
}  // namespace

}  // namespace mlsyslab::lesson::kinds
