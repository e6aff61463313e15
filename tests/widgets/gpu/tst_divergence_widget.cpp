#include <QComboBox>
#include <QPlainTextEdit>
#include <QSpinBox>
#include <bit>
#include <memory>

#include "common/SimWidgetRegistry.h"
#include "../SimViewTestSupport.h"
#include "WarpRunTestSupport.h"
#include "common/StepControls.h"
#include "gpu/DivergenceTrace.h"
#include "gpu/DivergenceTraceView.h"
#include "gpu/DivergenceWidget.h"
#include "gpu/LaneCells.h"
#include "gpu/LaneStripView.h"
#include "gpu/SimtStackView.h"
#include "gpu/WarpTimelineText.h"
#include "gpu/lesson/DivergenceKind.h"

// The divergence simulator driven as a student drives it: each step is one instruction the
// warp issued, and the lanes, the SIMT stack and the readouts must be exactly the simulator's.
using mlsyslab::gpu::DivergenceTrace;
using mlsyslab::lesson::kinds::divergenceKind;
using mlsyslab::testing::kSimulationWaitMs;
using mlsyslab::testing::labelText;
using mlsyslab::testing::part;
using mlsyslab::testing::plainText;
using mlsyslab::testing::simulate;
using mlsyslab::widgets::DivergenceWidget;
using mlsyslab::widgets::LaneStripView;
using mlsyslab::widgets::SimtStackView;
using mlsyslab::widgets::StepControls;
using mlsyslab::widgets::WarpTimelineText;
namespace gpu = mlsyslab::gpu;

namespace {

constexpr std::uint32_t kOddLanes = 0xAAAA'AAAAu;
constexpr std::uint32_t kEvenLanes = 0x5555'5555u;
constexpr std::uint32_t kAllLanes = 0xFFFF'FFFFu;

std::unique_ptr<DivergenceWidget> divergenceFrom(const char* yaml) {
    const auto reading = divergenceKind().read(YAML::Load(yaml));
    if (!reading.problems.empty()) qWarning("the test state has problems: %s", yaml);
    auto widget = std::make_unique<DivergenceWidget>(reading.state);
    widget->resize(1200, 900);
    widget->show();
    return widget;
}

bool waitForRun(const DivergenceWidget& widget) {
    return QTest::qWaitFor([&widget] { return !widget.isSimulating(); }, kSimulationWaitMs);
}

StepControls* steps(const QWidget& widget) { return part<StepControls>(widget, "stepControls"); }
LaneStripView* lanes(const QWidget& widget) { return part<LaneStripView>(widget, "lanes"); }
SimtStackView* stack(const QWidget& widget) { return part<SimtStackView>(widget, "simtStack"); }

// The warp of block 0 in a snapshot, if resident.
const gpu::WarpSnapshot* warpIn(const gpu::SmCycleSnapshot& snapshot, int warpInBlock) {
    for (const gpu::WarpSnapshot& warp : snapshot.warps) {
        if (warp.block == 0 && warp.warpInBlock == warpInBlock) return &warp;
    }
    return nullptr;
}

// The instructions the warp issued, straight from the snapshots: each with the lanes that ran
// it and the stack the snapshot before showed (a snapshot shows the warp after its issue), the
// first with the warp's starting stack.
struct Issue {
    std::int64_t cycle;
    int pc;
    std::uint32_t mask;        // the snapshot's issued mask
    std::uint32_t maskBefore;  // the active mask the snapshot before showed
    std::vector<gpu::SimtStackEntry> stack;
};
std::vector<Issue> issuesOf(const gpu::SimulationResult& result, int warpInBlock) {
    std::vector<Issue> issues;
    const gpu::WarpSnapshot* before = nullptr;
    for (const gpu::SmCycleSnapshot& snapshot : result.recordedCycles) {
        const gpu::WarpSnapshot* warp = warpIn(snapshot, warpInBlock);
        if (warp == nullptr) continue;
        if (warp->issuedPc >= 0) {
            const std::uint32_t maskBefore = before ? before->activeMask : warp->existingMask;
            auto entries = before ? before->simtStack
                                  : std::vector<gpu::SimtStackEntry>{{0, -1, warp->existingMask}};
            issues.push_back(
                {snapshot.cycle, warp->issuedPc, warp->issuedMask, maskBefore, entries});
        }
        before = warp;
    }
    return issues;
}

bool sameStack(const std::vector<gpu::SimtStackEntry>& left,
               const std::vector<gpu::SimtStackEntry>& right) {
    if (left.size() != right.size()) return false;
    for (std::size_t index = 0; index < left.size(); ++index) {
        if (left[index].pc != right[index].pc ||
            left[index].reconvergencePc != right[index].reconvergencePc ||
            left[index].activeMask != right[index].activeMask) {
            return false;
        }
    }
    return true;
}

}  // namespace

