#include <QtTest>
#include <array>

#include "WarpSimulatorTestSupport.h"
#include "gpu/GlobalMemory.h"
#include "gpu/KernelAssembler.h"
#include "gpu/SchedulerPolicy.h"
#include "gpu/WarpSimulator.h"

using namespace mlsyslab::gpu;
using mlsyslab::testing::smallTestDevice;
using mlsyslab::testing::statusLetter;
using mlsyslab::testing::statusRow;

namespace {

// x = A[threadIdx.x]; y = x + x: a load and the ALU work around it.
//   0  shl.b32  r0, %tid.x, 2      byte offset           ALU, ready 2 cycles later
//   1  add.s64  r1, A, r0          address (needs r0)    ALU
//   2  ld.global.f32 r2, [r1]      (needs r1)            load/store unit, 6 cycles
//   3  add.f32  r3, r2, r2         (needs r2)            ALU
//   4  exit
KernelProgram tinyKernel(int threads) {
    KernelProgram kernel;
    kernel.id = "tiny";
    kernel.sourceLines = {"float x = A[threadIdx.x];", "float y = x + x;"};
    kernel.parameterNames = {"A"};
    kernel.parameterValues = {addKernelArray(kernel, "A", threads, true)};
    kernel.registersPerThread = 16;
    KernelAssembler code(kernel.parameterNames);
    code.setSourceLine(0);
    code.append("shl.b32", Opcode::ShiftLeft, 0,
                {special(SpecialRegister::ThreadIdxX), immediate(2)});
    code.append("add.s64", Opcode::IntAdd, 1, {parameter(0), reg(0)});
    code.append("ld.global.f32", Opcode::LoadGlobal, 2, {reg(1)});
    code.setSourceLine(1);
    code.append("add.f32", Opcode::FloatAdd, 3, {reg(2), reg(2)});
    code.exit();
    kernel.code = code.finish();
    return kernel;
}

SimulationConfig tinyLaunch(const std::string& policy, int schedulers, int warps) {
    SimulationConfig config;
    config.device = smallTestDevice(schedulers);
    config.kernel = tinyKernel(32 * warps);
    config.grid = Dim3{1, 1, 1};
    config.block = Dim3{32 * warps, 1, 1};
    config.schedulerPolicy = policy;
    config.recordedSm = 0;
    return config;
}

std::vector<WarpCandidate> candidates(std::initializer_list<std::pair<int, int>> slotAndAge) {
    std::vector<WarpCandidate> warps;
    for (const auto& [slot, age] : slotAndAge) warps.push_back({slot, age});
    return warps;
}

}  // namespace

// The warp schedulers, cycle by cycle, against tables worked by hand from the rules in
// docs/gpu-simulator.md: a scheduler issues at most one instruction per cycle, the first warp
// in its policy's order whose registers are ready (scoreboard) and whose unit is free; the SM's
// load/store unit takes one request per cycle.
class TestWarpSchedule : public QObject {
    Q_OBJECT

private slots:
    // Rows: "issued slot(s)|status of each warp slot" for cycles 0, 1, 2, ...
    void handWorkedSchedule_data() {
        QTest::addColumn<QString>("policy");
        QTest::addColumn<int>("schedulers");
        QTest::addColumn<int>("warps");
        QTest::addColumn<QStringList>("table");
        // Loose round robin, one scheduler, three warps: the turn passes on after every issue,
        // so the three warps move in lock step; their loads go out in cycles 6, 7, 8 and
        // return in 12, 13, 14 (6 cycles, the load/store unit free again each next cycle).
        QTest::newRow("lrr") << "lrr" << 1 << 3
                             << QStringList{"0|IRR", "1|WIR", "2|RWI", "0|IRW",  "1|WIR",  "2|RWI",
                                            "0|IRW", "1|WIR", "2|WWI", "-1|WWW", "-1|WWW", "-1|WWW",
                                            "0|IWW", "1|RIW", "2|RRI", "0|IRR",  "1|FIR",  "2|FFI"};
        // Greedy then oldest: warps 0 and 1 race to their loads (cycles 4 and 5) while warp 2,
        // the youngest, waits its turn; it starts in cycle 6 and finishes last.
        QTest::newRow("gto") << "gto" << 1 << 3
                             << QStringList{"0|IRR", "1|WIR",  "0|IWR", "1|WIR",  "0|IWR", "1|WIR",
                                            "2|WWI", "-1|WWW", "2|WWI", "-1|WWW", "2|RWI", "0|IRW",
                                            "0|IRW", "1|FIW",  "1|FIW", "-1|FFW", "2|FFI", "2|FFI"};
        // Two schedulers, one warp each, issue side by side, but the SM has one load/store
        // unit: in cycle 4 warp 0's load takes it and warp 1 waits a cycle (pipeline busy).
        QTest::newRow("two schedulers")
            << "lrr" << 2 << 2
            << QStringList{"0 1|II",  "-1 -1|WW", "0 1|II",   "-1 -1|WW", "0 -1|IP",
                           "-1 1|WI", "-1 -1|WW", "-1 -1|WW", "-1 -1|WW", "-1 -1|WW",
                           "0 -1|IW", "0 1|II",   "-1 1|FI"};
    }
    void handWorkedSchedule() {
        QFETCH(QString, policy);
        QFETCH(int, schedulers);
        QFETCH(int, warps);
        QFETCH(QStringList, table);
        const auto result = simulateLaunch(tinyLaunch(policy.toStdString(), schedulers, warps));
        QVERIFY2(result.ok(), result.ok() ? "" : result.error().c_str());
        QCOMPARE(result->stats.cycles, table.size());
        QCOMPARE(result->recordedCycles.size(), static_cast<std::size_t>(table.size()));
        std::array<std::int64_t, kWarpStatusCount> counted{};
        for (int cycle = 0; cycle < table.size(); ++cycle) {
            const SmCycleSnapshot& snapshot =
                result->recordedCycles[static_cast<std::size_t>(cycle)];
            QCOMPARE(snapshot.cycle, cycle);
            QStringList issued;
            for (const int slot : snapshot.issuedSlotByScheduler) issued << QString::number(slot);
            const QString actual =
                issued.join(' ') + "|" + QString::fromStdString(statusRow(snapshot, warps));
            QCOMPARE(QString("cycle %1: %2").arg(cycle).arg(actual),
                     QString("cycle %1: %2").arg(cycle).arg(table[cycle]));
            for (const WarpSnapshot& warp : snapshot.warps) {
                ++counted[static_cast<std::size_t>(warp.status)];
                QCOMPARE(warp.scheduler, warp.slot % schedulers);
                // The issued instruction is the one before the warp's pc, or exit (it stays).
                if (warp.status == WarpStatus::Issued) {
                    QVERIFY(warp.issuedPc == warp.pc - 1 || warp.issuedPc == 4);
                    QCOMPARE(warp.issuedMask, 0xFFFFFFFFu);
                } else {
                    QCOMPARE(warp.issuedPc, -1);
                }
            }
        }
        // The statistics count the same warp-cycles as the table.
        for (int status = 0; status < kWarpStatusCount; ++status) {
            QCOMPARE(result->stats.warpCyclesByStatus[static_cast<std::size_t>(status)],
                     counted[static_cast<std::size_t>(status)]);
        }
        QCOMPARE(result->stats.warpInstructions, 5 * warps);
    }

