#include <yaml-cpp/yaml.h>

#include <QComboBox>
#include <QSlider>
#include <QTabBar>
#include <QTableWidget>
#include <QtTest>

#include "../SimViewTestSupport.h"

#include "common/StepControls.h"
#include "memory/lesson/CacheKind.h"
#include "memory/AccessListView.h"
#include "memory/CacheCountersView.h"
#include "memory/CacheGridView.h"
#include "memory/CacheLevelEditor.h"
#include "memory/CachePatternChooser.h"
#include "memory/CacheSteps.h"
#include "memory/CacheWidget.h"
#include "memory/HitRatePlot.h"

using mlsyslab::lesson::kinds::CachePatternKind;
using mlsyslab::lesson::kinds::cacheKind;
using mlsyslab::widgets::AccessListView;
using mlsyslab::widgets::CacheCountersView;
using mlsyslab::widgets::CacheGridView;
using mlsyslab::widgets::CacheLevelEditor;
using mlsyslab::widgets::CachePatternChooser;
using mlsyslab::widgets::CacheWidget;
using mlsyslab::widgets::HitRatePlot;
using mlsyslab::widgets::StepControls;
using Counter = CacheCountersView::Counter;
using CellMark = CacheGridView::CellMark;

namespace {

// The lesson's hand-worked example on the tiny preset: 8 sets of one 16-byte line (direct
// mapped), L1 1 cycle, memory 10 cycles.
const char* const kTinyTrace =
    "preset: tiny\n"
    "trace: |\n"
    "  L 0x00,4\n"
    "  L 0x04,4\n"
    "  L 0x80,4\n"
    "  S 0x84,4\n"
    "  L 0x00,4\n"
    "  L 0x10,4\n";

std::unique_ptr<CacheWidget> makeWidget(const char* yaml) {
    const auto reading = cacheKind().read(YAML::Load(yaml));
    if (!reading.problems.empty()) qWarning() << reading.problems.front().message.c_str();
    auto widget = std::make_unique<CacheWidget>(reading.state);
    widget->resize(1000, 900);
    widget->show();
    return widget;
}

template <typename Part>
Part* part(const CacheWidget& widget, const char* name) {
    auto* found = widget.findChild<Part*>(QString::fromLatin1(name));
    if (found == nullptr) qFatal("no child %s", name);
    return found;
}

CacheGridView* grid(const CacheWidget& widget) { return part<CacheGridView>(widget, "cacheGrid"); }
CacheCountersView* counters(const CacheWidget& widget) {
    return part<CacheCountersView>(widget, "counters");
}
StepControls* controls(const CacheWidget& widget) {
    return part<StepControls>(widget, "stepControls");
}

// "0x1D" (tag, dirty), "-" for an invalid way.
QString cellText(const CacheGridView& view, std::uint64_t set) {
    const auto line = view.line(set, 0);
    if (!line.valid) return QStringLiteral("-");
    return QStringLiteral("0x%1%2").arg(line.tag, 0, 16).arg(line.dirty ? "D" : "");
}

QString markText(CellMark mark) {
    switch (mark) {
        case CellMark::Hit:
            return QStringLiteral("hit");
        case CellMark::Miss:
            return QStringLiteral("miss");
        case CellMark::Writeback:
            return QStringLiteral("writeback");
        case CellMark::None:
            break;
    }
    return QStringLiteral("none");
}

// Everything the tiny example shows at one position, in one comparable line.
QString shownState(const CacheWidget& widget) {
    const CacheGridView& view = *grid(widget);
    const CacheCountersView& numbers = *counters(widget);
    const auto current = view.currentSet();
    const auto evicted = current ? view.evictedAt(*current, 0) : std::nullopt;
    return QStringLiteral(
               "set0=%1 set1=%2 current=%3 mark=%4 evicted=%5 | hits %6 misses %7 "
               "evictions %8 writebacks %9 | %10 | list row %11")
        .arg(cellText(view, 0), cellText(view, 1),
             current ? QString::number(*current) : QStringLiteral("-"),
             current ? markText(view.markOf(*current, 0)) : QStringLiteral("-"),
             evicted ? QStringLiteral("0x%1").arg(*evicted, 0, 16) : QStringLiteral("-"),
             numbers.valueText(Counter::Hits, 0), numbers.valueText(Counter::Misses, 0),
             numbers.valueText(Counter::Evictions, 0), numbers.valueText(Counter::Writebacks, 0))
        .arg(numbers.cyclesText())
        .arg(part<AccessListView>(widget, "accessList")->currentRow());
}

const QStringList kTinyStates = {
    "set0=- set1=- current=- mark=- evicted=- | hits 0 misses 0 evictions 0 writebacks 0 | "
    "References: 0 · total: 0 cycles | list row -1",
    "set0=0x0 set1=- current=0 mark=miss evicted=- | hits 0 misses 1 evictions 0 writebacks 0 | "
    "References: 1 · total: 10 cycles | list row 0",
    "set0=0x0 set1=- current=0 mark=hit evicted=- | hits 1 misses 1 evictions 0 writebacks 0 | "
    "References: 2 · total: 11 cycles | list row 1",
    "set0=0x1 set1=- current=0 mark=miss evicted=0x0 | hits 1 misses 2 evictions 1 writebacks 0 "
    "| References: 3 · total: 21 cycles | list row 2",
    "set0=0x1D set1=- current=0 mark=hit evicted=- | hits 2 misses 2 evictions 1 writebacks 0 | "
    "References: 4 · total: 22 cycles | list row 3",
    "set0=0x0 set1=- current=0 mark=miss evicted=0x80 | hits 2 misses 3 evictions 2 writebacks 1 "
    "| References: 5 · total: 32 cycles | list row 4",
    "set0=0x0 set1=0x0 current=1 mark=miss evicted=- | hits 2 misses 4 evictions 2 writebacks 1 "
    "| References: 6 · total: 42 cycles | list row 5",
};

}  // namespace

