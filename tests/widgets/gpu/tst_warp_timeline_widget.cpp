#include <QComboBox>
#include <QPushButton>
#include <memory>

#include "common/SimWidgetRegistry.h"
#include "../SimViewTestSupport.h"
#include "WarpRunTestSupport.h"
#include "common/StepControls.h"
#include "gpu/GpuColors.h"
#include "gpu/WarpGanttView.h"
#include "gpu/WarpPolicyPanel.h"
#include "gpu/WarpTimeline.h"
#include "gpu/WarpTimelineText.h"
#include "gpu/WarpTimelineWidget.h"
#include "gpu/lesson/WarpTimelineKind.h"

// The warp-timeline simulator driven as a student drives it: the chart, the cursor and the
// readouts must say exactly what the simulator's own snapshots say for the same launch.
using mlsyslab::lesson::kinds::warpTimelineKind;
using mlsyslab::testing::kSimulationWaitMs;
using mlsyslab::testing::labelText;
using mlsyslab::testing::part;
using mlsyslab::testing::plainText;
using mlsyslab::testing::simulate;
using mlsyslab::widgets::StepControls;
using mlsyslab::widgets::WarpGanttView;
using mlsyslab::widgets::WarpPolicyPanel;
using mlsyslab::widgets::WarpTimeline;
using mlsyslab::widgets::WarpTimelineText;
using mlsyslab::widgets::WarpTimelineWidget;
namespace gpu = mlsyslab::gpu;

namespace {

// Eight warps, two on each of the RTX 4090's four warp schedulers: enough for LRR and GTO to
// differ.
constexpr const char* kLaunch =
    "device: rtx4090\nkernel: vectorAdd\ngrid: 1\nblock: 256\ncycles: 2000\n";

std::unique_ptr<WarpTimelineWidget> timelineFrom(const char* yaml) {
    const auto reading = warpTimelineKind().read(YAML::Load(yaml));
    if (!reading.problems.empty()) qWarning("the test state has problems: %s", yaml);
    auto widget = std::make_unique<WarpTimelineWidget>(reading.state);
    widget->resize(1200, 800);
    widget->show();
    return widget;
}

bool waitForRuns(const WarpTimelineWidget& widget) {
    return QTest::qWaitFor([&widget] { return !widget.isSimulating(); }, kSimulationWaitMs);
}

StepControls* steps(const QWidget& widget) { return part<StepControls>(widget, "stepControls"); }
WarpGanttView* gantt(const QWidget& widget) { return part<WarpGanttView>(widget, "gantt"); }
WarpPolicyPanel* panel(const QWidget& widget, int index) {
    return part<WarpPolicyPanel>(widget, index == 0 ? "policyPanel0" : "policyPanel1");
}
QString readout(const QWidget& widget, int index) {
    return plainText(part<QLabel>(*panel(widget, index), "cycleReadout")->text());
}

}  // namespace

