#pragma once

#include <yaml-cpp/yaml.h>

#include <optional>
#include <string_view>

#include "lesson/DiagnosticSink.h"

namespace mlsyslab::lesson {

// Deeper YAML than this is refused before yaml-cpp sees it: its parser recurses once per level,
// and a lesson's state never needs more than a handful of levels.
inline constexpr int kMaxYamlNesting = 50;

// Where a piece of YAML sits in the lesson file, to turn yaml-cpp's 0-based marks (relative to
// that piece) into 1-based file lines and columns.
struct YamlPlacement {
    int firstLine = 1;     // the file line of the YAML's first line
    int lastLine = 1;      // marks past the end (yaml-cpp reports "end of input" there) clamp here
    int fallbackLine = 1;  // for problems without a mark
    int fallbackColumn = 1;
};

struct FilePosition {
    int line = 0;
    int column = 0;
};

FilePosition filePositionOf(const YAML::Mark& mark, const YamlPlacement& placement);

// Loads one YAML document. On any problem reports "invalid YAML in <what>: <reason>" at the
// real file position and returns nothing; never throws.
std::optional<YAML::Node> loadYaml(std::string_view yaml, std::string_view what,
                                   const YamlPlacement& placement, DiagnosticSink& diagnostics);

}  // namespace mlsyslab::lesson