class TestCacheWidget : public QObject {
    Q_OBJECT

private slots:
    void stepsThroughEveryAccessOfTheHandWorkedTrace();
    void backStepsReturnToIdenticalStates();
    void accessListSaysWhatEachAccessDid();
    void scrubbingToTheEndShowsTheTotals();
    void keyboardSteps();
    void levelTabsChooseTheGrid();
    void presetChangeStartsANewRun();
    void impossibleEditIsExplainedAndKeepsTheRun();
    void possibleEditStartsANewRun();
    void columnMajorMissesWhereRowMajorHits();
    void largeCacheShowsAWindowAroundTheCurrentSet();
    void notEditableHidesTheChoices();
    void factoryBuildsFromTheLessonState();
};

void TestCacheWidget::stepsThroughEveryAccessOfTheHandWorkedTrace() {
    const auto widget = makeWidget(kTinyTrace);
    QCOMPARE(grid(*widget)->setCount(), 8u);
    QCOMPARE(grid(*widget)->wayCount(), 1u);
    QCOMPARE(controls(*widget)->count(), 7);
    for (int position = 0; position < kTinyStates.size(); ++position) {
        controls(*widget)->setPosition(position);
        QCOMPARE(widget->position(), position);
        QCOMPARE(shownState(*widget), kTinyStates[position]);
        QCOMPARE(part<HitRatePlot>(*widget, "hitRatePlot")->markerPosition(), double(position));
    }
    // The caption tells the story of the conflict miss at the fifth access.
    controls(*widget)->setPosition(5);
    QCOMPARE(part<QLabel>(*widget, "gridCaption")->text(),
             QStringLiteral("#5  L 0x0, 4 B  →  L1 miss (conflict, evicts dirty 0x80), memory: "
                            "10 cycles\n"
                            "L1: 0x0 = tag 0x0 · set 0 · offset 0 → miss (conflict), filled way 0, "
                            "evicting 0x80 (dirty: written back to memory)"));
    QCOMPARE(counters(*widget)->valueText(Counter::Compulsory, 0), QStringLiteral("2"));
    QCOMPARE(counters(*widget)->valueText(Counter::Conflict, 0), QStringLiteral("1"));
    QCOMPARE(counters(*widget)->memoryText(), QStringLiteral("Memory: 3 line reads · 1 write"));
    controls(*widget)->setPosition(0);
    QCOMPARE(
        part<QLabel>(*widget, "gridCaption")->text(),
        QStringLiteral("Empty caches. Next: #1 L 0x0, 4 B\nL1: 0x0 = tag 0x0 · set 0 · offset 0"));
}

void TestCacheWidget::backStepsReturnToIdenticalStates() {
    const auto widget = makeWidget(kTinyTrace);
    StepControls* steps = controls(*widget);
    steps->setPosition(6);
    for (int position = 6; position >= 0; --position) {
        QCOMPARE(shownState(*widget), kTinyStates[position]);
        steps->stepBack();
    }
    QCOMPARE(widget->position(), 0);
    // And forward again, one step at a time.
    for (int position = 1; position <= 6; ++position) {
        steps->stepForward();
        QCOMPARE(shownState(*widget), kTinyStates[position]);
    }
}