class TestDivergenceWidget : public QObject {
    Q_OBJECT

private slots:
    void everyStepIsAnInstructionTheWarpIssued() {
        auto widget = divergenceFrom("");
        QVERIFY(waitForRun(*widget));
        const auto result = simulate("rtx4090", "divergent", {1, 1, 1}, {32, 1, 1}, "lrr", 50000);
        const auto kernel = *gpu::buildKernel("divergent", {1, 1, 1}, {32, 1, 1});
        const std::vector<Issue> issues = issuesOf(result, 0);
        QVERIFY(!issues.empty());
        QCOMPARE(steps(*widget)->count(), int(issues.size()));
        QCOMPARE(std::int64_t(issues.size()), result.stats.warpInstructions);  // one warp
        std::int64_t activeLanes = 0;
        for (int step = 0; step < int(issues.size()); ++step) {
            const Issue& issue = issues[std::size_t(step)];
            QCOMPARE(widget->currentStep(), step);
            // The lanes that ran an instruction are those the warp had active before it issued.
            QCOMPARE(issue.mask, issue.maskBefore);
            QCOMPARE(lanes(*widget)->activeMask(), issue.mask);
            QCOMPARE(lanes(*widget)->existingMask(), kAllLanes);
            QVERIFY(sameStack(stack(*widget)->entries(), issue.stack));
            // The table's top row is the stack's top entry, its mask in hex.
            QCOMPARE(stack(*widget)->cellText(0, 2),
                     mlsyslab::widgets::laneMaskHex(issue.stack.back().activeMask));
            QCOMPARE(widget->highlightedLine(), kernel.code[std::size_t(issue.pc)].sourceLine);
            QVERIFY(plainText(labelText(*widget, "instruction"))
                        .contains(WarpTimelineText::instructionText(kernel, issue.pc)));
            activeLanes += std::popcount(issue.mask);
            const QString readouts = plainText(labelText(*widget, "readouts"));
            const int idle = 32 - std::popcount(issue.mask);
            QVERIFY2(readouts.contains(
                         QStringLiteral("Lanes idle on this instruction: %1 of 32").arg(idle)),
                     qPrintable(readouts));
            const double efficiency = 100.0 * double(activeLanes) / (32.0 * (step + 1));
            QVERIFY2(readouts.contains(QStringLiteral("SIMT efficiency so far: %1 %")
                                           .arg(QString::number(efficiency, 'f', 1))),
                     qPrintable(readouts));
            QTest::keyClick(steps(*widget), Qt::Key_Right);
        }
        // Summed over the run, the lanes are the simulator's thread instructions.
        QCOMPARE(activeLanes, result.stats.threadInstructions);
        QCOMPARE(widget->trace()->simtEfficiencyPct(issues.size() - 1),
                 result.stats.simtEfficiencyPct);
        QVERIFY(widget->trace()->complete);
    }

    void bothPathsRunOneAfterTheOther() {
        auto widget = divergenceFrom("kernel: divergent\nblock: 32\n");
        QVERIFY(waitForRun(*widget));
        const DivergenceTrace& trace = *widget->trace();
        // The odd lanes' path (if) runs to its end before the even lanes' (else) starts.
        int firstOdd = -1;
        int lastOdd = -1;
        int firstEven = -1;
        int lastEven = -1;
        for (int step = 0; step < int(trace.steps.size()); ++step) {
            const std::uint32_t mask = trace.steps[std::size_t(step)].activeMask;
            QVERIFY(mask == kAllLanes || mask == kOddLanes || mask == kEvenLanes);
            if (mask == kOddLanes) {
                if (firstOdd < 0) firstOdd = step;
                lastOdd = step;
            }
            if (mask == kEvenLanes) {
                if (firstEven < 0) firstEven = step;
                lastEven = step;
            }
        }
        QVERIFY(firstOdd > 0 && firstEven > 0);
        QVERIFY(lastOdd < firstEven || lastEven < firstOdd);
        // On a divergent step the stack holds the reconvergence entry under the paths, and the
        // readouts say so.
        steps(*widget)->setPosition(firstOdd);
        QVERIFY(stack(*widget)->entries().size() >= 2);
        QCOMPARE(stack(*widget)->entries().front().activeMask, kAllLanes);
        QCOMPARE(stack(*widget)->entries().back().activeMask, kOddLanes);
        QCOMPARE(lanes(*widget)->activeMask(), kOddLanes);
        const QString readouts = plainText(labelText(*widget, "readouts"));
        QVERIFY2(readouts.contains(QStringLiteral("Both paths run one after the other")),
                 qPrintable(readouts));
        QVERIFY2(readouts.contains(QStringLiteral("Lanes idle on this instruction: 16 of 32")),
                 qPrintable(readouts));
        // After both paths: all lanes together again.
        const int afterBoth = std::max(lastOdd, lastEven) + 1;
        steps(*widget)->setPosition(afterBoth);
        QCOMPARE(lanes(*widget)->activeMask(), kAllLanes);
        QCOMPARE(stack(*widget)->entries().size(), std::size_t(1));
        QVERIFY(plainText(labelText(*widget, "readouts")).contains(QStringLiteral("Reconverged")));
        // 32 lanes an instruction except on the two paths, where 16 run.
        const double expected =
            100.0 * double(trace.steps.back().activeLanesSoFar) / (32.0 * trace.steps.size());
        QCOMPARE(trace.simtEfficiencyPct(trace.steps.size() - 1), expected);
        QVERIFY(expected < 100.0);
    }

