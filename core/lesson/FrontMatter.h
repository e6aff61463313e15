#pragma once

#include <cstddef>
#include <optional>
#include <string_view>
#include <vector>

#include "lesson/DiagnosticSink.h"
#include "lesson/Lesson.h"

namespace mlsyslab::lesson {

struct FrontMatter {
    LessonInfo info;
    std::size_t closingLineIndex = 0;  // 0-based index of the closing '---' (or '...') line
};

// Reads the YAML front matter at the top of the lesson and checks every key. Returns nothing
// when there is no front matter to stand on (not opened or never closed): the body cannot be
// told apart from it then. Problems inside a readable front matter are reported and the
// (partial) info is still returned, so that the body gets checked too.
std::optional<FrontMatter> parseFrontMatter(const std::vector<std::string_view>& lines,
                                            DiagnosticSink& diagnostics);

}  // namespace mlsyslab::lesson
