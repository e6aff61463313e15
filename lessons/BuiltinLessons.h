#pragma once

#include <span>
#include <string_view>

namespace mlsyslab::course {

// One lesson file of the built-in course, as it is in lessons/ at build time.
struct EmbeddedLesson {
    std::string_view fileName;  // e.g. "01-bits-and-bytes.lesson.md"
    std::string_view text;
};

// Every lessons/*.lesson.md, sorted by file name.
std::span<const EmbeddedLesson> builtinLessonFiles();

// The lessons/ folder the course was built from, so that opening one of its files is known to
// be opening a built-in lesson. On another machine the folder does not exist and matches nothing.
std::string_view builtinLessonsSourceFolder();

}  // namespace mlsyslab::course
