#pragma once

#include <yaml-cpp/yaml.h>

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "lesson/SimState.h"
#include "lesson/StateProblem.h"

namespace mlsyslab::lesson {

// How a field's value is read: the typed readers of lesson/KindFields.h, or the kind's own code.
enum class FieldType { Flag, WholeNumber, Choice, Custom };

// One field of a kind's schema, as lesson authors and tools see it. Its name, default and doc
// are a row of the kind's table in docs/lesson-format.md ("| `width` | `8` | the number ... |");
// a typed field also gives its range or choices, which the doc must name.
struct FieldSchema {
    std::string name;
    FieldType type = FieldType::Custom;
    std::string defaultText;  // Markdown: "`8`", "the preset's", or "" for none
    std::string doc;          // Markdown: the values it takes and what they mean
    std::vector<std::string> choices;  // Choice: every value it takes
    std::uint64_t minimum = 0;         // WholeNumber: the range
    std::uint64_t maximum = 0;
};

// What a kind made of one fence's YAML: its typed state (defaults where a field is missing or
// wrong) and every problem found, in file order.
struct SimStateReading {
    SimState state;
    std::vector<StateProblem> problems;
};

// A simulator that lessons can embed with ```sim NAME, as the lesson reader and the CLI see it:
// the type-erased face of a KindSpec (lesson/KindSpec.h), which is where kinds are declared.
// Its view registers under the same kind on the Qt side (widgets/common/SimViews.h).
struct SimKind {
    std::string name;
    std::string summary;  // one line, for docs and "lesson kinds" listings
    std::vector<FieldSchema> fields;  // in the order the docs list them
    // Reads the state of one fence (the parsed YAML body; a null node when the body is empty).
    std::function<SimStateReading(const YAML::Node& state)> read;
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
