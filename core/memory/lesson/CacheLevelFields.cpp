#include "memory/lesson/CacheLevelFields.h"

#include "memory/CacheLevelYaml.h"

namespace mlsyslab::lesson::kinds {

namespace {

const std::string kExample =
    "levels: [{name: L1, size: 1KiB, associativity: 4, line: 64, latency: 4}]";

}  // namespace

std::optional<CacheLevelsReading> readCacheLevelsField(const StateField& field,
                                                       std::vector<StateProblem>& problems) {
    const YAML::Node& value = field.value;
    if (!value.IsSequence() || value.size() == 0) {
        addStateError(
            problems, field.problemMark(),
            concat("levels must be a list of 1 to ", std::to_string(memory::kMaxCacheLevels),
                   " levels, L1 first, like '", kExample, "'"));
        return std::nullopt;
    }
    if (value.size() > memory::kMaxCacheLevels) {
        addStateError(problems, value[memory::kMaxCacheLevels].Mark(),
                      concat("at most ", std::to_string(memory::kMaxCacheLevels),
                             " cache levels, not ", std::to_string(value.size())));
        return std::nullopt;
    }
    CacheLevelsReading reading;
    bool ok = true;
    for (std::size_t index = 0; index < value.size(); ++index) {
        const YAML::Node node = value[index];
        memory::CacheLevelReading level = memory::readCacheLevelYaml(node, index);
        for (memory::CacheLevelProblem& problem : level.problems) {
            problems.push_back({problem.unknownField ? Severity::Warning : Severity::Error,
                                problem.mark, std::move(problem.message)});
        }
        if (level.level) {
            reading.levels.push_back(std::move(*level.level));
            reading.marks.push_back(node.Mark());
        } else {
            ok = false;
        }
    }
    if (!ok) return std::nullopt;
    return reading;
}

}  // namespace mlsyslab::lesson::kinds