void TestCacheWidget::accessListSaysWhatEachAccessDid() {
    const auto widget = makeWidget(kTinyTrace);
    auto* list = part<AccessListView>(*widget, "accessList");
    QCOMPARE(list->rowCount(), 6);
    QCOMPARE(list->rowText(0), QStringLiteral("#1  L 0x0, 4 B"));
    controls(*widget)->setPosition(5);
    QCOMPARE(list->rowText(0),
             QStringLiteral("#1  L 0x0, 4 B  →  L1 miss (compulsory), memory: 10 cycles"));
    QCOMPARE(list->rowText(1), QStringLiteral("#2  L 0x4, 4 B  →  L1 hit: 1 cycle"));
    QCOMPARE(
        list->rowText(2),
        QStringLiteral("#3  L 0x80, 4 B  →  L1 miss (compulsory, evicts 0x0), memory: 10 cycles"));
    QCOMPARE(list->rowText(3), QStringLiteral("#4  S 0x84, 4 B  →  L1 hit: 1 cycle"));
    QCOMPARE(list->rowText(4), QStringLiteral("#5  L 0x0, 4 B  →  L1 miss (conflict, evicts dirty "
                                              "0x80), memory: 10 cycles"));
    QCOMPARE(list->rowText(5), QStringLiteral("#6  L 0x10, 4 B"));
    QCOMPARE(list->currentRow(), 4);
}

void TestCacheWidget::scrubbingToTheEndShowsTheTotals() {
    const auto widget = makeWidget(kTinyTrace);
    auto* scrubber = controls(*widget)->findChild<QSlider*>(QStringLiteral("scrubber"));
    QVERIFY(scrubber != nullptr);
    scrubber->setValue(scrubber->maximum());
    QCOMPARE(widget->position(), 6);
    QCOMPARE(shownState(*widget), kTinyStates[6]);
    QCOMPARE(counters(*widget)->valueText(Counter::HitRate, 0), QStringLiteral("33.3 %"));
    QCOMPARE(counters(*widget)->amatText(),
             QStringLiteral("AMAT = total cycles / references = 42 / 6 = <b>7.00 cycles</b>"));
    QCOMPARE(counters(*widget)->textbookText(),
             QStringLiteral("Textbook's additive formula, each latency taken as an extra cost: "
                            "t1 + m1·t_mem = 1 + 0.67·10 = 7.67 cycles"));
    scrubber->setValue(2);
    QCOMPARE(shownState(*widget), kTinyStates[2]);
}

void TestCacheWidget::keyboardSteps() {
    const auto widget = makeWidget(kTinyTrace);
    StepControls* steps = controls(*widget);
    QTest::keyClick(steps, Qt::Key_Right);
    QTest::keyClick(steps, Qt::Key_Right);
    QCOMPARE(widget->position(), 2);
    QCOMPARE(shownState(*widget), kTinyStates[2]);
    QTest::keyClick(steps, Qt::Key_Left);
    QCOMPARE(widget->position(), 1);
    QTest::keyClick(steps, Qt::Key_End);
    QCOMPARE(widget->position(), 6);
    QTest::keyClick(steps, Qt::Key_Home);
    QCOMPARE(widget->position(), 0);
    QCOMPARE(shownState(*widget), kTinyStates[0]);
    QTest::keyClick(steps, Qt::Key_Space);
    QVERIFY(steps->isRunning());
    QTest::keyClick(steps, Qt::Key_Space);
    QVERIFY(!steps->isRunning());
}

