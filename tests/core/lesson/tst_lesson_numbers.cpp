#include <QLocale>
#include <QRegularExpression>
#include <QtTest>
#include <string>

#include "CourseTestSupport.h"
#include "gpu/BuiltinKernels.h"
#include "gpu/WarpSimulator.h"
#include "gpu/lesson/GpuDeviceField.h"
#include "gpu/lesson/WarpTimelineKind.h"
#include "logic/AdderCircuits.h"
#include "logic/EventSimulation.h"
#include "logic/lesson/AdderKind.h"

using mlsyslab::lesson::kinds::AdderState;
using mlsyslab::lesson::kinds::WarpTimelineState;
using mlsyslab::logic::AdderCircuit;
using mlsyslab::logic::AdderKind;
using mlsyslab::testing::builtinLesson;
using mlsyslab::testing::firstSimState;
using mlsyslab::testing::proseOf;

namespace {

constexpr std::string_view kAdderLesson = "10-ripple-vs-lookahead.lesson.md";
constexpr std::string_view kGpuMemoryLesson = "29-gpu-memory-hierarchy.lesson.md";

AdderCircuit adderFor(AdderKind kind, int width) {
    auto built = mlsyslab::logic::buildAdder(kind, width);
    if (!built) qFatal("no %d-bit adder: %s", width, built.error().c_str());
    return *built;
}

}  // namespace

// The numbers lessons quote about their own simulators are the ones the simulators show. The
// adder lesson once said "1 + 11111111" over a 16-bit 0xFFFF and "34 gate delays" over a run
// that settles at t = 33; the GPU memory lesson promised green bursts over a chart 87 % red.
class TestLessonNumbers : public QObject {
    Q_OBJECT

private slots:
    void theRippleStepDescribesItsOwnSum();
    void theAdderTableIsTheNetlists();
    void theTiledMatmulStepQuotesItsOwnRun();
};

void TestLessonNumbers::theRippleStepDescribesItsOwnSum() {
    const auto lesson = builtinLesson(kAdderLesson);
    QVERIFY(lesson);
    const auto& step = lesson->steps.at(0);
    const AdderState* state = firstSimState<AdderState>(step);
    QVERIFY(state != nullptr);
    const AdderCircuit adder = adderFor(state->adder, state->width);
    const auto run = mlsyslab::logic::simulateFromZero(
        adder.netlist, mlsyslab::logic::adderInputValues(adder, state->a, state->b, false));
    const QString prose = QString::fromStdString(proseOf(step));
    const QString sum = QStringLiteral("Adding %1 to `0x%2`")
                            .arg(state->b)
                            .arg(QString::number(state->a, 16).toUpper());
    QVERIFY2(prose.contains(sum), qPrintable(sum));
    const QString settles = QStringLiteral("settles at t = %1").arg(run.settleTime);
    QVERIFY2(prose.contains(settles), qPrintable(settles));
    const QString critical =
        QStringLiteral("%1 gate delays").arg(adder.netlist.criticalPathDelay());
    QVERIFY2(prose.contains(critical), qPrintable(critical));
    // Any other count of gate delays in the step would contradict the two above.
    static const QRegularExpression delays(QStringLiteral("(\\d+) gate delays"));
    for (auto match = delays.globalMatch(prose); match.hasNext();) {
        QCOMPARE(match.next().captured(1).toInt(), adder.netlist.criticalPathDelay());
    }
}

void TestLessonNumbers::theAdderTableIsTheNetlists() {
    const auto lesson = builtinLesson(kAdderLesson);
    QVERIFY(lesson);
    // | width | ripple gates | ripple depth | lookahead gates | lookahead depth |
    static const QRegularExpression row(
        QStringLiteral("^\\| (\\d+) \\| (\\d+) \\| (\\d+) \\| (\\d+) \\| (\\d+) \\|$"),
        QRegularExpression::MultilineOption);
    int rows = 0;
    for (const auto& step : lesson->steps) {
        const QString prose = QString::fromStdString(proseOf(step));
        for (auto match = row.globalMatch(prose); match.hasNext();) {
            const auto cells = match.next();
            const int width = cells.captured(1).toInt();
            const AdderCircuit ripple = adderFor(AdderKind::RippleCarry, width);
            const AdderCircuit lookahead = adderFor(AdderKind::CarryLookahead, width);
            const QString where = QStringLiteral("the %1-bit row").arg(width);
            QVERIFY2(cells.captured(2).toInt() == int(ripple.netlist.gates().size()),
                     qPrintable(where));
            QVERIFY2(cells.captured(3).toInt() == ripple.netlist.depth(), qPrintable(where));
            QVERIFY2(cells.captured(4).toInt() == int(lookahead.netlist.gates().size()),
                     qPrintable(where));
            QVERIFY2(cells.captured(5).toInt() == lookahead.netlist.depth(), qPrintable(where));
            ++rows;
        }
    }
    QCOMPARE(rows, 3);
}

void TestLessonNumbers::theTiledMatmulStepQuotesItsOwnRun() {
    const auto lesson = builtinLesson(kGpuMemoryLesson);
    QVERIFY(lesson);
    const auto& step = lesson->steps.at(2);
    const WarpTimelineState* state = firstSimState<WarpTimelineState>(step);
    QVERIFY(state != nullptr);
    QCOMPARE(state->kernel, std::string("matmulTiled"));
    mlsyslab::gpu::SimulationConfig config;
    config.device = mlsyslab::lesson::kinds::gpuDeviceOrDefault(state->device);
    const auto kernel = mlsyslab::gpu::buildKernel(state->kernel, state->grid, state->block);
    QVERIFY(kernel);
    config.kernel = *kernel;
    config.grid = state->grid;
    config.block = state->block;
    config.schedulerPolicy = state->schedulers.front();
    config.recordedSm = -1;  // the statistics of the whole launch, as under the chart
    const auto run = mlsyslab::gpu::simulateLaunch(config);
    QVERIFY(run);
    std::int64_t warpCycles = 0;
    for (const std::int64_t cycles : run->stats.warpCyclesByStatus) warpCycles += cycles;
    const auto waiting =
        run->stats.warpCyclesByStatus[std::size_t(mlsyslab::gpu::WarpStatus::WaitingOnRegister)];
    const QString prose = QString::fromStdString(proseOf(step));
    const QString share = QStringLiteral("%1 % of their cycles")
                              .arg(100.0 * double(waiting) / double(warpCycles), 0, 'f', 1);
    QVERIFY2(prose.contains(share), qPrintable(share));
    const auto matrix =
        QStringLiteral("a %1 × %1 multiplication").arg(state->grid.x * state->block.x);
    QVERIFY2(prose.contains(matrix), qPrintable(matrix));
    const QString shown = QStringLiteral("the first %1 cycles")
                              .arg(QLocale(QLocale::English).toString(qlonglong(state->cycles)));
    QVERIFY2(prose.contains(shown), qPrintable(shown));
    QVERIFY(run->stats.cycles > state->cycles);  // the chart shows only part of the run
}

QTEST_APPLESS_MAIN(TestLessonNumbers)
#include "tst_lesson_numbers.moc"
