#pragma once

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string_view>
#include <vector>

#include "lesson/Diagnostic.h"
#include "lesson/Lesson.h"
#include "lesson/SimKindRegistry.h"

namespace mlsyslab::lesson {

// Lesson files larger than this are refused: a lesson is prose and small YAML states, and a
// limit keeps a stray multi-gigabyte file from freezing the app.
inline constexpr std::size_t kMaxLessonBytes = 1024 * 1024;

inline constexpr std::string_view kLessonFormat = "mlsyslab-lesson/1";

// `lesson` holds a value exactly when `diagnostics` has no error; warnings may come with it.
struct LessonParseResult {
    std::optional<Lesson> lesson;
    std::vector<Diagnostic> diagnostics;  // in file order (line, then column)
};

// Parses and validates a whole lesson (docs/lesson-format.md). Never throws, never hangs:
// empty, binary (NUL bytes or invalid UTF-8) and oversized texts are diagnosed too.
LessonParseResult parseLesson(std::string_view text, const SimKindRegistry& kinds);

// Reads the file (at most kMaxLessonBytes + 1 bytes of it) and parses it. A file that cannot
// be read gives one line-0 diagnostic saying why.
LessonParseResult loadLessonFile(const std::filesystem::path& path, const SimKindRegistry& kinds);

}  // namespace mlsyslab::lesson
