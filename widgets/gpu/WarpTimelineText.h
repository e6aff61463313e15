#pragma once

#include <QCoreApplication>
#include <QPalette>
#include <QString>
#include <cstdint>
#include <string>

#include "gpu/Dim3.h"
#include "gpu/KernelProgram.h"
#include "gpu/WarpSimulator.h"

namespace mlsyslab::widgets {

class WarpTimeline;

// How the warp timeline words what it shows, in one place so that the chart, its readouts and
// the tests agree. The HTML pieces colour a status with a square in warpStatusColor.
class WarpTimelineText {
    Q_DECLARE_TR_FUNCTIONS(WarpTimelineText)
public:
    // "issued", "ready, not picked", "waiting on a register", "at a barrier", "pipeline busy",
    // "finished".
    static QString statusName(gpu::WarpStatus status);
    // A word or two each, beside the colours in the readouts: "issued", "ready",
    // "register wait", "barrier", "busy", "finished".
    static QString statusShortName(gpu::WarpStatus status);
    // "LRR" / "GTO", and with what it stands for: "LRR (loose round robin)".
    static QString policyShortName(const std::string& policy);
    static QString policyTitle(const std::string& policy);
    // "256" for a one-dimensional grid or block, "(4, 3)" or "(4, 3, 2)" otherwise, as a launch
    // <<<grid, block>>> writes them.
    static QString launchExtent(const gpu::Dim3& extent);
    // "w5": a warp slot of the SM, as the chart's rows name them.
    static QString slotName(int slot);
    // The instruction at a pc, as the kernel lists it ("ld.global.f32  r5, [r4]").
    static QString instructionText(const gpu::KernelProgram& kernel, int pc);
    // A coloured square and the status's name.
    static QString legendHtml(const QPalette& palette);

    // What one warp scheduler did in a cycle, for the readout under the chart:
    //   "S0: issued w4 ld.global.f32 r5, [r4] · register wait w0, w8 · ready w12"
    //   "S1: issued nothing · register wait w1, w5"
    //   "S2: no warps"
    static QString schedulerLine(const gpu::SmCycleSnapshot& snapshot, int scheduler,
                                 const gpu::KernelProgram& kernel, const QPalette& palette);
    // The readout of one policy at a cycle: a line per scheduler, or why there is no snapshot
    // ("finished at cycle 812", "not recorded: the first 3,000 cycles are").
    static QString cycleHtml(const WarpTimeline& timeline, std::int64_t cycle,
                             const gpu::KernelProgram& kernel, const QPalette& palette);
    // "812 cycles · IPC 1.97 per SM · achieved occupancy 12.3 % (theoretical 12.5 %)".
    static QString statsLine(const gpu::SimulationStats& stats);
    // Where the resident warps' cycles went: "Warp-cycles: ■ issued 25.0 % ■ register 61.0 % …"
    static QString stallBreakdownHtml(const gpu::SimulationStats& stats, const QPalette& palette);
};

}  // namespace mlsyslab::widgets
