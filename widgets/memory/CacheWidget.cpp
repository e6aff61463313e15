#include "memory/CacheWidget.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QTabBar>
#include <QVBoxLayout>
#include <algorithm>

#include "common/SimWidgetRegistry.h"
#include "common/DisplayStyle.h"
#include "common/StepControls.h"
#include "memory/AccessListView.h"
#include "memory/CacheCountersView.h"
#include "memory/CacheGridView.h"
#include "memory/CacheLevelEditor.h"
#include "memory/CachePatternChooser.h"
#include "memory/CacheSteps.h"
#include "memory/CacheText.h"
#include "memory/CacheWidgetParts.h"
#include "memory/HitRatePlot.h"

namespace mlsyslab::widgets {

CacheWidget::CacheWidget(const lesson::kinds::CacheState& state, QWidget* parent)
    : QWidget(parent), parts_(std::make_unique<Parts>()) {
    parts_->state = state;
    buildLayout();
    connectParts();
    startRun(state.config, state.customLevels ? QString() : QString::fromStdString(state.preset),
             state.accesses);
    const auto& levels = state.config.levels;
    const auto shown = std::find_if(levels.begin(), levels.end(), [&state](const auto& level) {
        return level.name == state.showLevel;
    });
    showLevel(shown == levels.end() ? 0 : int(shown - levels.begin()));
    // The lesson's opening state shows still, with the current access's colours already faded.
    const QSignalBlocker blocker(parts_->controls);
    parts_->controls->setPosition(int(state.startStep));
    showState(int(state.startStep), false);
}

CacheWidget::~CacheWidget() = default;

const CacheSteps& CacheWidget::steps() const { return *parts_->steps; }
int CacheWidget::position() const { return parts_->controls->position(); }
std::size_t CacheWidget::shownLevel() const { return parts_->level; }

void CacheWidget::connectParts() {
    Parts& parts = *parts_;
    connect(parts.controls, &StepControls::positionChanged, this, &CacheWidget::showPosition);
    connect(parts.levelTabs, &QTabBar::currentChanged, this, &CacheWidget::showLevel);
    connect(parts.grid, &CacheGridView::widthsChanged, this, &CacheWidget::placeAccessList);
    connect(parts.plot, &HitRatePlot::positionClicked, parts.controls, &StepControls::setPosition);
    connect(parts.speed, &QComboBox::currentIndexChanged, this, [this](int index) {
        parts_->controls->setRunInterval(parts_->speed->itemData(index).toInt());
        parts_->controls->setFocus();
    });
    connect(parts.patterns, &CachePatternChooser::patternChosen, this, &CacheWidget::choosePattern);
    connect(parts.editLevels, &QPushButton::toggled, parts.levelEditor, &QWidget::setVisible);
    connect(parts.levelEditor, &CacheLevelEditor::configChanged, this,
            [this](const memory::CacheConfig& config, const QString& preset) {
                startRun(config, preset, parts_->steps->run().accesses());
            });
}

void CacheWidget::startRun(const memory::CacheConfig& config, const QString& preset,
                           std::vector<memory::MemoryAccess> accesses) {
    Parts& parts = *parts_;
    parts.preset = preset;
    parts.steps = std::make_shared<CacheSteps>(config, std::move(accesses));
    parts.levelEditor->setConfig(config, preset);
    parts.configSummary->setToolTip(CacheText::configSummary(config));
    refreshLevelTabs();
    parts.plot->setSteps(*parts.steps);
    {
        // One refresh for the new run, at its start.
        const QSignalBlocker blocker(parts.controls);
        parts.controls->setCount(int(parts.steps->accessCount()) + 1);
        parts.controls->setPosition(0);
    }
    showPosition(0);
    showLevel(int(parts.level));
    emit runChanged();
}

void CacheWidget::refreshLevelTabs() {
    Parts& parts = *parts_;
    const QSignalBlocker blocker(parts.levelTabs);
    while (parts.levelTabs->count() > 0) parts.levelTabs->removeTab(0);
    for (const memory::CacheLevelConfig& level : parts.steps->config().levels) {
        parts.levelTabs->addTab(QString::fromStdString(level.name));
    }
    parts.level = std::min(parts.level, parts.steps->config().levels.size() - 1);
    parts.levelTabs->setCurrentIndex(int(parts.level));
}

void CacheWidget::showPosition(int position) { showState(position, true); }

void CacheWidget::showState(int position, bool animate) {
    Parts& parts = *parts_;
    const int last = int(parts.steps->accessCount());
    position = std::clamp(position, 0, last);
    if (parts.controls->position() != position) {
        parts.controls->setPosition(position);  // comes back here through positionChanged
        return;
    }
    parts.steps->moveTo(std::size_t(position));
    parts.grid->showStep(parts.steps, parts.level, animate);
    parts.accessList->showStep(parts.steps);
    parts.counters->setStats(parts.steps->config(), parts.steps->state().stats());
    parts.plot->setPosition(std::size_t(position));
    refreshCaption();
}

void CacheWidget::showLevel(int level) {
    Parts& parts = *parts_;
    const int levels = int(parts.steps->config().levels.size());
    parts.level = std::size_t(std::clamp(level, 0, levels - 1));
    if (parts.levelTabs->currentIndex() != int(parts.level)) {
        const QSignalBlocker blocker(parts.levelTabs);
        parts.levelTabs->setCurrentIndex(int(parts.level));
    }
    parts.grid->showStep(parts.steps, parts.level, false);
    refreshCaption();
    refreshSummary();
    placeAccessList();
}

void CacheWidget::refreshSummary() {
    Parts& parts = *parts_;
    const QString level = CacheText::levelSummary(parts.steps->config(), parts.level);
    parts.configSummary->setText(parts.preset.isEmpty() ? tr("own levels · %1").arg(level)
                                                        : tr("%1 · %2").arg(parts.preset, level));
}

void CacheWidget::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    placeAccessList();
}

