#include "gui/LessonBrowser.h"

#include <QFileInfo>
#include <QHeaderView>
#include <algorithm>
#include <map>

#include "lesson/CourseOrder.h"
#include "lesson/PlainTitle.h"

namespace mlsyslab::app {

namespace {

constexpr int kOriginRole = Qt::UserRole;
constexpr int kLocationRole = Qt::UserRole + 1;

QFont headingFont(const QFont& base) {
    QFont font = base;
    font.setBold(true);
    return font;
}

QString plainText(const std::string& markdown) {
    return QString::fromStdString(lesson::plainTitle(markdown));
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

LessonBrowser::Entry LessonBrowser::courseEntry(const LoadedLesson& lesson) {
    const auto& parsed = lesson.parsed.lesson;
    if (!parsed) {
        return {lesson.source, tr("⚠ %1").arg(lesson.source.location),
                tr("This lesson has errors: open it to see them."), std::nullopt};
    }
    const std::string& toolTip =
        parsed->info.summary.empty() ? parsed->info.title : parsed->info.summary;
    return {lesson.source, plainText(parsed->info.title), plainText(toolTip), parsed->info};
}

LessonBrowser::Entry LessonBrowser::userEntry(const LoadedLesson& lesson) {
    const auto& parsed = lesson.parsed.lesson;
    if (!parsed) {
        return {lesson.source, tr("⚠ %1").arg(QFileInfo(lesson.source.location).fileName()),
                tr("%1\nThis lesson has errors: open it to see them.").arg(lesson.source.location),
                std::nullopt};
    }
    return {lesson.source, plainText(parsed->info.title), lesson.source.location, parsed->info};
}

void LessonBrowser::setCourse(const std::vector<LoadedLesson>& course) {
    course_.clear();
    for (const auto& lesson : course) course_.push_back(courseEntry(lesson));
    rebuild();
}

void LessonBrowser::setUserLessons(const std::vector<LoadedLesson>& lessons) {
    userLessons_.clear();
    for (const auto& lesson : lessons) userLessons_.push_back(userEntry(lesson));
    rebuild();
}

QTreeWidgetItem* LessonBrowser::addHeading(const QString& name) {
    auto* heading = new QTreeWidgetItem(this, {name});
    heading->setToolTip(0, name);
    heading->setFont(0, headingFont(font()));
    heading->setFlags(Qt::ItemIsEnabled);
    return heading;
}

void LessonBrowser::addLessonItem(QTreeWidgetItem* heading, const Entry& entry) {
    auto* item = new QTreeWidgetItem(heading, {entry.text});
    item->setToolTip(0, entry.toolTip);
    item->setData(0, kOriginRole, static_cast<int>(entry.source.origin));
    item->setData(0, kLocationRole, entry.source.location);
}

void LessonBrowser::rebuild() {
    for (int index = 0; index < topLevelItemCount(); ++index) {
        const QTreeWidgetItem* heading = topLevelItem(index);
        if (heading->isExpanded()) {
            collapsedHeadings_.remove(heading->text(0));
        } else {
            collapsedHeadings_.insert(heading->text(0));
        }
    }
    clear();

    // The course's parts in course order, then the parts only user lessons name (sorted, as the
    // course sorts its parts), then "My lessons" for user lessons without a part.
    QStringList courseParts;
    QStringList userParts;
    std::map<QString, std::vector<const Entry*>> lessonsByPart;
    for (const Entry& entry : course_) {
        const QString part = entry.info && !entry.info->part.empty()
                                 ? QString::fromStdString(entry.info->part)
                                 : tr("Other lessons");
        if (!courseParts.contains(part)) courseParts << part;
        lessonsByPart[part].push_back(&entry);
    }
    std::vector<const Entry*> withoutPart;
    for (const Entry& entry : userLessons_) {
        if (!entry.info || entry.info->part.empty()) {
            withoutPart.push_back(&entry);
            continue;
        }
        const QString part = QString::fromStdString(entry.info->part);
        if (!courseParts.contains(part) && !userParts.contains(part)) userParts << part;
        lessonsByPart[part].push_back(&entry);
    }
    userParts.sort();

    for (const QString& part : courseParts + userParts) {
        std::vector<const Entry*>& entries = lessonsByPart[part];
        // A user lesson takes its place among the course's by its `order`, as the format says;
        // lessons with errors (no order to read) stay last.
        std::stable_sort(entries.begin(), entries.end(), [](const Entry* a, const Entry* b) {
            if (a->info && b->info) return lesson::comesBeforeInCourse(*a->info, *b->info);
            return a->info.has_value() && !b->info.has_value();
        });
        QTreeWidgetItem* heading = addHeading(part);
        for (const Entry* entry : entries) addLessonItem(heading, *entry);
    }

    QTreeWidgetItem* mine = addHeading(userLessonsHeading());
    for (const Entry* entry : withoutPart) addLessonItem(mine, *entry);
    if (withoutPart.empty()) {
        auto* hint = new QTreeWidgetItem(mine, {tr("Open a lesson file with Ctrl+O")});
        hint->setFlags(Qt::ItemIsEnabled);
        hint->setForeground(0, palette().brush(QPalette::Disabled, QPalette::Text));
    }

    for (int index = 0; index < topLevelItemCount(); ++index) {
        QTreeWidgetItem* heading = topLevelItem(index);
        heading->setExpanded(!collapsedHeadings_.contains(heading->text(0)));
    }
    if (selected_) selectSource(*selected_);
}

void LessonBrowser::selectSource(const LessonSource& source) {
    selected_ = source;
    for (QTreeWidgetItemIterator it(this); *it != nullptr; ++it) {
        const QVariant origin = (*it)->data(0, kOriginRole);
        if (origin.isValid() && origin.toInt() == static_cast<int>(source.origin) &&
            (*it)->data(0, kLocationRole).toString() == source.location) {
            setCurrentItem(*it);
            scrollToItem(*it);
            return;
        }
    }
    setCurrentItem(nullptr);
}

}  // namespace mlsyslab::app
