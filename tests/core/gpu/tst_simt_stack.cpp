#include <QtTest>
#include <algorithm>

#include "WarpSimulatorTestSupport.h"
#include "gpu/BuiltinKernels.h"
#include "gpu/GlobalMemory.h"
#include "gpu/KernelAssembler.h"
#include "gpu/SimtStack.h"
#include "gpu/WarpSimulator.h"

using namespace mlsyslab::gpu;
using mlsyslab::testing::smallTestDevice;

namespace {

using S = SpecialRegister;

// One instruction as a warp ran it: where, and with which lanes.
struct Executed {
    int pc = 0;
    std::uint32_t lanes = 0;
};

// Every instruction warp slot `slot` of SM 0 issued, in order, from the recorded snapshots.
std::vector<Executed> executedBy(const SimulationResult& result, int slot) {
    std::vector<Executed> trace;
    for (const SmCycleSnapshot& cycle : result.recordedCycles) {
        for (const WarpSnapshot& warp : cycle.warps) {
            if (warp.slot == slot && warp.issuedPc >= 0) {
                trace.push_back({warp.issuedPc, warp.issuedMask});
            }
        }
    }
    return trace;
}

// "pc:mask" for each executed instruction, masks in hex: "7:aaaaaaaa".
QStringList traceText(const std::vector<Executed>& trace) {
    QStringList text;
    for (const Executed& step : trace) {
        text << QString("%1:%2").arg(step.pc).arg(step.lanes, 8, 16, QChar('0'));
    }
    return text;
}

SimulationResult run(const KernelProgram& kernel, const Dim3& grid, const Dim3& block) {
    SimulationConfig config;
    config.device = smallTestDevice(1);
    config.kernel = kernel;
    config.grid = grid;
    config.block = block;
    config.recordedSm = 0;
    const auto result = simulateLaunch(config);
    if (!result.ok()) qFatal("simulation failed: %s", result.error().c_str());
    return *result;
}

std::size_t deepestStack(const SimulationResult& result, int slot) {
    std::size_t deepest = 0;
    for (const SmCycleSnapshot& cycle : result.recordedCycles) {
        for (const WarpSnapshot& warp : cycle.warps) {
            if (warp.slot == slot) deepest = std::max(deepest, warp.simtStack.size());
        }
    }
    return deepest;
}

// if (lane % 2) { if (lane % 4 == 1) A else B } else C; then D for all.
//   0  rem r0, %laneid, 2        4  rem r2, %laneid, 4       9  ELSE_IN: add r4 (B)
//   1  setp.ne r1, r0, 0         5  setp.eq r3, r2, 1       10  JOIN_IN: bra.uni JOIN
//   2  @!r1 bra ELSE (JOIN)      6  @!r3 bra ELSE_IN (JOIN_IN)  11  ELSE: add r4 (C)
//   3  mov r4, 0                 7  add r4 (A)              12  JOIN: add r5 (D)
//                                8  bra.uni JOIN_IN         13  exit
KernelProgram nestedKernel() {
    KernelProgram kernel;
    kernel.id = "nested";
    kernel.sourceLines = {"if (lane % 2) { if (lane % 4 == 1) A; else B; } else C;", "D;"};
    KernelAssembler code({});
    const auto otherwise = code.newLabel("ELSE");
    const auto join = code.newLabel("JOIN");
    const auto innerElse = code.newLabel("ELSE_IN");
    const auto innerJoin = code.newLabel("JOIN_IN");
    code.setSourceLine(0);
    code.append("rem.u32", Opcode::IntRemainder, 0, {special(S::LaneId), immediate(2)});
    code.append("setp.ne.u32", Opcode::SetNotEqual, 1, {reg(0), immediate(0)});
    code.branch(1, true, otherwise, join);
    code.append("mov.u32", Opcode::Move, 4, {immediate(0)});
    code.append("rem.u32", Opcode::IntRemainder, 2, {special(S::LaneId), immediate(4)});
    code.append("setp.eq.u32", Opcode::SetEqual, 3, {reg(2), immediate(1)});
    code.branch(3, true, innerElse, innerJoin);
    code.append("add.u32", Opcode::IntAdd, 4, {reg(4), immediate(1)});
    code.jump(innerJoin);
    code.bind(innerElse);
    code.append("add.u32", Opcode::IntAdd, 4, {reg(4), immediate(2)});
    code.bind(innerJoin);
    code.jump(join);
    code.bind(otherwise);
    code.append("add.u32", Opcode::IntAdd, 4, {reg(4), immediate(3)});
    code.setSourceLine(1);
    code.bind(join);
    code.append("add.u32", Opcode::IntAdd, 5, {reg(4), immediate(1)});
    code.exit();
    kernel.code = code.finish();
    kernel.registersPerThread = 16;
    return kernel;
}

// for (int i = 0; i < lane % 4; ++i) body; after: every lane.
//   0  rem r0, %laneid, 4     2  LOOP: setp.lt r2, r1, r0    5  add r1, r1, 1
//   1  mov r1, 0              3  @!r2 bra DONE (DONE)        6  bra.uni LOOP
//                             4  add r3, r3, 1 (body)        7  DONE: add r4, r3, 0
//                                                            8  exit
KernelProgram loopKernel() {
    KernelProgram kernel;
    kernel.id = "loop";
    kernel.sourceLines = {"for (int i = 0; i < lane % 4; ++i) body;", "after;"};
    KernelAssembler code({});
    const auto loop = code.newLabel("LOOP");
    const auto done = code.newLabel("DONE");
    code.setSourceLine(0);
    code.append("rem.u32", Opcode::IntRemainder, 0, {special(S::LaneId), immediate(4)});
    code.append("mov.s32", Opcode::Move, 1, {immediate(0)});
    code.bind(loop);
    code.append("setp.lt.s32", Opcode::SetLess, 2, {reg(1), reg(0)});
    code.branch(2, true, done, done);
    code.append("add.s32", Opcode::IntAdd, 3, {reg(3), immediate(1)});
    code.append("add.s32", Opcode::IntAdd, 1, {reg(1), immediate(1)});
    code.jump(loop);
    code.setSourceLine(1);
    code.bind(done);
    code.append("add.s32", Opcode::IntAdd, 4, {reg(3), immediate(0)});
    code.exit();
    kernel.code = code.finish();
    kernel.registersPerThread = 16;
    return kernel;
}

}  // namespace

