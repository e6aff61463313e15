#include "lesson/kinds/MatmulBenchKind.h"

#include <algorithm>

#include "lesson/kinds/MatmulBackendsField.h"
#include "lesson/kinds/StateFields.h"
#include "matmul/BackendRegistry.h"

namespace mlsyslab::lesson::kinds {

namespace {

const std::vector<std::string> kFieldNames = {
    "backends", "sizes", "threads", "repeat", "max_seconds_per_case", "auto_run"};

void readSizes(const StateField& field, MatmulBenchState& state,
               std::vector<StateProblem>& problems) {
    if (!field.value.IsSequence() || field.value.size() == 0) {
        addStateError(problems, field.problemMark(),
                      "sizes must be a list of at least one matrix size, like 'sizes: [64, 256, "
                      "1024]'");
        return;
    }
    std::vector<std::int64_t> sizes;
    bool wellFormed = true;
    for (const YAML::Node& entry : field.value) {
        const auto size = readWholeNumberField("sizes", StateField{field.key, entry}, 1,
                                               std::uint64_t(kLargestBenchSize), problems);
        if (!size) {
            wellFormed = false;
            continue;
        }
        if (std::find(sizes.begin(), sizes.end(), std::int64_t(*size)) != sizes.end()) {
            problems.push_back({Severity::Warning, entry.Mark(),
                                concat("sizes: ", std::to_string(*size), " is listed twice")});
            continue;
        }
        sizes.push_back(std::int64_t(*size));
    }
    if (wellFormed) state.sizes = sizes;
}

void readMaxSecondsPerCase(const StateField& field, MatmulBenchState& state,
                           std::vector<StateProblem>& problems) {
    const auto seconds = parseFiniteDecimal(scalarText(field));
    if (!seconds || *seconds < kShortestCaseSeconds || *seconds > kLongestCaseSeconds) {
        addStateError(problems, field.problemMark(),
                      "max_seconds_per_case must be a number of seconds from 0.1 to 600, like 4");
        return;
    }
    state.maxSecondsPerCase = *seconds;
}

void readFields(const YAML::Node& node, MatmulBenchStateReading& reading) {
    auto& problems = reading.problems;
    const StateFields fields = collectStateFields(node, "matmul-bench", kFieldNames, problems);
    MatmulBenchState& state = reading.state;
    if (const StateField* field = fields.find("backends")) {
        if (auto backends = readBackendsField(*field, problems)) state.backends = *backends;
    }
    if (const StateField* field = fields.find("sizes")) readSizes(*field, state, problems);
    if (const StateField* field = fields.find("threads")) {
        const auto threads =
            readWholeNumberField("threads", *field, 0, kMostBenchThreads, problems);
        if (threads) state.threads = unsigned(*threads);
    }
    if (const StateField* field = fields.find("repeat")) {
        const auto repeat = readWholeNumberField("repeat", *field, 1, kMostBenchRepeats, problems);
        if (repeat) state.repeat = int(*repeat);
    }
    if (const StateField* field = fields.find("max_seconds_per_case")) {
        readMaxSecondsPerCase(*field, state, problems);
    }
    if (const StateField* field = fields.find("auto_run")) {
        state.autoRun = readBooleanField("auto_run", *field, problems).value_or(state.autoRun);
    }
}

}  // namespace

std::vector<std::string> MatmulBenchState::defaultBackends() {
    const auto& names = matmul::matmulBackendNames();
    return {names.begin(), names.end()};
}

MatmulBenchStateReading readMatmulBenchState(const YAML::Node& state) {
    return readStateMap<MatmulBenchStateReading>(
        state, "the matmul-bench state must be fields like 'sizes: [64, 256]', one per line",
        readFields);
}

SimKind matmulBenchKind() {
    return {"matmul-bench",
            "the real matrix multiplication on this machine, from naive loops to OpenBLAS and "
            "cuBLAS: GFLOPS against the size on a log-log plot, with a table of speedups",
            [](const YAML::Node& state) { return readMatmulBenchState(state).problems; }};
}

}  // namespace mlsyslab::lesson::kinds
