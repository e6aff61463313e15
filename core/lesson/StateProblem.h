#pragma once

#include <yaml-cpp/yaml.h>

#include <string>

#include "lesson/Diagnostic.h"

namespace mlsyslab::lesson {

// A problem in a sim fence's YAML state. The mark is yaml-cpp's 0-based position inside the
// fence body; the lesson parser maps it to the real file line and column.
struct StateProblem {
    Severity severity = Severity::Error;
    YAML::Mark mark;
    std::string message;
};

}  // namespace mlsyslab::lesson