class TestWarpTimelineWidget : public QObject {
    Q_OBJECT

private slots:
    void bothPoliciesShownAsTheSimulatorRanThem() {
        auto widget = timelineFrom(kLaunch);
        QVERIFY(waitForRuns(*widget));
        const auto lrr = simulate("rtx4090", "vectorAdd", {1, 1, 1}, {256, 1, 1}, "lrr", 2000);
        const auto gto = simulate("rtx4090", "vectorAdd", {1, 1, 1}, {256, 1, 1}, "gto", 2000);
        const auto& timelines = gantt(*widget)->timelines();
        QCOMPARE(timelines.size(), std::size_t(2));
        QCOMPARE(timelines[0]->policy(), std::string("lrr"));
        QCOMPARE(timelines[1]->policy(), std::string("gto"));
        QCOMPARE(timelines[0]->stats().cycles, lrr.stats.cycles);
        QCOMPARE(timelines[1]->stats().cycles, gto.stats.cycles);
        const auto longest = std::max(lrr.recordedCycles.size(), gto.recordedCycles.size());
        QCOMPARE(steps(*widget)->count(), int(longest));
        QCOMPARE(gantt(*widget)->cycleCount(), std::int64_t(longest));
        // Every row's status in every cycle is the snapshot's.
        for (const auto& [timeline, result] :
             {std::pair(timelines[0], &lrr), std::pair(timelines[1], &gto)}) {
            QCOMPARE(timeline->rows().size(), std::size_t(8));  // 256 threads: 8 warps
            for (std::size_t cycle = 0; cycle < result->recordedCycles.size(); ++cycle) {
                const auto& snapshot = result->recordedCycles[cycle];
                for (int row = 0; row < int(timeline->rows().size()); ++row) {
                    const int slot = timeline->rows()[std::size_t(row)].slot;
                    const gpu::WarpSnapshot* warp = WarpTimeline::warpInSlot(snapshot, slot);
                    QCOMPARE(timeline->status(row, std::int64_t(cycle)).has_value(),
                             warp != nullptr);
                    if (warp != nullptr) {
                        QCOMPARE(*timeline->status(row, std::int64_t(cycle)), warp->status);
                        QCOMPARE(timeline->rows()[std::size_t(row)].scheduler, warp->scheduler);
                    }
                }
            }
        }
        // Rows grouped by scheduler: S0's warps first.
        QCOMPARE(timelines[0]->rows().front().scheduler, 0);
        QCOMPARE(timelines[0]->rows().back().scheduler, 3);
        // The statistics under the chart are the whole run's.
        QCOMPARE(labelText(*panel(*widget, 0), "stats"),
                 WarpTimelineText::statsLine(lrr.stats).toHtmlEscaped());
        QCOMPARE(labelText(*panel(*widget, 1), "stats"),
                 WarpTimelineText::statsLine(gto.stats).toHtmlEscaped());
    }

    void steppingShowsWhatEachSchedulerIssued() {
        auto widget = timelineFrom(kLaunch);
        QVERIFY(waitForRuns(*widget));
        const auto lrr = simulate("rtx4090", "vectorAdd", {1, 1, 1}, {256, 1, 1}, "lrr", 2000);
        const auto kernel = *gpu::buildKernel("vectorAdd", {1, 1, 1}, {256, 1, 1});
        QCOMPARE(steps(*widget)->position(), 0);
        for (int cycle = 0; cycle < 40; ++cycle) {
            QCOMPARE(widget->cursorCycle(), std::int64_t(cycle));
            QCOMPARE(gantt(*widget)->cursorCycle(), std::int64_t(cycle));
            const auto& snapshot = lrr.recordedCycles[std::size_t(cycle)];
            const QStringList lines = readout(*widget, 0).split(QLatin1Char('\n'));
            QCOMPARE(lines.size(), 4);  // one line per warp scheduler
            QCOMPARE(steps(*widget)->findChild<QLabel*>(QStringLiteral("positionLabel"))->text(),
                     QStringLiteral("cycle %1 of %2").arg(cycle).arg(steps(*widget)->count() - 1));
            for (int scheduler = 0; scheduler < 4; ++scheduler) {
                const QString line = lines[scheduler];
                QVERIFY2(line.startsWith(QStringLiteral("S%1:").arg(scheduler)), qPrintable(line));
                const int issued = snapshot.issuedSlotByScheduler[std::size_t(scheduler)];
                if (issued < 0) {
                    QVERIFY2(line.contains(QStringLiteral("issued nothing")), qPrintable(line));
                    continue;
                }
                const gpu::WarpSnapshot* warp = WarpTimeline::warpInSlot(snapshot, issued);
                QVERIFY(warp != nullptr);
                QVERIFY2(line.contains(
                             QStringLiteral("issued w%1 %2")
                                 .arg(issued)
                                 .arg(WarpTimelineText::instructionText(kernel, warp->issuedPc))),
                         qPrintable(line));
            }
            // Every other warp is named with why it did not issue.
            for (const gpu::WarpSnapshot& warp : snapshot.warps) {
                if (warp.status == gpu::WarpStatus::Issued) continue;
                const QString line = lines[warp.scheduler];
                QVERIFY2(line.contains(WarpTimelineText::statusShortName(warp.status)),
                         qPrintable(line));
                QVERIFY2(line.contains(WarpTimelineText::slotName(warp.slot)), qPrintable(line));
            }
            QTest::keyClick(steps(*widget), Qt::Key_Right);
        }
        // Back, Home and End move the cursor the same way.
        QTest::keyClick(steps(*widget), Qt::Key_Left);
        QCOMPARE(widget->cursorCycle(), std::int64_t(39));
        QTest::keyClick(steps(*widget), Qt::Key_End);
        QCOMPARE(widget->cursorCycle(), std::int64_t(steps(*widget)->count() - 1));
        QTest::keyClick(steps(*widget), Qt::Key_Home);
        QCOMPARE(widget->cursorCycle(), std::int64_t(0));
    }

