#include "matmul/lesson/MatmulBenchKind.h"

#include <algorithm>

#include "matmul/lesson/MatmulBackendsField.h"
#include "lesson/KindFields.h"
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

void readFields(const StateFields& fields, MatmulBenchState& state, std::vector<StateProblem>& problems) {
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

const KindSpec<MatmulBenchState>& matmulBenchKind() {
    static const KindSpec<MatmulBenchState> spec{
        "matmul-bench",
        "the real matrix multiplication on this machine, from naive loops to OpenBLAS and "
            "cuBLAS: GFLOPS against the size on a log-log plot, with a table of speedups",
        "the matmul-bench state must be fields like 'sizes: [64, 256]', one per line",
        "",
        {
            ruleField<MatmulBenchState>("backends", "all ten",
                                "the backends offered, a list of the names above, in the order to run them"),
            ruleField<MatmulBenchState>("sizes", "`[64, 128, 256, 512, 1024]`",
                                "the sizes N, whole numbers from 1 to 8192; editable in the simulator"),
            ruleField<MatmulBenchState>("threads", "`0`",
                                "threads for `threads` and `openblas`, 0 to 1024 (0: every hardware thread); editable"),
            ruleField<MatmulBenchState>("repeat", "`3`",
                                "timed runs per backend and size, 1 to 100"),
            ruleField<MatmulBenchState>("max_seconds_per_case", "`4`",
                                "seconds a backend's timed runs at one size may take together before it gets fewer runs, 0.1 to 600"),
            ruleField<MatmulBenchState>("auto_run", "`false`",
                                "run as soon as the step is shown and the machine read (the default waits for Run, so that a lecture screen never starts minutes of work on the class's laptops unasked)"),
        },
        readFields};
    return spec;
}

namespace {
const BuiltinKind kBuiltin(matmulBenchKind);
}  // namespace

}  // namespace mlsyslab::lesson::kinds
