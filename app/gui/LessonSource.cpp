#include "gui/LessonSource.h"

#include <QFile>
#include <QFileInfo>
#include <algorithm>

#include "lesson/CourseOrder.h"

#include "lessons/BuiltinLessons.h"

namespace mlsyslab::app {

namespace {

std::optional<std::string> builtinText(const QString& fileName) {
    for (const auto& embedded : course::builtinLessonFiles()) {
        if (QString::fromUtf8(embedded.fileName.data(), static_cast<qsizetype>(embedded.fileName.size())) == fileName) {
            return std::string(embedded.text);
        }
    }
    return std::nullopt;
}

// Two spellings of a path (relative, through a link) name the same file when their canonical
// paths agree; a path that does not exist has none and names nothing.
bool isSameFile(const QString& first, const QString& second) {
    const QString canonical = QFileInfo(first).canonicalFilePath();
    return !canonical.isEmpty() && canonical == QFileInfo(second).canonicalFilePath();
}

lesson::LessonParseResult unreadable(const QString& why) {
    lesson::LessonParseResult result;
    result.diagnostics.push_back(
        {lesson::Severity::Error, 0, 0, "cannot read the file: " + why.toStdString()});
    return result;
}

}  // namespace

LoadedLesson loadLesson(const LessonSource& source, const lesson::SimKindRegistry& kinds) {
    LoadedLesson loaded{source, {}, {}};
    if (source.origin == LessonSource::Origin::BuiltIn) {
        const auto text = builtinText(source.location);
        if (!text) {
            loaded.parsed = unreadable(QStringLiteral("no built-in lesson has that name"));
            return loaded;
        }
        loaded.text = *text;
    } else {
        QFile file(source.location);
        if (QFileInfo(source.location).isDir()) {
            loaded.parsed = unreadable(QStringLiteral("it is a folder"));
            return loaded;
        }
        if (!file.open(QIODevice::ReadOnly)) {
            loaded.parsed = unreadable(file.errorString());
            return loaded;
        }
        // One byte over the limit is enough for the parser to say the file is too large.
        loaded.text = file.read(static_cast<qint64>(lesson::kMaxLessonBytes) + 1).toStdString();
    }
    loaded.parsed = lesson::parseLesson(loaded.text, kinds);
    return loaded;
}

std::vector<LoadedLesson> loadBuiltinCourse(const lesson::SimKindRegistry& kinds) {
    std::vector<LoadedLesson> course;
    for (const auto& embedded : course::builtinLessonFiles()) {
        const QString name = QString::fromUtf8(embedded.fileName.data(),
                                               static_cast<qsizetype>(embedded.fileName.size()));
        course.push_back(loadLesson({LessonSource::Origin::BuiltIn, name}, kinds));
    }
    // Valid lessons in course order; the ones with errors after them, by file name.
    std::stable_sort(course.begin(), course.end(), [](const LoadedLesson& a, const LoadedLesson& b) {
        const auto& first = a.parsed.lesson;
        const auto& second = b.parsed.lesson;
        if (first && second) return lesson::comesBeforeInCourse(first->info, second->info);
        return first.has_value() > second.has_value();
    });
    return course;
}

const LoadedLesson* builtinLessonOfFile(const LoadedLesson& file,
                                        const std::vector<LoadedLesson>& course) {
    if (file.source.origin != LessonSource::Origin::File) return nullptr;
    const std::string_view folder = course::builtinLessonsSourceFolder();
    const QString sourceFolder =
        QString::fromUtf8(folder.data(), static_cast<qsizetype>(folder.size()));
    const auto& parsed = file.parsed.lesson;
    for (const LoadedLesson& builtin : course) {
        // By path first: a course file being edited may not parse, so it may have no id.
        if (isSameFile(file.source.location, sourceFolder + '/' + builtin.source.location)) {
            return &builtin;
        }
        if (parsed && builtin.parsed.lesson && parsed->info.id == builtin.parsed.lesson->info.id) {
            return &builtin;
        }
    }
    return nullptr;
}

std::optional<LessonSource> findBuiltinLesson(const QString& idOrFileName,
                                              const lesson::SimKindRegistry& kinds) {
    for (const auto& loaded : loadBuiltinCourse(kinds)) {
        const bool idMatches = loaded.parsed.lesson &&
                               QString::fromStdString(loaded.parsed.lesson->info.id) == idOrFileName;
        if (idMatches || loaded.source.location == idOrFileName) return loaded.source;
    }
    return std::nullopt;
}

}  // namespace mlsyslab::app
