#include "memory/lesson/LatencyProbeKind.h"

#include "lesson/KindFields.h"
#include "memory/CacheConfigYaml.h"

namespace mlsyslab::lesson::kinds {

namespace {

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

}  // namespace

const KindSpec<LatencyProbeState>& latencyProbeKind() {
    using State = LatencyProbeState;
    static const KindSpec<State> spec{
        "latency-probe",
        "this machine's measured load latency against the working set: the staircase of L1, "
        "L2, L3 and DRAM, in ns and cycles, with the triad bandwidth",
        "the latency-probe state must be fields like 'auto_run: true', one per line",
        "",
        {
            flagField("auto_run", &State::autoRun,
                      "start measuring as soon as the step is shown (instead of waiting for "
                      "Measure)"),
            customField<State>("max_size", "`256MiB`",
                               "the largest working set, 64KiB to 4GiB (bytes, or with a KiB, "
                               "MiB or GiB suffix); also offered in a menu",
                               readMaxSize),
            wholeNumberField("points_per_octave", &State::pointsPerOctave, 1, kMostPointsPerOctave,
                             "working sets per doubling, 1 to 8"),
            flagField("bandwidth", &State::bandwidth, "also measure the triad bandwidth"),
        },
        {}};
    return spec;
}

namespace {
const BuiltinKind kBuiltin(latencyProbeKind);
}  // namespace

}  // namespace mlsyslab::lesson::kinds
