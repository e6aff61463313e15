#pragma once

// The parts of a CacheWidget, shared by the files that build and drive it.
#include <QString>
#include <memory>

#include "memory/lesson/CacheKind.h"
#include "memory/CacheWidget.h"

class QBoxLayout;
class QComboBox;
class QLabel;
class QPushButton;
class QTabBar;

namespace mlsyslab::widgets {

class AccessListView;
class CacheCountersView;
class CacheGridView;
class CacheLevelEditor;
class CachePatternChooser;
class HitRatePlot;
class StepControls;

// Run speeds, in milliseconds between accesses: slow enough to narrate, down to fast enough to
// watch a hit rate settle over a few thousand accesses.
struct CacheRunSpeed {
    const char* name;
    int intervalMs;
};
inline constexpr CacheRunSpeed kCacheRunSpeeds[] = {
    {QT_TRANSLATE_NOOP("CacheWidget", "slow"), 1000},
    {QT_TRANSLATE_NOOP("CacheWidget", "normal"), 400},
    {QT_TRANSLATE_NOOP("CacheWidget", "fast"), 100},
    {QT_TRANSLATE_NOOP("CacheWidget", "fastest"), 16},
};
inline constexpr int kDefaultCacheRunSpeed = 1;

struct CacheWidget::Parts {
    lesson::kinds::CacheState state;
    std::shared_ptr<CacheSteps> steps;
    QString preset;  // empty: levels of the lesson's or the student's own
    std::size_t level = 0;
    CachePatternChooser* patterns = nullptr;
    QLabel* configSummary = nullptr;
    QPushButton* editLevels = nullptr;
    CacheLevelEditor* levelEditor = nullptr;
    QTabBar* levelTabs = nullptr;
    CacheGridView* grid = nullptr;
    QLabel* gridCaption = nullptr;
    QLabel* gridLegend = nullptr;
    AccessListView* accessList = nullptr;
    StepControls* controls = nullptr;
    QComboBox* speed = nullptr;
    CacheCountersView* counters = nullptr;
    HitRatePlot* plot = nullptr;
    QLabel* status = nullptr;
    // The access list with its title sits beside the grid when the grid leaves room for it,
    // else at the bottom.
    QWidget* listPane = nullptr;
    QBoxLayout* besideGrid = nullptr;
    QBoxLayout* bottom = nullptr;
};

}  // namespace mlsyslab::widgets
