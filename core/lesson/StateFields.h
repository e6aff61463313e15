#pragma once

#include <yaml-cpp/yaml.h>

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "common/Concat.h"
#include "lesson/StateProblem.h"

namespace mlsyslab::lesson {

// What a kind's state reader does for every field: find the "name: value" lines, warn about
// unknown names with a suggestion, refuse a name given twice, and read yes/no and one-of-a-list
// values with messages at the exact YAML mark.

// One "name: value" line.
struct StateField {
    YAML::Node key;
    YAML::Node value;
    // An empty value ("format:") has its mark on the next line, so point at the name instead.
    YAML::Mark problemMark() const { return value.IsNull() ? key.Mark() : value.Mark(); }
};

struct StateFields {
    YAML::Node map;  // the whole state, for problems that belong to no one field
    std::map<std::string, StateField> byName;
    std::set<std::string> rejected;  // given, but their reader reported an error
    const StateField* find(const std::string& name) const;
    bool isRejected(const std::string& name) const { return rejected.contains(name); }
};

// The known fields of a map state. `kindName` words the messages ("unknown float field 'x'").
StateFields collectStateFields(const YAML::Node& state, std::string_view kindName,
                               const std::vector<std::string>& fieldNames,
                               std::vector<StateProblem>& problems);

// How many of the problems are errors (warnings do not count).
std::size_t errorCount(const std::vector<StateProblem>& problems);

void addStateError(std::vector<StateProblem>& problems, const YAML::Mark& mark,
                   std::string message);

// true / false (YAML 1.2's spellings only: "yes" and "on" mean different things to different
// parsers), or nothing and an error "NAME must be true or false".
std::optional<bool> readBooleanField(const std::string& name, const StateField& field,
                                     std::vector<StateProblem>& problems);

// The scalar text when it is one of `choices`, or nothing and an error "NAME must be a, b or c"
// (with "did you mean" when the text is close to one).
std::optional<std::string> readChoiceField(const std::string& name, const YAML::Node& node,
                                           const YAML::Mark& mark,
                                           const std::vector<std::string>& choices,
                                           std::vector<StateProblem>& problems);

// The field's text when its value is a scalar, else "".
std::string scalarText(const StateField& field);

// A decimal number in the C locale's spelling (an optional '+' allowed), finite: inf and nan
// are refused. Nothing when the text is anything else.
std::optional<double> parseFiniteDecimal(std::string_view text);

// Decimal digits only (an optional '+'), from minimum to maximum, or nothing and an error
// "NAME must be a whole number from MIN to MAX". yaml-cpp's own conversion would also take
// octal and hex.
std::optional<std::uint64_t> readWholeNumberField(const std::string& name, const StateField& field,
                                                  std::uint64_t minimum, std::uint64_t maximum,
                                                  std::vector<StateProblem>& problems);

// "-3", "+2", "12": a whole number with an optional sign; nothing for anything else
// (yaml-cpp's own conversion would also take octal and hex).
std::optional<std::int64_t> parseSignedWhole(std::string_view text);
// The same, or in hex after 0x ("0x80", "-0x10"): byte addresses.
std::optional<std::int64_t> parseSignedWholeOrHex(std::string_view text);
using NumberParser = std::optional<std::int64_t> (*)(std::string_view);

// A YAML list of whole numbers, like [2, 0, 1] (each read by `parse`), or nothing and an error at the list (or at the
// offending item) "NAME must be ..." with `expected` saying what.
std::optional<std::vector<std::int64_t>> readWholeNumberList(const std::string& name,
                                                             const YAML::Node& node,
                                                             const YAML::Mark& mark,
                                                             std::string_view expected,
                                                             std::vector<StateProblem>& problems,
                                                             NumberParser parse = parseSignedWhole);

// Problems in file order: kinds read their fields in a fixed order (a value needs its format
// first), but a lesson author reads the messages top to bottom.
void sortByPosition(std::vector<StateProblem>& problems);

// The frame of every kind's state reader: an empty state keeps the defaults, anything but a map
// is one error (`notAMapMessage`), a yaml-cpp exception resets the state to its defaults, and
// the problems come back in file order. `readFields(state, reading)` does the kind's own work.
template <typename Reading, typename ReadFields>
Reading readStateMap(const YAML::Node& state, std::string_view notAMapMessage,
                     ReadFields readFields) {
    Reading reading;
    try {
        if (!state || state.IsNull()) return reading;
        if (!state.IsMap()) {
            reading.problems.push_back(
                {Severity::Error, state.Mark(), std::string(notAMapMessage)});
            return reading;
        }
        readFields(state, reading);
    } catch (const YAML::Exception& error) {
        reading.state = decltype(reading.state){};
        reading.problems.push_back({Severity::Error, error.mark, error.msg});
    }
    sortByPosition(reading.problems);
    return reading;
}

// "a, b or c" (or "a, b and c" with the conjunction "and").
std::string listInWords(const std::vector<std::string>& words, std::string_view conjunction);

}  // namespace mlsyslab::lesson