// The SIMT reconvergence stack: the class on its own, then warps running divergent code in the
// simulator, instruction by instruction with the lanes that ran each one.
class TestSimtStack : public QObject {
    Q_OBJECT

private slots:
    void uniformBranchMovesTheTop() {
        SimtStack stack;
        stack.reset(0xFFFFFFFFu);
        stack.branch(0xFFFFFFFFu, 10, 3, 12);  // every lane taken
        QCOMPARE(stack.entries().size(), std::size_t{1});
        QCOMPARE(stack.pc(), 10);
        stack.branch(0, 20, 11, 25);  // no lane taken
        QCOMPARE(stack.pc(), 11);
        QCOMPARE(stack.activeMask(), 0xFFFFFFFFu);
    }

    // Divergence: the top becomes the reconvergence entry; taken pushed, then fall-through on top.
    void divergentBranchPushesBothPaths() {
        SimtStack stack;
        stack.reset(0xFFFFFFFFu);
        stack.advance(6);
        stack.branch(0x55555555u, 10, 7, 12);
        const std::vector<SimtStackEntry> expected{
            {12, -1, 0xFFFFFFFFu}, {10, 12, 0x55555555u}, {7, 12, 0xAAAAAAAAu}};
        QCOMPARE(stack.entries().size(), expected.size());
        for (std::size_t index = 0; index < expected.size(); ++index) {
            QCOMPARE(stack.entries()[index].pc, expected[index].pc);
            QCOMPARE(stack.entries()[index].reconvergencePc, expected[index].reconvergencePc);
            QCOMPARE(stack.entries()[index].activeMask, expected[index].activeMask);
        }
        stack.advance(8);
        stack.advance(12);  // the then-path reaches the reconvergence point: popped
        QCOMPARE(stack.pc(), 10);
        QCOMPARE(stack.activeMask(), 0x55555555u);
        stack.advance(11);
        stack.advance(12);
        QCOMPARE(stack.entries().size(), std::size_t{1});
        QCOMPARE(stack.pc(), 12);
        QCOMPARE(stack.activeMask(), 0xFFFFFFFFu);
    }

