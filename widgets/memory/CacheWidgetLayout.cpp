#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QTabBar>
#include <QVBoxLayout>

#include "common/StepControls.h"
#include "memory/AccessListView.h"
#include "memory/CacheCountersView.h"
#include "memory/CacheGridView.h"
#include "memory/CacheLevelEditor.h"
#include "memory/CachePatternChooser.h"
#include "memory/CacheWidgetParts.h"
#include "memory/HitRatePlot.h"

namespace mlsyslab::widgets {

namespace {

QLabel* titleLabel(const QString& text, QWidget* parent) {
    auto* label = new QLabel(text, parent);
    QFont bold = label->font();
    bold.setBold(true);
    label->setFont(bold);
    return label;
}

QString lessonAccessesText(const lesson::kinds::CacheState& state) {
    if (state.usesTrace) {
        return CacheWidget::tr("trace of %1 accesses").arg(state.accesses.size());
    }
    return QString::fromStdString(lesson::kinds::describeCachePattern(state.pattern));
}

// Room for "#12  L 0x2c, 4 B  →  L1 hit: 4 cycles".
constexpr int kLeastListCharactersBesideGrid = 42;
constexpr int kLeastListRowsBesideGrid = 3;
constexpr int kListRowsBelow = 10;

}  // namespace

void CacheWidget::buildLayout() {
    Parts& parts = *parts_;
    const bool editable = parts.state.editable;
    std::optional<lesson::kinds::CachePattern> lessonPattern;
    if (!parts.state.usesTrace) lessonPattern = parts.state.pattern;
    parts.patterns = new CachePatternChooser(lessonPattern, lessonAccessesText(parts.state), this);
    parts.patterns->setObjectName(QStringLiteral("patternChooser"));
    parts.configSummary = new QLabel(this);
    parts.configSummary->setObjectName(QStringLiteral("configSummary"));
    parts.configSummary->setWordWrap(true);
    parts.editLevels = new QPushButton(tr("Edit levels…"), this);
    parts.editLevels->setObjectName(QStringLiteral("editLevelsButton"));
    parts.editLevels->setCheckable(true);
    parts.editLevels->setFocusPolicy(Qt::NoFocus);
    parts.editLevels->setToolTip(
        tr("Choose a preset, or change sizes, associativity and latencies"));
    parts.levelEditor = new CacheLevelEditor(this);
    parts.levelEditor->setObjectName(QStringLiteral("levelEditor"));
    parts.levelEditor->setVisible(false);
    auto* top = new QHBoxLayout;
    auto* accessesLabel = new QLabel(tr("Accesses:"), this);
    top->addWidget(accessesLabel);
    top->addWidget(parts.patterns);
    top->addStretch(1);
    top->addWidget(parts.editLevels);
    accessesLabel->setVisible(editable);
    parts.patterns->setVisible(editable);
    parts.editLevels->setVisible(editable);

    parts.levelTabs = new QTabBar(this);
    parts.levelTabs->setObjectName(QStringLiteral("levelTabs"));
    parts.levelTabs->setFocusPolicy(Qt::NoFocus);
    parts.levelTabs->setDrawBase(false);
    parts.levelTabs->setExpanding(false);
    parts.grid = new CacheGridView(this);
    parts.grid->setObjectName(QStringLiteral("cacheGrid"));
    parts.gridCaption = new QLabel(this);
    parts.gridCaption->setObjectName(QStringLiteral("gridCaption"));
    parts.gridCaption->setWordWrap(true);
    parts.gridCaption->setTextFormat(Qt::PlainText);
    parts.gridLegend = new QLabel(
        tr("Each way: its tag in hex; below, D = dirty, the line's address, and its recency "
           "(0 = most recently used)"),
        this);
    parts.gridLegend->setWordWrap(true);
    QPalette muted = parts.gridLegend->palette();
    muted.setColor(QPalette::WindowText, muted.color(QPalette::PlaceholderText));
    parts.gridLegend->setPalette(muted);
    parts.configSummary->setPalette(muted);
    auto* tabsRow = new QHBoxLayout;
    tabsRow->addWidget(parts.levelTabs);
    tabsRow->addSpacing(12);
    tabsRow->addWidget(parts.configSummary, 1);

    parts.controls = new StepControls(this);
    parts.controls->setObjectName(QStringLiteral("stepControls"));
    parts.controls->setLabelText(
        [](int position, int count) { return tr("Access %1 / %2").arg(position).arg(count - 1); });
    parts.speed = new QComboBox(this);
    parts.speed->setObjectName(QStringLiteral("speedSelector"));
    parts.speed->setFocusPolicy(Qt::TabFocus);
    parts.speed->setToolTip(tr("How fast Run steps"));
    for (const CacheRunSpeed& speed : kCacheRunSpeeds)
        parts.speed->addItem(tr(speed.name), speed.intervalMs);
    parts.speed->setCurrentIndex(kDefaultCacheRunSpeed);
    parts.controls->setRunInterval(kCacheRunSpeeds[kDefaultCacheRunSpeed].intervalMs);
    auto* controlRow = new QHBoxLayout;
    controlRow->addWidget(parts.controls, 1);
    controlRow->addWidget(parts.speed);

    parts.counters = new CacheCountersView(this);
    parts.counters->setObjectName(QStringLiteral("counters"));
    parts.plot = new HitRatePlot(this);
    parts.plot->setObjectName(QStringLiteral("hitRatePlot"));
    auto* numbers = new QHBoxLayout;
    numbers->addWidget(parts.counters, 1);
    numbers->addSpacing(8);
    numbers->addWidget(parts.plot, 1);

    parts.accessList = new AccessListView(this);
    parts.accessList->setObjectName(QStringLiteral("accessList"));
    parts.listPane = new QWidget(this);
    auto* listLayout = new QVBoxLayout(parts.listPane);
    listLayout->setContentsMargins(0, 0, 0, 0);
    listLayout->setSpacing(2);
    listLayout->addWidget(titleLabel(tr("Accesses"), parts.listPane));
    listLayout->addWidget(parts.accessList, 1);

    parts.status = new QLabel(this);
    parts.status->setObjectName(QStringLiteral("statusLabel"));
    parts.status->setWordWrap(true);
    parts.status->setVisible(false);

    // Top to bottom in the order a lecture uses them: what runs, the grid and what the access
    // did there, the controls, the counters; the whole trace beside the grid or below.
    parts.besideGrid = new QHBoxLayout;
    parts.besideGrid->addWidget(parts.grid, 1);
    parts.bottom = new QVBoxLayout;
    parts.bottom->addWidget(parts.listPane);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(top);
    layout->addWidget(parts.levelEditor);
    layout->addWidget(parts.status);
    layout->addLayout(tabsRow);
    layout->addLayout(parts.besideGrid, 1);
    layout->addWidget(parts.gridCaption);
    layout->addWidget(parts.gridLegend);
    layout->addLayout(controlRow);
    layout->addLayout(numbers);
    layout->addLayout(parts.bottom);
    setFocusProxy(parts.controls);
}

void CacheWidget::placeAccessList() {
    Parts& parts = *parts_;
    // Beside the grid when the grid at its preferred width leaves the list this much room: a
    // list row's access and the start of what it did.
    const int listRoom = parts.accessList->fontMetrics().horizontalAdvance(QLatin1Char('0')) *
                         kLeastListCharactersBesideGrid;
    const bool beside =
        width() - parts.grid->preferredWidth() - parts.besideGrid->spacing() >= listRoom;
    // Beside the list, the grid keeps the width that shows every line address, and takes no
    // more than its cells can use.
    parts.grid->setMinimumWidth(beside ? parts.grid->preferredWidth() : 0);
    parts.grid->setMaximumWidth(beside ? parts.grid->widestUsefulWidth() : QWIDGETSIZE_MAX);
    // Beside the grid, the list is as tall as the grid makes the row; below, ten rows.
    parts.accessList->setPreferredRows(beside ? kLeastListRowsBesideGrid : kListRowsBelow);
    QBoxLayout* wanted = beside ? parts.besideGrid : parts.bottom;
    if (wanted->indexOf(parts.listPane) >= 0) return;
    (beside ? parts.bottom : parts.besideGrid)->removeWidget(parts.listPane);
    // The rest of the width goes a third to the grid, two thirds to the list.
    if (beside) {
        parts.besideGrid->addWidget(parts.listPane, 2);
    } else {
        parts.bottom->addWidget(parts.listPane);
    }
}

}  // namespace mlsyslab::widgets
