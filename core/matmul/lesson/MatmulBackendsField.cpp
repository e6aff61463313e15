#include "matmul/lesson/MatmulBackendsField.h"

#include <algorithm>

#include "matmul/BackendRegistry.h"

namespace mlsyslab::lesson::kinds {

std::optional<std::vector<std::string>> readBackendsField(const StateField& field,
                                                          std::vector<StateProblem>& problems) {
    const auto& names = matmul::matmulBackendNames();
    const std::vector<std::string> known(names.begin(), names.end());
    if (!field.value.IsSequence() || field.value.size() == 0) {
        addStateError(problems, field.problemMark(),
                      concat("backends must be a list of at least one backend, like 'backends: "
                             "[naive, simd, openblas]' (the backends are ",
                             listInWords(known, "and"), ")"));
        return std::nullopt;
    }
    std::vector<std::string> backends;
    bool wellFormed = true;
    for (const YAML::Node& entry : field.value) {
        const auto name = readChoiceField("backends", entry, entry.Mark(), known, problems);
        if (!name) {
            wellFormed = false;
            continue;
        }
        if (std::find(backends.begin(), backends.end(), *name) != backends.end()) {
            problems.push_back({Severity::Warning, entry.Mark(),
                                concat("backends: '", *name, "' is listed twice")});
            continue;
        }
        backends.push_back(*name);
    }
    if (!wellFormed) return std::nullopt;
    return backends;
}

}  // namespace mlsyslab::lesson::kinds