    // if without else: the lanes that skip the body wait in the reconvergence entry.
    void pathToTheReconvergencePointIsNotPushed() {
        SimtStack stack;
        stack.reset(0x0000FFFFu);
        stack.branch(0x000000F0u, 9, 3, 9);
        QCOMPARE(stack.entries().size(), std::size_t{2});
        QCOMPARE(stack.pc(), 3);
        QCOMPARE(stack.activeMask(), 0x0000FF0Fu);
        QCOMPARE(stack.entries()[0].pc, 9);
    }

    void exitedLanesLeaveEveryEntry() {
        SimtStack stack;
        stack.reset(0xFFFFFFFFu);
        stack.branch(0xFFFF0000u, 20, 5, 30);
        stack.exitLanes(0x0000FFFFu);  // the fall-through path exits
        QCOMPARE(stack.pc(), 20);
        QCOMPARE(stack.activeMask(), 0xFFFF0000u);
        QCOMPARE(stack.entries()[0].activeMask, 0xFFFF0000u);
        stack.advance(30);
        stack.exitLanes(0xFFFF0000u);
        QVERIFY(stack.empty());
    }

    // Eight nested divergent branches: the stack grows past what it keeps inline and unwinds
    // in order, one lane fewer at each level.
    void deepNesting() {
        SimtStack stack;
        stack.reset(0xFFFFFFFFu);
        std::uint32_t lanes = 0xFFFFFFFFu;
        for (int level = 0; level < 8; ++level) {
            // At pc 10 * level, the lowest active lane jumps ahead; the two paths meet again at
            // 1000 - level (inner levels reconverge first).
            const std::uint32_t taken = lanes & (~lanes + 1);
            stack.advance(10 * level);
            stack.branch(taken, 500 + level, 10 * level + 1, 1000 - level);
            QCOMPARE(stack.activeMask(), lanes & ~taken);
            lanes &= ~taken;
        }
        QCOMPARE(stack.entries().size(), std::size_t{1 + 8 * 2});
        for (int level = 7; level >= 0; --level) {
            stack.advance(1000 - level);  // the fall-through path reaches the reconvergence pc
            QCOMPARE(stack.pc(), 500 + level);
            stack.advance(1000 - level);  // so does the taken path: the level is gone
            QCOMPARE(stack.pc(), 1000 - level);
        }
        QCOMPARE(stack.entries().size(), std::size_t{1});
        QCOMPARE(stack.activeMask(), 0xFFFFFFFFu);
    }

