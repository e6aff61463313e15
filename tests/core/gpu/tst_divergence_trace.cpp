#include <QtTest>
#include <bit>
#include <cstdint>

#include "WarpSimulatorTestSupport.h"
#include "gpu/BuiltinKernels.h"
#include "gpu/DivergenceTrace.h"

using namespace mlsyslab::gpu;
using mlsyslab::testing::smallTestDevice;

namespace {

SimulationResult runDivergent(int threads) {
    const Dim3 grid{1, 1, 1};
    const Dim3 block{threads, 1, 1};
    SimulationConfig config;
    config.device = smallTestDevice();
    config.kernel = *buildKernel("divergent", grid, block);
    config.grid = grid;
    config.block = block;
    const auto result = simulateLaunch(config);
    if (!result) qFatal("%s", result.error().c_str());
    return *result;
}

QString maskText(const DivergenceStep& step) {
    return QStringLiteral("%1:%2").arg(step.pc).arg(step.activeMask, 8, 16, QLatin1Char('0'));
}

}  // namespace

// The divergence view's trace, read from the simulator's per-cycle snapshots: one step per
// instruction the warp issued, with the stack it ran under and the lanes summed so far.
class TestDivergenceTrace : public QObject {
    Q_OBJECT

private slots:
    // The divergent kernel's one warp: the odd lanes' path, then the even lanes', then all.
    void divergentWarpStepByStep() {
        const SimulationResult result = runDivergent(32);
        const DivergenceTrace trace = traceWarp(result, 0, 0);
        QStringList masks;
        for (const DivergenceStep& step : trace.steps) masks << maskText(step);
        const QStringList expected{"0:ffffffff",  "1:ffffffff",  "2:ffffffff",  "3:ffffffff",
                                   "4:ffffffff",  "5:ffffffff",  "6:ffffffff",  "7:aaaaaaaa",
                                   "8:aaaaaaaa",  "9:aaaaaaaa",  "10:55555555", "11:55555555",
                                   "12:ffffffff", "13:ffffffff", "14:ffffffff"};
        QCOMPARE(masks, expected);
        QVERIFY(trace.complete);
        QCOMPARE(trace.existingMask, 0xFFFFFFFFu);

        // The first instruction runs with the stack a warp starts with: pc 0, every lane.
        QCOMPARE(trace.steps.front().simtStack.size(), std::size_t{1});
        QCOMPARE(trace.steps.front().simtStack[0].activeMask, 0xFFFFFFFFu);
        // The if body runs on top of the join and the waiting else path.
        const DivergenceStep& body = trace.steps[8];
        QCOMPARE(body.simtStack.size(), std::size_t{3});
        QCOMPARE(body.simtStack[0].pc, 12);
        QCOMPARE(body.simtStack[1].activeMask, 0x55555555u);
        QCOMPARE(body.simtStack[2].activeMask, 0xAAAAAAAAu);

        // Lanes summed step by step, and cycles in issue order.
        std::int64_t lanes = 0;
        for (std::size_t index = 0; index < trace.steps.size(); ++index) {
            lanes += std::popcount(trace.steps[index].activeMask);
            QCOMPARE(trace.steps[index].activeLanesSoFar, lanes);
            if (index > 0) QVERIFY(trace.steps[index].cycle > trace.steps[index - 1].cycle);
        }
        QCOMPARE(lanes, result.stats.threadInstructions);
    }

    // SIMT efficiency so far: 100% before the branch, the simulator's figure at the end.
    void simtEfficiencySoFar() {
        const SimulationResult result = runDivergent(32);
        const DivergenceTrace trace = traceWarp(result, 0, 0);
        QCOMPARE(trace.simtEfficiencyPct(0), 100.0);
        QCOMPARE(trace.simtEfficiencyPct(6), 100.0);
        QCOMPARE(trace.simtEfficiencyPct(7), 100.0 * (7 * 32 + 16) / (32.0 * 8));
        QCOMPARE(trace.simtEfficiencyPct(trace.steps.size() - 1), result.stats.simtEfficiencyPct);
        QCOMPARE(trace.simtEfficiencyPct(trace.steps.size()), 0.0);  // past the end
    }

    // A partial last warp counts its 16 lanes out of 32 slots, as Nsight Compute does.
    void partialWarpCountsThirtyTwoSlots() {
        const SimulationResult result = runDivergent(48);
        const DivergenceTrace trace = traceWarp(result, 0, 1);
        QCOMPARE(trace.existingMask, 0x0000FFFFu);
        QCOMPARE(trace.steps.size(), std::size_t{15});
        QCOMPARE(trace.simtEfficiencyPct(0), 50.0);
    }

    // A warp the recording never saw gives an empty, incomplete trace.
    void unknownWarpIsEmpty() {
        const SimulationResult result = runDivergent(32);
        const DivergenceTrace trace = traceWarp(result, 0, 5);
        QVERIFY(trace.steps.empty());
        QVERIFY(!trace.complete);
    }
};

QTEST_APPLESS_MAIN(TestDivergenceTrace)
#include "tst_divergence_trace.moc"
