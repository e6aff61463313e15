#pragma once

#include <yaml-cpp/yaml.h>

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "lesson/Diagnostic.h"

namespace mlsyslab::lesson {

// A problem in a sim fence's YAML state. The mark is yaml-cpp's 0-based position inside the
// fence body; the lesson parser maps it to the real file line and column.
struct StateProblem {
    Severity severity = Severity::Error;
    YAML::Mark mark;
    std::string message;
};

// Checks the state of one sim fence (the parsed YAML body; a null node when the body is empty).
using StateValidator = std::function<std::vector<StateProblem>(const YAML::Node& state)>;

// A simulator that lessons can embed with ```sim NAME. The widget that shows it is registered
// under the same name on the Qt side (widgets/common/SimWidgetRegistry.h), so the CLI can
// validate lessons without a display.
struct SimKind {
    std::string name;
    std::string summary;  // one line, for docs and "lesson kinds" listings
    StateValidator validate;
};

class SimKindRegistry {
public:
    // False (and nothing changes) when a kind of that name is already registered.
    bool add(SimKind kind);
    const SimKind* find(std::string_view name) const;
    std::vector<std::string> names() const;  // sorted
    // The registered name closest to a misspelt one ("bitz" -> "bits"), if any is close enough.
    std::optional<std::string> suggest(std::string_view unknownName) const;

private:
    std::map<std::string, SimKind, std::less<>> kinds_;
};

}  // namespace mlsyslab::lesson