    void runAndPauseStepTheCursor() {
        auto widget = timelineFrom(kLaunch);
        QVERIFY(waitForRuns(*widget));
        QTest::keyClick(steps(*widget), Qt::Key_Space);
        QVERIFY(steps(*widget)->isRunning());
        QTRY_VERIFY(widget->cursorCycle() >= 2);
        QTest::keyClick(steps(*widget), Qt::Key_Space);
        QVERIFY(!steps(*widget)->isRunning());
        const std::int64_t stopped = widget->cursorCycle();
        QTest::qWait(50);
        QCOMPARE(widget->cursorCycle(), stopped);
    }

    void cellsAreDrawnInTheirStatusColour() {
        auto widget = timelineFrom(kLaunch);
        QVERIFY(waitForRuns(*widget));
        WarpGanttView* view = gantt(*widget);
        QVERIFY(view->showsAllCycles());
        for (int zoom = 0; zoom < 12; ++zoom) view->zoomIn();
        QVERIFY(!view->showsAllCycles());
        QCOMPARE(view->pixelsPerCycle(), 32.0);
        steps(*widget)->setPosition(20);  // the cursor's outline away from the cells checked
        const QImage image = view->viewport()->grab().toImage();
        const auto& timelines = view->timelines();
        int checked = 0;
        for (int pane = 0; pane < 2; ++pane) {
            for (int row = 0; row < int(timelines[std::size_t(pane)]->rows().size()); ++row) {
                for (const std::int64_t cycle : {std::int64_t(3), std::int64_t(12)}) {
                    const auto status = timelines[std::size_t(pane)]->status(row, cycle);
                    const QRect cell = view->cellRect(pane, row, cycle);
                    QVERIFY(!cell.isEmpty());
                    const QColor drawn = image.pixelColor(cell.center());
                    const QColor expected =
                        status ? mlsyslab::widgets::warpStatusColor(*status, view->palette())
                               : view->palette().color(QPalette::Base);
                    QCOMPARE(drawn.rgb(), expected.rgb());
                    ++checked;
                }
            }
        }
        QCOMPARE(checked, 2 * 8 * 2);
    }

