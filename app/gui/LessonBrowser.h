#pragma once

#include <QSet>
#include <QTreeWidget>
#include <optional>
#include <vector>

#include "gui/LessonSource.h"

namespace mlsyslab::app {

// The lesson browser: the built-in course as a tree by part, then the user's own lessons
// (recently opened files). A user lesson with a `part:` goes under that part's heading (a course
// part, or a heading of its own after the course's); the others go under "My lessons".
// Choosing an item asks for that lesson; it opens nothing itself.
class LessonBrowser : public QTreeWidget {
    Q_OBJECT
public:
    explicit LessonBrowser(QWidget* parent = nullptr);

    void setCourse(const std::vector<LoadedLesson>& course);
    // User lessons by path, most recent first, each shown with its title (or its file name and
    // a warning mark when it does not load).
    void setUserLessons(const std::vector<LoadedLesson>& lessons);
    // Highlights the item of this lesson, if it is listed.
    void selectSource(const LessonSource& source);

    static QString userLessonsHeading();

signals:
    void lessonChosen(const mlsyslab::app::LessonSource& source);

private:
    // What one lesson item shows, kept so the tree can be rebuilt when either list changes.
    struct Entry {
        LessonSource source;
        QString text;
        QString toolTip;
        std::optional<lesson::LessonInfo> info;  // none when the lesson has errors
    };
    static Entry courseEntry(const LoadedLesson& lesson);
    static Entry userEntry(const LoadedLesson& lesson);

    void rebuild();
    QTreeWidgetItem* addHeading(const QString& name);
    void addLessonItem(QTreeWidgetItem* heading, const Entry& entry);

    std::vector<Entry> course_;
    std::vector<Entry> userLessons_;
    std::optional<LessonSource> selected_;
    QSet<QString> collapsedHeadings_;  // by name, so a rebuild keeps what the user folded
};

}  // namespace mlsyslab::app