    // The built-in kernel: odd lanes run the if body (0xAAAAAAAA), then even lanes the else
    // (0x55555555), then all 32 store together.
    void divergentKernelMasks() {
        const Dim3 grid{1, 1, 1};
        const Dim3 block{32, 1, 1};
        const SimulationResult result = run(*buildKernel("divergent", grid, block), grid, block);
        const QStringList expected{"0:ffffffff",  "1:ffffffff",  "2:ffffffff",  "3:ffffffff",
                                   "4:ffffffff",  "5:ffffffff",  "6:ffffffff",  "7:aaaaaaaa",
                                   "8:aaaaaaaa",  "9:aaaaaaaa",  "10:55555555", "11:55555555",
                                   "12:ffffffff", "13:ffffffff", "14:ffffffff"};
        QCOMPARE(traceText(executedBy(result, 0)), expected);
        // While the if body runs, the stack holds the join (all lanes), the else path waiting,
        // and the body on top.
        bool sawDivergedStack = false;
        for (const SmCycleSnapshot& cycle : result.recordedCycles) {
            const WarpSnapshot& warp = cycle.warps.at(0);
            if (warp.pc != 8) continue;
            QCOMPARE(warp.simtStack.size(), std::size_t{3});
            QCOMPARE(warp.simtStack[0].pc, 12);
            QCOMPARE(warp.simtStack[0].activeMask, 0xFFFFFFFFu);
            QCOMPARE(warp.simtStack[1].pc, 10);
            QCOMPARE(warp.simtStack[1].reconvergencePc, 12);
            QCOMPARE(warp.simtStack[1].activeMask, 0x55555555u);
            QCOMPARE(warp.simtStack[2].activeMask, 0xAAAAAAAAu);
            QCOMPARE(warp.activeMask, 0xAAAAAAAAu);
            sawDivergedStack = true;
        }
        QVERIFY(sawDivergedStack);
        QCOMPARE(result.stats.threadInstructions, 7 * 32 + 3 * 16 + 2 * 16 + 3 * 32);
    }

    // 48 threads: the second warp has 16 lanes, and its paths half of those.
    void partialLastWarp() {
        const Dim3 grid{1, 1, 1};
        const Dim3 block{48, 1, 1};
        const SimulationResult result = run(*buildKernel("divergent", grid, block), grid, block);
        const QStringList trace = traceText(executedBy(result, 1));
        QCOMPARE(trace.size(), 15);
        QCOMPARE(trace[0], QString("0:0000ffff"));
        QCOMPARE(trace[7], QString("7:0000aaaa"));
        QCOMPARE(trace[10], QString("10:00005555"));
        QCOMPARE(trace[12], QString("12:0000ffff"));
        QCOMPARE(result.recordedCycles.front().warps.at(1).existingMask, 0x0000FFFFu);
        // SIMT efficiency counts lanes out of 32 per warp instruction.
        QCOMPARE(result.stats.threadInstructions,
                 (7 * 32 + 3 * 16 + 2 * 16 + 3 * 32) + (7 * 16 + 3 * 8 + 2 * 8 + 3 * 16));
    }

    // Two levels: 0xAAAAAAAA splits into 0x22222222 (lane % 4 == 1) and 0x88888888.
    void nestedDivergence() {
        const SimulationResult result = run(nestedKernel(), Dim3{1, 1, 1}, Dim3{32, 1, 1});
        const QStringList expected{"0:ffffffff",  "1:ffffffff", "2:ffffffff",  "3:aaaaaaaa",
                                   "4:aaaaaaaa",  "5:aaaaaaaa", "6:aaaaaaaa",  "7:22222222",
                                   "8:22222222",  "9:88888888", "10:aaaaaaaa", "11:55555555",
                                   "12:ffffffff", "13:ffffffff"};
        QCOMPARE(traceText(executedBy(result, 0)), expected);
        QCOMPARE(deepestStack(result, 0), std::size_t{5});
    }

    // Lane i loops i % 4 times: the loop's lanes drop out one group per iteration, and the
    // stack stays two deep (it does not grow with the iterations).
    void loopExitDivergence() {
        const SimulationResult result = run(loopKernel(), Dim3{1, 1, 1}, Dim3{32, 1, 1});
        const QStringList expected{
            "0:ffffffff", "1:ffffffff", "2:ffffffff", "3:ffffffff", "4:eeeeeeee", "5:eeeeeeee",
            "6:eeeeeeee", "2:eeeeeeee", "3:eeeeeeee", "4:cccccccc", "5:cccccccc", "6:cccccccc",
            "2:cccccccc", "3:cccccccc", "4:88888888", "5:88888888", "6:88888888", "2:88888888",
            "3:88888888", "7:ffffffff", "8:ffffffff"};
        QCOMPARE(traceText(executedBy(result, 0)), expected);
        QCOMPARE(deepestStack(result, 0), std::size_t{2});
    }
};

QTEST_APPLESS_MAIN(TestSimtStack)
#include "tst_simt_stack.moc"
