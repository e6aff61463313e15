#include "gui/LessonBrowser.h"

#include <QFileInfo>
#include <QHeaderView>

namespace mlsyslab::app {

namespace {

constexpr int kOriginRole = Qt::UserRole;
constexpr int kLocationRole = Qt::UserRole + 1;

QFont headingFont(const QFont& base) {
    QFont font = base;
    font.setBold(true);
    return font;
}

}  // namespace

LessonBrowser::LessonBrowser(QWidget* parent) : QTreeWidget(parent) {
    setObjectName("lessonBrowser");
    setHeaderHidden(true);
    setColumnCount(1);
    setRootIsDecorated(true);
    setUniformRowHeights(false);
    setWordWrap(true);
    header()->setStretchLastSection(true);
    const auto choose = [this](QTreeWidgetItem* item) {
        const QVariant origin = item->data(0, kOriginRole);
        if (!origin.isValid()) return;  // a heading
        emit lessonChosen({static_cast<LessonSource::Origin>(origin.toInt()),
                           item->data(0, kLocationRole).toString()});
    };
    connect(this, &QTreeWidget::itemClicked, this, choose);
    connect(this, &QTreeWidget::itemActivated, this, choose);
}

QString LessonBrowser::userLessonsHeading() { return tr("My lessons"); }

QTreeWidgetItem* LessonBrowser::addLessonItem(QTreeWidgetItem* parent, const LoadedLesson& lesson,
                                              const QString& fallbackTitle) {
    auto* item = new QTreeWidgetItem(parent);
    const auto& parsed = lesson.parsed.lesson;
    if (parsed) {
        item->setText(0, QString::fromStdString(parsed->info.title));
        item->setToolTip(0, QString::fromStdString(parsed->info.summary.empty()
                                                       ? parsed->info.title
                                                       : parsed->info.summary));
    } else {
        item->setText(0, tr("⚠ %1").arg(fallbackTitle));
        item->setToolTip(0, tr("This lesson has errors: open it to see them."));
    }
    item->setData(0, kOriginRole, static_cast<int>(lesson.source.origin));
    item->setData(0, kLocationRole, lesson.source.location);
    return item;
}

void LessonBrowser::setCourse(const std::vector<LoadedLesson>& course) {
    // Rebuild the course headings, keeping the user lessons below them.
    QTreeWidgetItem* userLessons = userLessonsItem();
    const int userIndex = indexOfTopLevelItem(userLessons);
    takeTopLevelItem(userIndex);
    clear();

    QTreeWidgetItem* currentPart = nullptr;
    QString currentPartName;
    for (const auto& lesson : course) {
        const QString part = lesson.parsed.lesson && !lesson.parsed.lesson->info.part.empty()
                                 ? QString::fromStdString(lesson.parsed.lesson->info.part)
                                 : tr("Other lessons");
        if (currentPart == nullptr || part != currentPartName) {
            currentPart = new QTreeWidgetItem(this, {part});
            currentPart->setToolTip(0, part);
            currentPart->setFont(0, headingFont(font()));
            currentPart->setFlags(Qt::ItemIsEnabled);
            currentPartName = part;
        }
        addLessonItem(currentPart, lesson, lesson.source.location);
    }
    addTopLevelItem(userLessons);
    expandAll();
}

QTreeWidgetItem* LessonBrowser::userLessonsItem() {
    for (int index = 0; index < topLevelItemCount(); ++index) {
        if (topLevelItem(index)->text(0) == userLessonsHeading()) return topLevelItem(index);
    }
    auto* item = new QTreeWidgetItem(this, {userLessonsHeading()});
    item->setFont(0, headingFont(font()));
    item->setFlags(Qt::ItemIsEnabled);
    return item;
}

void LessonBrowser::setUserLessons(const std::vector<LoadedLesson>& lessons) {
    QTreeWidgetItem* heading = userLessonsItem();
    qDeleteAll(heading->takeChildren());
    for (const auto& lesson : lessons) {
        auto* item = addLessonItem(heading, lesson, QFileInfo(lesson.source.location).fileName());
        item->setToolTip(0, lesson.source.location);
    }
    if (lessons.empty()) {
        auto* hint = new QTreeWidgetItem(heading, {tr("Open a lesson file with Ctrl+O")});
        hint->setFlags(Qt::ItemIsEnabled);
        hint->setForeground(0, palette().brush(QPalette::Disabled, QPalette::Text));
    }
    heading->setExpanded(true);
}

void LessonBrowser::selectSource(const LessonSource& source) {
    for (QTreeWidgetItemIterator it(this); *it != nullptr; ++it) {
        const QVariant origin = (*it)->data(0, kOriginRole);
        if (origin.isValid() && origin.toInt() == static_cast<int>(source.origin) &&
            (*it)->data(0, kLocationRole).toString() == source.location) {
            setCurrentItem(*it);
            return;
        }
    }
    setCurrentItem(nullptr);
}

}  // namespace mlsyslab::app