void TestCacheWidget::levelTabsChooseTheGrid() {
    const auto widget = makeWidget("preset: lecture\npattern: row-major\nrows: 16\ncols: 16\n");
    auto* tabs = part<QTabBar>(*widget, "levelTabs");
    QCOMPARE(tabs->count(), 3);
    QCOMPARE(grid(*widget)->setCount(), 4u);  // 1 KiB / 64 B / 4 ways
    QCOMPARE(grid(*widget)->wayCount(), 4u);
    controls(*widget)->setPosition(1);
    QCOMPARE(grid(*widget)->markOf(0, 0), CellMark::Miss);
    tabs->setCurrentIndex(2);
    QCOMPARE(widget->shownLevel(), 2u);
    QCOMPARE(grid(*widget)->setCount(), 16u);  // 16 KiB / 64 B / 16 ways
    QCOMPARE(grid(*widget)->wayCount(), 16u);
    QCOMPARE(grid(*widget)->markOf(0, 0), CellMark::Miss);  // the fill came through L3 too
    controls(*widget)->setPosition(2);
    QCOMPARE(grid(*widget)->markOf(0, 0), CellMark::None);  // an L1 hit never reaches L3
    // A miss through every level (100 cycles) and a hit in L1 (4): the simulator's AMAT, and
    // the textbook's formula, which adds the latencies as increments.
    QCOMPARE(counters(*widget)->amatText(),
             QStringLiteral("AMAT = total cycles / references = 104 / 2 = <b>52.00 cycles</b>"));
    QCOMPARE(counters(*widget)->textbookText(),
             QStringLiteral("Textbook's additive formula, each latency taken as an extra cost: "
                            "t1 + m1·(t2 + m2·(t3 + m3·t_mem)) = 4 + 0.50·(10 + 1.00·(40 + "
                            "1.00·100)) = 79.00 cycles"));
    QVERIFY(part<QLabel>(*widget, "gridCaption")
                ->text()
                .endsWith(QStringLiteral(
                    "L3: 0x4 = tag 0x0 · set 0 · offset 4 → not asked: a level above had the "
                    "line")));
}

void TestCacheWidget::presetChangeStartsANewRun() {
    const auto widget = makeWidget(kTinyTrace);
    controls(*widget)->setPosition(4);
    auto* presets = part<QComboBox>(*widget, "presetSelector");
    QSignalSpy newRuns(widget.get(), &CacheWidget::runChanged);
    const int lecture = presets->findText(QStringLiteral("lecture"));
    presets->setCurrentIndex(lecture);
    emit presets->activated(lecture);
    QCOMPARE(newRuns.count(), 1);
    QCOMPARE(widget->position(), 0);
    QCOMPARE(widget->steps().config().levels.size(), 3u);
    QCOMPARE(widget->steps().accessCount(), 6u);  // the same trace
    QCOMPARE(grid(*widget)->setCount(), 4u);
    QCOMPARE(grid(*widget)->wayCount(), 4u);
    QCOMPARE(part<QTabBar>(*widget, "levelTabs")->count(), 3);
    QCOMPARE(counters(*widget)->valueText(Counter::Hits, 0), QStringLiteral("0"));
    QCOMPARE(counters(*widget)->valueText(Counter::Misses, 2), QStringLiteral("0"));
    QVERIFY(part<QLabel>(*widget, "configSummary")
                ->text()
                .startsWith(QStringLiteral("lecture · L1: 1 KiB, 4 sets × 4 ways")));
}

void TestCacheWidget::impossibleEditIsExplainedAndKeepsTheRun() {
    const auto widget = makeWidget(kTinyTrace);
    controls(*widget)->setPosition(3);
    const auto* steps = &widget->steps();
    auto* table = part<QTableWidget>(*widget, "levelsTable");
    table->item(0, CacheLevelEditor::Size)->setText(QStringLiteral("1000"));
    auto* editor = part<CacheLevelEditor>(*widget, "levelEditor");
    QCOMPARE(
        editor->errorText(),
        QStringLiteral("L1: size 1000 bytes is not a multiple of line (16) x associativity (1)"));
    QCOMPARE(&widget->steps(), steps);
    QCOMPARE(widget->position(), 3);
    QCOMPARE(shownState(*widget), kTinyStates[3]);
    table->item(0, CacheLevelEditor::Associativity)->setText(QStringLiteral("half"));
    QCOMPARE(editor->errorText(), QStringLiteral("L1: associativity must be a number of ways (1 = "
                                                 "direct mapped) or \"full\""));
    QCOMPARE(&widget->steps(), steps);
    QCOMPARE(shownState(*widget), kTinyStates[3]);
}

