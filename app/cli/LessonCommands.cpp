#include "cli/LessonCommands.h"

#include <algorithm>
#include <filesystem>
#include <ostream>
#include <system_error>

#include "lesson/CourseOrder.h"
#include "lesson/LessonParser.h"
#include "lesson/KindDocs.h"
#include "lesson/KindSpec.h"
#include "lessons/BuiltinLessons.h"

namespace mlsyslab::cli {

namespace {

namespace fs = std::filesystem;

// Prints every diagnostic as FILE:LINE:COL: severity: message; true when none is an error.
bool report(std::ostream& out, const std::string& fileName,
            const std::vector<lesson::Diagnostic>& diagnostics) {
    for (const auto& diagnostic : diagnostics) {
        out << lesson::formatDiagnostic(fileName, diagnostic) << '\n';
    }
    return !lesson::hasErrors(diagnostics);
}

int validate(Arguments& arguments, Streams& streams) {
    if (const auto option = arguments.firstUnknownOption(); !option.empty()) {
        return usageError(streams, "lesson validate: unknown option '" + option + "'");
    }
    const auto files = arguments.positional();
    if (files.empty()) return usageError(streams, "lesson validate: give at least one FILE");

    const auto kinds = lesson::builtinSimKinds();
    bool allValid = true;
    for (const auto& file : files) {
        allValid &= report(streams.out, file, lesson::loadLessonFile(file, kinds).diagnostics);
    }
    return allValid ? kExitOk : kExitFailed;
}

struct ListedLesson {
    std::string fileName;
    lesson::LessonParseResult parsed;
};

// Valid lessons in course order, then the ones with errors.
bool listedBefore(const ListedLesson& a, const ListedLesson& b) {
    const auto& first = a.parsed.lesson;
    const auto& second = b.parsed.lesson;
    if (first && second) return lesson::comesBeforeInCourse(first->info, second->info);
    return first.has_value() > second.has_value();
}

int list(Arguments& arguments, Streams& streams) {
    if (const auto option = arguments.firstUnknownOption(); !option.empty()) {
        return usageError(streams, "lesson list: unknown option '" + option + "'");
    }
    const auto directories = arguments.positional();
    if (directories.size() > 1) return usageError(streams, "lesson list: give at most one DIR");

    const auto kinds = lesson::builtinSimKinds();
    std::vector<ListedLesson> lessons;
    if (directories.empty()) {
        for (const auto& embedded : course::builtinLessonFiles()) {
            lessons.push_back({std::string(embedded.fileName),
                               lesson::parseLesson(embedded.text, kinds)});
        }
    } else {
        const fs::path directory = directories.front();
        std::error_code error;
        if (!fs::is_directory(directory, error)) {
            streams.err << directory.string() << ": error: not a directory\n";
            return kExitFailed;
        }
        for (const auto& entry : fs::directory_iterator(directory, error)) {
            const std::string name = entry.path().filename().string();
            if (entry.is_regular_file(error) && name.ends_with(".lesson.md")) {
                lessons.push_back({entry.path().string(), lesson::loadLessonFile(entry.path(), kinds)});
            }
        }
        if (error) {
            streams.err << directory.string() << ": error: " << error.message() << '\n';
            return kExitFailed;
        }
    }
    std::stable_sort(lessons.begin(), lessons.end(), listedBefore);

    bool allValid = true;
    for (const auto& listed : lessons) {
        if (!listed.parsed.lesson) {
            allValid &= report(streams.err, listed.fileName, listed.parsed.diagnostics);
            continue;
        }
        const auto& info = listed.parsed.lesson->info;
        streams.out << listed.fileName << '\t' << info.id << '\t' << info.part << '\t'
                    << listed.parsed.lesson->steps.size() << '\t' << info.title << '\n';
    }
    return allValid ? kExitOk : kExitFailed;
}

// Without KIND, one line per kind: NAME, a tab, its summary. With KIND, its fields as the
// Markdown table docs/lesson-format.md shows.
int kinds(Arguments& arguments, Streams& streams) {
    if (const auto option = arguments.firstUnknownOption(); !option.empty()) {
        return usageError(streams, "lesson kinds: unknown option '" + option + "'");
    }
    const auto names = arguments.positional();
    if (names.size() > 1) return usageError(streams, "lesson kinds: give at most one KIND");

    const auto registry = lesson::builtinSimKinds();
    if (names.empty()) {
        for (const std::string& name : registry.names()) {
            streams.out << name << '\t' << registry.find(name)->summary << '\n';
        }
        return kExitOk;
    }
    const lesson::SimKind* kind = registry.find(names.front());
    if (kind == nullptr) {
        std::string message = "lesson kinds: unknown simulator kind '" + names.front() + "'";
        if (const auto suggestion = registry.suggest(names.front())) {
            message += "; did you mean '" + *suggestion + "'?";
        }
        return usageError(streams, message);
    }
    for (const std::string& line : lesson::fieldTableLines(*kind)) streams.out << line << '\n';
    return kExitOk;
}

}  // namespace

std::vector<Command> lessonCommands() {
    return {
        {{"lesson", "validate"},
         "FILE...",
         "Check lesson files; print every problem as FILE:LINE:COL: error|warning: message.",
         "Exit status 0 when no file has an error (warnings allowed), 1 otherwise.\n"
         "The format is described in docs/lesson-format.md.\n",
         validate},
        {{"lesson", "list"},
         "[DIR]",
         "List the lessons in DIR (default: the built-in course), in course order.",
         "One line per lesson, tab-separated: FILE ID PART STEPS TITLE.\n"
         "Lessons with errors are reported on stderr instead, and the exit status is 1.\n",
         list},
        {{"lesson", "kinds"},
         "[KIND]",
         "List the simulator kinds lessons can embed, or the fields of one.",
         "Without KIND: one line per kind, tab-separated: NAME SUMMARY.\n"
         "With KIND: its fields, defaults and values as a Markdown table, the one\n"
         "docs/lesson-format.md shows.\n",
         kinds},
    };
}

}  // namespace mlsyslab::cli