void CacheWidget::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    // Presentation mode changes the font: the grid's widths change with it.
    if (event->type() == QEvent::FontChange) placeAccessList();
}

void CacheWidget::refreshCaption() {
    Parts& parts = *parts_;
    const CacheSteps& steps = *parts.steps;
    const memory::CacheLevelConfig& level = steps.config().levels.at(parts.level);
    const QString levelName = QString::fromStdString(level.name);
    const std::size_t position = steps.position();
    QString text;
    if (steps.accessCount() == 0) {
        text = tr("No accesses to make.");
    } else if (position == 0) {
        // What comes next, so that students can predict it.
        const memory::MemoryAccess& next = steps.run().accesses().front();
        text = tr("Empty caches. Next: #1 %1\n%2: %3")
                   .arg(CacheText::access(next), levelName,
                        CacheText::addressFields(next.address, level));
    } else {
        // The access and all it did, then how the level shown split its address and what
        // happened there.
        const memory::MemoryAccess& access = steps.run().accesses()[position - 1];
        text =
            tr("%1\n%2: %3 → %4")
                .arg(CacheText::listRow(position - 1, access, &steps.lastOutcome(), steps.config()),
                     levelName, CacheText::addressFields(access.address, level),
                     CacheText::levelStory(steps.lastOutcome(), parts.level, steps.config()));
    }
    parts.gridCaption->setText(text);
}

void CacheWidget::choosePattern() {
    Parts& parts = *parts_;
    const auto pattern = parts.patterns->chosenPattern();
    parts.controls->setFocus();
    if (!pattern) {
        showStatus(QString());
        startRun(parts.steps->config(), parts.preset, parts.state.accesses);
        return;
    }
    auto accesses = lesson::kinds::generateCachePattern(*pattern);
    if (!accesses) {
        showStatus(QString::fromStdString(accesses.error()));
        return;
    }
    showStatus(QString());
    startRun(parts.steps->config(), parts.preset, *accesses);
}

void CacheWidget::showStatus(const QString& message) {
    Parts& parts = *parts_;
    parts.status->setText(message);
    parts.status->setVisible(!message.isEmpty());
    QPalette colors = palette();
    colors.setColor(QPalette::WindowText, errorColor(palette()));
    parts.status->setPalette(colors);
}

namespace {
const SimView kView(lesson::kinds::cacheKind, createWidget<CacheWidget>);
}  // namespace

}  // namespace mlsyslab::widgets