    // Greedy then oldest keeps the warp that issued last first; loose round robin starts after
    // it. Both only order: the scheduler then takes the first warp that can issue.
    void policyOrders_data() {
        QTest::addColumn<QString>("policy");
        QTest::addColumn<int>("lastIssued");
        QTest::addColumn<QList<int>>("order");
        // Slots 0, 1, 4, 5 launched in the order 5, 1, 4, 0 (ages 3, 1, 2, 0).
        QTest::newRow("lrr first") << "lrr" << -1 << QList<int>{0, 1, 4, 5};
        QTest::newRow("lrr after 1") << "lrr" << 1 << QList<int>{4, 5, 0, 1};
        QTest::newRow("lrr after the last") << "lrr" << 5 << QList<int>{0, 1, 4, 5};
        QTest::newRow("lrr after a retired slot") << "lrr" << 2 << QList<int>{4, 5, 0, 1};
        QTest::newRow("gto oldest first") << "gto" << -1 << QList<int>{5, 1, 4, 0};
        QTest::newRow("gto greedy") << "gto" << 4 << QList<int>{4, 5, 1, 0};
        QTest::newRow("gto greedy oldest") << "gto" << 5 << QList<int>{5, 1, 4, 0};
        QTest::newRow("gto last retired") << "gto" << 3 << QList<int>{5, 1, 4, 0};
    }
    void policyOrders() {
        QFETCH(QString, policy);
        QFETCH(int, lastIssued);
        QFETCH(QList<int>, order);
        const auto scheduler = makeSchedulerPolicy(policy.toStdString());
        QVERIFY(scheduler != nullptr);
        QCOMPARE(QString::fromStdString(std::string(scheduler->name())), policy);
        const auto warps = candidates({{0, 3}, {1, 1}, {4, 2}, {5, 0}});
        const std::vector<int> actual = scheduler->orderWarps(warps, lastIssued);
        QCOMPARE(QList<int>(actual.begin(), actual.end()), order);
    }

    void unknownPolicy() {
        QVERIFY(makeSchedulerPolicy("fifo") == nullptr);
        const auto result = simulateLaunch(tinyLaunch("fifo", 1, 1));
        QVERIFY(!result.ok());
        QVERIFY(result.error().find("lrr") != std::string::npos);
    }

    void statusLettersAreDistinct() {
        QCOMPARE(statusLetter(WarpStatus::PipelineBusy), 'P');
        QCOMPARE(QString(statusName(WarpStatus::WaitingOnRegister)),
                 QString("waiting_on_register"));
        QCOMPARE(QString(statusName(WarpStatus::PipelineBusy)), QString("pipeline_busy"));
    }
};

QTEST_APPLESS_MAIN(TestWarpSchedule)
#include "tst_warp_schedule.moc"