    void clickingTheChartMovesTheCursor() {
        auto widget = timelineFrom(kLaunch);
        QVERIFY(waitForRuns(*widget));
        WarpGanttView* view = gantt(*widget);
        for (int zoom = 0; zoom < 12; ++zoom) view->zoomIn();
        const QRect cell = view->cellRect(0, 0, 7);
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, cell.center());
        QCOMPARE(widget->cursorCycle(), std::int64_t(7));
        QCOMPARE(steps(*widget)->position(), 7);
        const auto& snapshot = *view->timelines()[0]->snapshot(7);
        QVERIFY(
            readout(*widget, 0)
                .startsWith(
                    snapshot.issuedSlotByScheduler[0] >= 0
                        ? QStringLiteral("S0: issued w%1").arg(snapshot.issuedSlotByScheduler[0])
                        : QStringLiteral("S0: issued nothing")));
        // Zooming keeps the cursor in view; the whole run comes back with Whole run.
        view->zoomOut();
        QCOMPARE(view->pixelsPerCycle(), 16.0);
        QVERIFY(view->firstShownCycle() <= 7);
        QTest::mouseClick(part<QPushButton>(*widget, "fitButton"), Qt::LeftButton);
        QVERIFY(view->showsAllCycles());
        QCOMPARE(view->firstShownCycle(), std::int64_t(0));
    }

    void changingTheSchedulersSimulatesAgain() {
        auto widget = timelineFrom(kLaunch);
        QVERIFY(waitForRuns(*widget));
        steps(*widget)->setPosition(25);
        auto* chooser = part<QComboBox>(*widget, "schedulerChooser");
        QCOMPARE(chooser->currentText(), QStringLiteral("LRR above GTO"));
        chooser->setCurrentIndex(chooser->findText(QStringLiteral("GTO only")));
        QCOMPARE(widget->configs().size(), std::size_t(1));
        QCOMPARE(widget->configs()[0].schedulerPolicy, std::string("gto"));
        QVERIFY(waitForRuns(*widget));
        const auto gto = simulate("rtx4090", "vectorAdd", {1, 1, 1}, {256, 1, 1}, "gto", 2000);
        QCOMPARE(gantt(*widget)->timelines().size(), std::size_t(1));
        QCOMPARE(gantt(*widget)->timelines()[0]->stats().cycles, gto.stats.cycles);
        QVERIFY(panel(*widget, 0)->isVisible());
        QVERIFY(!panel(*widget, 1)->isVisible());
        QCOMPARE(widget->cursorCycle(), std::int64_t(25));  // the cursor keeps its cycle

        chooser->setCurrentIndex(chooser->findText(QStringLiteral("GTO above LRR")));
        QVERIFY(waitForRuns(*widget));
        QCOMPARE(gantt(*widget)->timelines()[0]->policy(), std::string("gto"));
        QCOMPARE(gantt(*widget)->timelines()[1]->policy(), std::string("lrr"));
        QVERIFY(panel(*widget, 1)->isVisible());
    }

    void changingTheKernelSimulatesAgain() {
        auto widget = timelineFrom(kLaunch);
        QVERIFY(waitForRuns(*widget));
        auto* chooser = part<QComboBox>(*widget, "kernelChooser");
        chooser->setCurrentText(QStringLiteral("reduction"));
        QCOMPARE(widget->state().kernel, std::string("reduction"));
        QCOMPARE(widget->configs()[0].kernel.id, std::string("reduction"));
        QVERIFY(waitForRuns(*widget));
        const auto lrr = simulate("rtx4090", "reduction", {1, 1, 1}, {256, 1, 1}, "lrr", 2000);
        QCOMPARE(gantt(*widget)->timelines()[0]->stats().cycles, lrr.stats.cycles);
        QCOMPARE(gantt(*widget)->timelines()[0]->stats().warpInstructions,
                 lrr.stats.warpInstructions);
        // The reduction waits at __syncthreads(): some warp-cycle shows it.
        QVERIFY(lrr.stats.warpCyclesByStatus[std::size_t(gpu::WarpStatus::WaitingAtBarrier)] > 0);
        QVERIFY(
            labelText(*panel(*widget, 0), "breakdown")
                .contains(WarpTimelineText::statusShortName(gpu::WarpStatus::WaitingAtBarrier)));
    }

    void aKernelThatRefusesTheLaunchSaysWhy() {
        auto widget = timelineFrom(kLaunch);
        QVERIFY(waitForRuns(*widget));
        part<QComboBox>(*widget, "kernelChooser")->setCurrentText(QStringLiteral("matmulTiled"));
        QVERIFY(!widget->isSimulating());
        auto* message = part<QLabel>(*widget, "message");
        QVERIFY(message->isVisible());
        QVERIFY2(message->text().startsWith(QStringLiteral("matmulTiled needs square tiles")),
                 qPrintable(message->text()));
        QCOMPARE(steps(*widget)->count(), 0);
        QVERIFY(gantt(*widget)->timelines().empty());
    }

    void anImpossibleLaunchIsExplained() {
        // 32 x 32 x 2 = 2048 threads in a block: CUDA refuses it.
        auto widget = timelineFrom("kernel: vectorAdd\nblock: [32, 32, 2]\n");
        QVERIFY(waitForRuns(*widget));
        auto* message = part<QLabel>(*widget, "message");
        QVERIFY(message->isVisible());
        QVERIFY2(message->text().startsWith(QStringLiteral("This launch cannot run: ")),
                 qPrintable(message->text()));
        QVERIFY(gantt(*widget)->timelines().empty());
    }

    void theShorterRunSaysWhenItEnded() {
        // The default launch: the reduction takes LRR longer than GTO.
        auto widget = timelineFrom("");
        QVERIFY(waitForRuns(*widget));
        const auto& timelines = gantt(*widget)->timelines();
        const std::int64_t lrrCycles = timelines[0]->stats().cycles;
        const std::int64_t gtoCycles = timelines[1]->stats().cycles;
        QVERIFY(gtoCycles < lrrCycles);
        QVERIFY(timelines[0]->recordedToTheEnd() && timelines[1]->recordedToTheEnd());
        QCOMPARE(steps(*widget)->count(), int(lrrCycles));
        steps(*widget)->setPosition(int(gtoCycles));
        QCOMPARE(readout(*widget, 1),
                 QStringLiteral("All its warps finished at cycle %1.").arg(gtoCycles));
        QVERIFY(readout(*widget, 0).startsWith(QStringLiteral("S0: ")));
    }

    void aLongRunIsDrawnUpToTheRecordedCycles() {
        auto widget = timelineFrom(
            "kernel: vectorAdd\ngrid: 512\nblock: 256\ncycles: 100\nschedulers: gto\n");
        QVERIFY(waitForRuns(*widget));
        const auto gto = simulate("rtx4090", "vectorAdd", {512, 1, 1}, {256, 1, 1}, "gto", 100);
        const auto& timeline = *gantt(*widget)->timelines().at(0);
        QCOMPARE(timeline.recordedCycles(), std::int64_t(100));
        QVERIFY(!timeline.recordedToTheEnd());
        QCOMPARE(timeline.stats().cycles, gto.stats.cycles);  // the statistics: the whole run
        QVERIFY(gto.stats.cycles > 100);
        QCOMPARE(steps(*widget)->count(), 100);
        // Four blocks of eight warps share SM 0: 32 rows, 8 per scheduler.
        QCOMPARE(timeline.rows().size(), std::size_t(32));
        QCOMPARE(timeline.rowCountOfScheduler(3), 8);
    }

    void aLessonFenceMakesTheWidget() {
        const auto registry = mlsyslab::widgets::builtinSimWidgets();
        mlsyslab::lesson::SimBlock block = mlsyslab::testing::simBlock("warp-timeline", "kernel: matrixAdd\ngrid: [3, 2]\nblock: [4, 3]\nschedulers: gto\n");
        std::unique_ptr<QWidget> created(registry.create(block, nullptr));
        auto* widget = qobject_cast<WarpTimelineWidget*>(created.get());
        QVERIFY(widget != nullptr);
        QCOMPARE(widget->state().kernel, std::string("matrixAdd"));
        QCOMPARE(widget->state().schedulers, std::vector<std::string>{"gto"});
        QVERIFY(waitForRuns(*widget));
        // The seed's launch: 6 blocks of one 12-thread warp, one block per SM.
        QCOMPARE(gantt(*widget)->timelines()[0]->rows().size(), std::size_t(1));
        QVERIFY(labelText(*widget, "launchLabel").contains(QStringLiteral("6 blocks on 6 SMs")));
    }
};

QTEST_MAIN(TestWarpTimelineWidget)
#include "tst_warp_timeline_widget.moc"
