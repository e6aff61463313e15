#include "matmul/lesson/MatmulBenchKind.h"

#include <algorithm>

#include "lesson/KindFields.h"
#include "matmul/BackendRegistry.h"
#include "matmul/lesson/MatmulBackendsField.h"

namespace mlsyslab::lesson::kinds {

namespace {

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
            backendsField(&MatmulBenchState::backends, "all ten",
                          "the backends offered, a list of the names above, in the order to run "
                          "them"),
            customField<MatmulBenchState>(
                "sizes", "`[64, 128, 256, 512, 1024]`",
                "the sizes N, whole numbers from 1 to 8192; editable in the simulator", readSizes),
            wholeNumberField("threads", &MatmulBenchState::threads, 0, kMostBenchThreads,
                             "threads for `threads` and `openblas`, 0 to 1024 (0: every hardware "
                             "thread); editable"),
            wholeNumberField("repeat", &MatmulBenchState::repeat, 1, kMostBenchRepeats,
                             "timed runs per backend and size, 1 to 100"),
            customField<MatmulBenchState>(
                "max_seconds_per_case", "`4`",
                "seconds a backend's timed runs at one size may take together before it gets "
                "fewer runs, 0.1 to 600",
                readMaxSecondsPerCase),
            flagField("auto_run", &MatmulBenchState::autoRun,
                      "run as soon as the step is shown and the machine read (the default waits "
                      "for Run, so that a lecture screen never starts minutes of work on the "
                      "class's laptops unasked)"),
        },
        nullptr};
    return spec;
}

namespace {
const BuiltinKind kBuiltin(matmulBenchKind);
}  // namespace

}  // namespace mlsyslab::lesson::kinds
