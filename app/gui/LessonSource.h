#pragma once

#include <QString>
#include <optional>
#include <string>
#include <vector>

#include "lesson/LessonParser.h"

namespace mlsyslab::app {

// Where an open lesson comes from: the built-in course (compiled in) or a file on disk.
struct LessonSource {
    enum class Origin { BuiltIn, File };
    Origin origin = Origin::File;
    QString location;  // the built-in file name ("01-bits-and-bytes.lesson.md") or a file path
    friend bool operator==(const LessonSource&, const LessonSource&) = default;
};

struct LoadedLesson {
    LessonSource source;
    std::string text;  // as read (at most kMaxLessonBytes + 1 bytes), for the diagnostics view
    lesson::LessonParseResult parsed;
};

// Reads and parses the lesson; a file that cannot be read gives a line-0 diagnostic.
LoadedLesson loadLesson(const LessonSource& source, const lesson::SimKindRegistry& kinds);

// The built-in course, parsed, in course order (part, then order, then file name).
std::vector<LoadedLesson> loadBuiltinCourse(const lesson::SimKindRegistry& kinds);

// The built-in lesson that a lesson file is: a file of the lessons/ folder the course was built
// from, or a file with a built-in lesson's id (a copy, maybe edited). Such a file is not one of
// the user's own lessons: the browser lists it once, as the course's. Null when there is none.
const LoadedLesson* builtinLessonOfFile(const LoadedLesson& file,
                                        const std::vector<LoadedLesson>& course);

// A built-in lesson named by its id ("bits-and-bytes") or its file name, if there is one.
std::optional<LessonSource> findBuiltinLesson(const QString& idOrFileName,
                                              const lesson::SimKindRegistry& kinds);

}  // namespace mlsyslab::app