void TestCacheWidget::possibleEditStartsANewRun() {
    const auto widget = makeWidget(kTinyTrace);
    auto* table = part<QTableWidget>(*widget, "levelsTable");
    // Fully associative: the fifth access now hits, since the line of 0x00 is still there.
    table->item(0, CacheLevelEditor::Associativity)->setText(QStringLiteral("full"));
    auto* editor = part<CacheLevelEditor>(*widget, "levelEditor");
    QCOMPARE(editor->errorText(), QString());
    QCOMPARE(widget->steps().config().levels.front().associativity, 0u);
    QCOMPARE(grid(*widget)->setCount(), 1u);
    QCOMPARE(grid(*widget)->wayCount(), 8u);
    QCOMPARE(part<QComboBox>(*widget, "presetSelector")->currentText(), QStringLiteral("custom"));
    controls(*widget)->setPosition(6);
    QCOMPARE(counters(*widget)->valueText(Counter::Hits, 0), QStringLiteral("3"));
    QCOMPARE(counters(*widget)->valueText(Counter::Evictions, 0), QStringLiteral("0"));
}

void TestCacheWidget::columnMajorMissesWhereRowMajorHits() {
    // 8×8 float32 = 256 bytes, 16 lines through 8 one-line sets: row by row each line brings 4
    // elements (75 % hits); column by column, rows 32 bytes apart map two lines to the same set
    // in turn, so every access misses.
    const auto widget = makeWidget("preset: tiny\npattern: row-major\nrows: 8\ncols: 8\n");
    StepControls* steps = controls(*widget);
    steps->setPosition(steps->count() - 1);
    QCOMPARE(counters(*widget)->valueText(Counter::HitRate, 0), QStringLiteral("75.0 %"));
    QCOMPARE(counters(*widget)->valueText(Counter::Misses, 0), QStringLiteral("16"));
    auto* chooser = part<CachePatternChooser>(*widget, "patternChooser");
    QVERIFY(chooser->choose(CachePatternKind::ColumnMajor));
    emit chooser->activated(chooser->currentIndex());
    QCOMPARE(widget->position(), 0);
    QCOMPARE(widget->steps().accessCount(), 64u);
    steps->setPosition(steps->count() - 1);
    QCOMPARE(counters(*widget)->valueText(Counter::HitRate, 0), QStringLiteral("0.0 %"));
    QCOMPARE(counters(*widget)->valueText(Counter::Compulsory, 0), QStringLiteral("16"));
    QCOMPARE(counters(*widget)->valueText(Counter::Capacity, 0), QStringLiteral("0"));
    QCOMPARE(counters(*widget)->valueText(Counter::Conflict, 0), QStringLiteral("48"));
    // And back to the lesson's own pattern.
    chooser->setCurrentIndex(0);
    emit chooser->activated(0);
    steps->setPosition(steps->count() - 1);
    QCOMPARE(counters(*widget)->valueText(Counter::HitRate, 0), QStringLiteral("75.0 %"));
}

void TestCacheWidget::largeCacheShowsAWindowAroundTheCurrentSet() {
    // modern-server L3: 32768 sets; the access at 1 MiB lands in set 16384.
    const auto widget = makeWidget(
        "preset: modern-server\nshow_level: L3\ntrace: |\n"
        "  L 0x0,8\n  L 0x100000,8\n");
    CacheGridView* view = grid(*widget);
    QCOMPARE(view->setCount(), 32768u);
    controls(*widget)->setPosition(2);
    QCOMPARE(view->currentSet(), std::optional<std::uint64_t>(16384));
    QVERIFY(view->firstShownSet() <= 16384);
    QVERIFY(view->firstShownSet() + view->shownRowCount() > 16384);
    QCOMPARE(view->markOf(16384, 0), CellMark::Miss);
    controls(*widget)->setPosition(1);
    QCOMPARE(view->firstShownSet(), 0u);
}

void TestCacheWidget::notEditableHidesTheChoices() {
    const auto widget = makeWidget("preset: tiny\neditable: false\n");
    QVERIFY(!part<CachePatternChooser>(*widget, "patternChooser")->isVisible());
    QVERIFY(!part<QWidget>(*widget, "editLevelsButton")->isVisible());
    QVERIFY(part<QLabel>(*widget, "configSummary")->isVisible());
}

void TestCacheWidget::factoryBuildsFromTheLessonState() {
    std::unique_ptr<QWidget> widget(mlsyslab::testing::createView("cache", kTinyTrace, nullptr));
    auto* cache = qobject_cast<CacheWidget*>(widget.get());
    QVERIFY(cache != nullptr);
    QCOMPARE(cache->steps().accessCount(), 6u);
    // A state the validator would refuse still opens, with defaults.
    widget.reset(mlsyslab::testing::createView("cache", "preset: [", nullptr));
    QVERIFY(qobject_cast<CacheWidget*>(widget.get()) != nullptr);
}

QTEST_MAIN(TestCacheWidget)
#include "tst_cache_widget.moc"
