#pragma once

#include <QTreeWidget>
#include <vector>

#include "gui/LessonSource.h"

namespace mlsyslab::app {

// The lesson browser: the built-in course as a tree by part, then the user's own lessons
// (recently opened files). Choosing an item asks for that lesson; it opens nothing itself.
class LessonBrowser : public QTreeWidget {
    Q_OBJECT
public:
    explicit LessonBrowser(QWidget* parent = nullptr);

    void setCourse(const std::vector<LoadedLesson>& course);
    // User lessons by path, each shown with its title (or its file name and a warning mark
    // when it does not load).
    void setUserLessons(const std::vector<LoadedLesson>& lessons);
    // Highlights the item of this lesson, if it is listed.
    void selectSource(const LessonSource& source);

    static QString userLessonsHeading();

signals:
    void lessonChosen(const mlsyslab::app::LessonSource& source);

private:
    QTreeWidgetItem* addLessonItem(QTreeWidgetItem* parent, const LoadedLesson& lesson,
                                   const QString& fallbackTitle);
    QTreeWidgetItem* userLessonsItem();
};

}  // namespace mlsyslab::app
