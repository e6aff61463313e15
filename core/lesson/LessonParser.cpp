#include "lesson/LessonParser.h"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <string>
#include <system_error>

#include "lesson/BodyParser.h"
#include "lesson/DiagnosticSink.h"
#include "lesson/FrontMatter.h"
#include "lesson/TextLines.h"
#include "lesson/WholeTextCheck.h"

namespace mlsyslab::lesson {

namespace {

LessonParseResult parseCheckedText(std::string_view text, const SimKindRegistry& kinds) {
    DiagnosticSink diagnostics;
    const std::vector<std::string_view> lines = text::splitLines(text);
    std::optional<Lesson> lesson;
    if (auto frontMatter = parseFrontMatter(lines, diagnostics)) {
        Lesson parsed;
        parsed.info = std::move(frontMatter->info);
        parsed.steps = parseBody(lines, frontMatter->closingLineIndex, kinds, diagnostics);
        if (!diagnostics.hasErrors()) lesson = std::move(parsed);
    }
    return {std::move(lesson), diagnostics.takeSorted()};
}

LessonParseResult fileProblem(std::string message) {
    return {std::nullopt, {Diagnostic{Severity::Error, 0, 0, std::move(message)}}};
}

}  // namespace

LessonParseResult parseLesson(std::string_view text, const SimKindRegistry& kinds) {
    if (auto problem = checkWholeText(text)) return {std::nullopt, {std::move(*problem)}};
    try {
        return parseCheckedText(withoutByteOrderMark(text), kinds);
    } catch (const std::exception& error) {
        // Nothing in the parser is meant to throw (bad input is reported, not thrown), but a
        // lesson must never take the app down: out of memory or a library surprise ends here.
        return {std::nullopt,
                {Diagnostic{Severity::Error, 1, 1,
                            std::string("the lesson could not be read: ") + error.what()}}};
    }
}

LessonParseResult loadLessonFile(const std::filesystem::path& path, const SimKindRegistry& kinds) {
    std::error_code statusError;
    if (std::filesystem::is_directory(path, statusError)) {
        return fileProblem("cannot read the file: " + std::string(std::strerror(EISDIR)));
    }
    errno = 0;
    std::ifstream file(path, std::ios::binary);
    if (!file) {
        const int reason = errno != 0 ? errno : ENOENT;
        return fileProblem("cannot read the file: " + std::string(std::strerror(reason)));
    }
    std::string content(kMaxLessonBytes + 1, '\0');
    file.read(content.data(), static_cast<std::streamsize>(content.size()));
    if (file.bad()) {
        const int reason = errno != 0 ? errno : EIO;
        return fileProblem("cannot read the file: " + std::string(std::strerror(reason)));
    }
    content.resize(static_cast<std::size_t>(file.gcount()));
    if (content.size() > kMaxLessonBytes) {
        // Only the first bytes were read; say how large the file really is.
        std::error_code sizeError;
        const auto size = std::filesystem::file_size(path, sizeError);
        const std::string sizeText =
            sizeError ? "more than " + std::to_string(kMaxLessonBytes) : std::to_string(size);
        return {std::nullopt,
                {Diagnostic{Severity::Error, 1, 1,
                            "the file is too large (" + sizeText +
                                " bytes); a lesson may have at most " +
                                std::to_string(kMaxLessonBytes) + " bytes"}}};
    }
    return parseLesson(content, kinds);
}

}  // namespace mlsyslab::lesson