    void clickingATraceRowAndTheKeysMoveTheStep() {
        auto widget = divergenceFrom("");
        QVERIFY(waitForRun(*widget));
        auto* trace = part<mlsyslab::widgets::DivergenceTraceView>(*widget, "trace");
        QTest::mouseClick(trace->viewport(), Qt::LeftButton, {}, trace->rowRect(4).center());
        QCOMPARE(widget->currentStep(), 4);
        QCOMPARE(trace->currentStep(), 4);
        QCOMPARE(lanes(*widget)->activeMask(), widget->trace()->steps[4].activeMask);
        QTest::keyClick(widget.get(), Qt::Key_Right);
        QCOMPARE(widget->currentStep(), 5);
        QTest::keyClick(widget.get(), Qt::Key_End);
        QCOMPARE(widget->currentStep(), int(widget->trace()->steps.size()) - 1);
        QTest::keyClick(widget.get(), Qt::Key_Home);
        QCOMPARE(widget->currentStep(), 0);
    }

    void changingTheKernelSimulatesAgain() {
        auto widget = divergenceFrom("");
        QVERIFY(waitForRun(*widget));
        part<QComboBox>(*widget, "kernelChooser")->setCurrentText(QStringLiteral("vectorAdd"));
        QCOMPARE(widget->config().kernel.id, std::string("vectorAdd"));
        QVERIFY(waitForRun(*widget));
        const auto result = simulate("rtx4090", "vectorAdd", {1, 1, 1}, {32, 1, 1}, "lrr", 50000);
        const auto issues = issuesOf(result, 0);
        QCOMPARE(steps(*widget)->count(), int(issues.size()));
        // No branch that splits the warp: every lane runs every instruction.
        for (const auto& step : widget->trace()->steps) QCOMPARE(step.activeMask, kAllLanes);
        QVERIFY(plainText(labelText(*widget, "readouts"))
                    .contains(QStringLiteral("SIMT efficiency so far: 100.0 %")));
        QVERIFY(part<QPlainTextEdit>(*widget, "source")
                    ->toPlainText()
                    .contains(QStringLiteral("vectorAdd")));
    }

    void anotherWarpOfTheBlock() {
        auto widget = divergenceFrom("block: 40\nwarp: 0\n");
        QVERIFY(waitForRun(*widget));
        part<QSpinBox>(*widget, "warpChooser")->setValue(1);
        QCOMPARE(widget->state().warp, 1);
        QVERIFY(!widget->isSimulating());  // the same run, another warp
        const auto result = simulate("rtx4090", "divergent", {1, 1, 1}, {40, 1, 1}, "lrr", 50000);
        const auto issues = issuesOf(result, 1);
        QCOMPARE(steps(*widget)->count(), int(issues.size()));
        // Warp 1 holds threads 32 to 39: eight lanes are threads, the rest are not.
        QCOMPARE(lanes(*widget)->existingMask(), 0xFFu);
        for (int step = 0; step < int(issues.size()); ++step) {
            steps(*widget)->setPosition(step);
            QCOMPARE(lanes(*widget)->activeMask(), issues[std::size_t(step)].mask);
        }
        QVERIFY(plainText(labelText(*widget, "laneCaption"))
                    .startsWith(QStringLiteral("Warp 1 = threads 32\u201339")));
    }

    void aKernelThatRefusesTheBlockSaysWhy() {
        auto widget = divergenceFrom("");
        QVERIFY(waitForRun(*widget));
        part<QComboBox>(*widget, "kernelChooser")->setCurrentText(QStringLiteral("matmulTiled"));
        auto* message = part<QLabel>(*widget, "message");
        QVERIFY(message->isVisible());
        QVERIFY(message->text().startsWith(QStringLiteral("matmulTiled needs square tiles")));
        QCOMPARE(steps(*widget)->count(), 0);
    }

    void aLessonFenceMakesTheWidget() {
        const auto registry = mlsyslab::widgets::builtinSimWidgets();
        mlsyslab::lesson::SimBlock block = mlsyslab::testing::simBlock("divergence", "kernel: reduction\nblock: 64\nwarp: 1\n");
        std::unique_ptr<QWidget> created(registry.create(block, nullptr));
        auto* widget = qobject_cast<DivergenceWidget*>(created.get());
        QVERIFY(widget != nullptr);
        QCOMPARE(widget->state().kernel, std::string("reduction"));
        QCOMPARE(widget->state().warp, 1);
        QVERIFY(waitForRun(*widget));
        QVERIFY(widget->trace() && !widget->trace()->steps.empty());
    }
};

QTEST_MAIN(TestDivergenceWidget)
#include "tst_divergence_widget.moc"
