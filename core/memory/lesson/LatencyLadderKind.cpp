#include "memory/lesson/LatencyLadderKind.h"

#include <algorithm>
#include <string>

#include "lesson/KindFields.h"

namespace mlsyslab::lesson::kinds {

namespace {

std::vector<std::string> levelKeys() {
    std::vector<std::string> keys;
    for (const memory::LectureLatency& latency : memory::kLectureLatencies) {
        keys.emplace_back(latency.key);
    }
    return keys;
}

void readLevels(const StateField& field, LatencyLadderState& state,
                std::vector<StateProblem>& problems) {
    const std::vector<std::string> keys = levelKeys();
    const std::string example = "levels: [l1, l2, l3, ram]";
    if (!field.value.IsSequence() || field.value.size() == 0) {
        addStateError(problems, field.problemMark(),
                      concat("levels must be a list of at least one level, like '", example,
                             "' (the levels are ", listInWords(keys, "and"), ")"));
        return;
    }
    std::vector<bool> shown(memory::kHierarchyLevelCount, false);
    for (const YAML::Node& entry : field.value) {
        const auto key = readChoiceField("levels", entry, entry.Mark(), keys, problems);
        if (!key) return;  // keep the default: every level
        const auto index = std::size_t(std::find(keys.begin(), keys.end(), *key) - keys.begin());
        if (shown[index]) {
            problems.push_back(
                {Severity::Warning, entry.Mark(), concat("levels: '", *key, "' is listed twice")});
        }
        shown[index] = true;
    }
    state.shown = shown;
}

}  // namespace

const KindSpec<LatencyLadderState>& latencyLadderKind() {
    using State = LatencyLadderState;
    static const KindSpec<State> spec{
        "latency-ladder",
        "the lecture's latencies from registers to SSD on a log scale, with the "
        "if-a-cycle-were-a-second analogy and this machine's measured L1, L2, L3 and RAM",
        "the latency-ladder state must be fields like 'analogy: true', one per line",
        "",
        {
            customField<State>("levels", "all",
                               "the rows shown, a list of `registers`, `l1`, `l2`, `l3`, `ram`, "
                               "`ssd`, drawn core outward whatever the order",
                               readLevels),
            flagField("measure", &State::measure,
                      "measure this machine as soon as the step is shown"),
            flagField("analogy", &State::analogy,
                      "add \"if one cycle were one second\" to each bar"),
        },
        {}};
    return spec;
}

namespace {
const BuiltinKind kBuiltin(latencyLadderKind);
}  // namespace

}  // namespace mlsyslab::lesson::kinds
