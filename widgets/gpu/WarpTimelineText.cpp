#include "gpu/WarpTimelineText.h"

#include <QStringList>
#include <array>
#include <map>

#include "gpu/GpuColors.h"
#include "gpu/WarpTimeline.h"

namespace mlsyslab::widgets {

namespace {

constexpr std::array<gpu::WarpStatus, gpu::kWarpStatusCount> kStatuses = {
    gpu::WarpStatus::Issued,
    gpu::WarpStatus::Ready,
    gpu::WarpStatus::WaitingOnRegister,
    gpu::WarpStatus::WaitingAtBarrier,
    gpu::WarpStatus::PipelineBusy,
    gpu::WarpStatus::Finished,
};

// A filled square in the status's colour: the legend's key, repeated in the readouts.
QString swatch(gpu::WarpStatus status, const QPalette& palette) {
    return QStringLiteral("<span style=\"color:%1\">&#9632;</span>")
        .arg(warpStatusColor(status, palette).name());
}

// Words that must stay on one line ("register wait").
QString unbroken(QString words) { return words.replace(QLatin1Char(' '), QChar(0x00a0)); }

QString number(std::int64_t value) { return QString::number(value); }

// With a no-break space: a wrapped line never leaves "%" alone at the start of the next.
QString percent(double value) { return QString::number(value, 'f', 1) + QStringLiteral("\u00a0%"); }

}  // namespace

QString WarpTimelineText::statusName(gpu::WarpStatus status) {
    switch (status) {
        case gpu::WarpStatus::Issued:
            return tr("issued");
        case gpu::WarpStatus::Ready:
            return tr("ready, not picked");
        case gpu::WarpStatus::WaitingOnRegister:
            return tr("waiting on a register");
        case gpu::WarpStatus::WaitingAtBarrier:
            return tr("at a barrier");
        case gpu::WarpStatus::PipelineBusy:
            return tr("pipeline busy");
        case gpu::WarpStatus::Finished:
            return tr("finished");
    }
    return {};
}

QString WarpTimelineText::statusShortName(gpu::WarpStatus status) {
    switch (status) {
        case gpu::WarpStatus::Issued:
            return tr("issued");
        case gpu::WarpStatus::Ready:
            return tr("ready");
        case gpu::WarpStatus::WaitingOnRegister:
            return tr("register wait");
        case gpu::WarpStatus::WaitingAtBarrier:
            return tr("barrier");
        case gpu::WarpStatus::PipelineBusy:
            return tr("busy");
        case gpu::WarpStatus::Finished:
            return tr("finished");
    }
    return {};
}

QString WarpTimelineText::policyShortName(const std::string& policy) {
    return QString::fromStdString(policy).toUpper();
}

QString WarpTimelineText::policyTitle(const std::string& policy) {
    if (policy == "lrr") return tr("LRR (loose round robin)");
    if (policy == "gto") return tr("GTO (greedy then oldest)");
    return policyShortName(policy);
}

QString WarpTimelineText::launchExtent(const gpu::Dim3& extent) {
    if (extent.y == 1 && extent.z == 1) return QString::number(extent.x);
    if (extent.z == 1) return QStringLiteral("(%1, %2)").arg(extent.x).arg(extent.y);
    return QStringLiteral("(%1, %2, %3)").arg(extent.x).arg(extent.y).arg(extent.z);
}

QString WarpTimelineText::slotName(int slot) { return tr("w%1").arg(slot); }

QString WarpTimelineText::instructionText(const gpu::KernelProgram& kernel, int pc) {
    if (pc < 0 || pc >= static_cast<int>(kernel.code.size())) return {};
    return QString::fromStdString(kernel.code[std::size_t(pc)].text).simplified();
}

QString WarpTimelineText::legendHtml(const QPalette& palette) {
    QStringList items;
    for (const gpu::WarpStatus status : kStatuses) {
        items << swatch(status, palette) + QStringLiteral("&nbsp;") + statusName(status);
    }
    return items.join(QStringLiteral(" &nbsp; "));
}

QString WarpTimelineText::schedulerLine(const gpu::SmCycleSnapshot& snapshot, int scheduler,
                                        const gpu::KernelProgram& kernel, const QPalette& palette) {
    QString line = QStringLiteral("<b>%1</b> ").arg(tr("S%1:").arg(scheduler));
    const int issuedSlot = scheduler < static_cast<int>(snapshot.issuedSlotByScheduler.size())
                               ? snapshot.issuedSlotByScheduler[std::size_t(scheduler)]
                               : -1;
    // The scheduler's other warps, grouped by why they did not issue.
    std::map<gpu::WarpStatus, QStringList> othersByStatus;
    bool hasWarps = false;
    for (const gpu::WarpSnapshot& warp : snapshot.warps) {
        if (warp.scheduler != scheduler) continue;
        hasWarps = true;
        if (warp.slot == issuedSlot) continue;
        othersByStatus[warp.status] << slotName(warp.slot);
    }
    if (!hasWarps) return line + tr("no warps");
    if (const gpu::WarpSnapshot* issued = WarpTimeline::warpInSlot(snapshot, issuedSlot)) {
        line += swatch(gpu::WarpStatus::Issued, palette) +
                tr(" issued <b>%1</b> <code>%2</code>")
                    .arg(slotName(issued->slot))
                    .arg(instructionText(kernel, issued->issuedPc).toHtmlEscaped());
    } else {
        line += tr("issued nothing");
    }
    for (const auto& [status, names] : othersByStatus) {
        line += QStringLiteral(" · ") + swatch(status, palette) + QStringLiteral(" ") +
                unbroken(statusShortName(status)) + QStringLiteral(" ") +
                names.join(QStringLiteral(", "));
    }
    return line;
}

QString WarpTimelineText::cycleHtml(const WarpTimeline& timeline, std::int64_t cycle,
                                    const gpu::KernelProgram& kernel, const QPalette& palette) {
    const gpu::SmCycleSnapshot* snapshot = timeline.snapshot(cycle);
    if (snapshot == nullptr) {
        if (timeline.recordedToTheEnd()) {
            return tr("All its warps finished at cycle %1.").arg(number(timeline.stats().cycles));
        }
        return tr("Not recorded: the chart keeps the first %1 cycles of %2.")
            .arg(number(timeline.recordedCycles()))
            .arg(number(timeline.stats().cycles));
    }
    QStringList lines;
    for (int scheduler = 0; scheduler < timeline.schedulersPerSm(); ++scheduler) {
        lines << schedulerLine(*snapshot, scheduler, kernel, palette);
    }
    return lines.join(QStringLiteral("<br>"));
}

QString WarpTimelineText::statsLine(const gpu::SimulationStats& stats) {
    return tr("%1 cycles · IPC %2 per SM · achieved occupancy %3 (theoretical %4)")
        .arg(number(stats.cycles))
        .arg(QString::number(stats.ipcPerSm, 'f', 2))
        .arg(percent(stats.achievedOccupancyPct))
        .arg(percent(stats.theoreticalOccupancyPct));
}

QString WarpTimelineText::stallBreakdownHtml(const gpu::SimulationStats& stats,
                                             const QPalette& palette) {
    std::int64_t total = 0;
    for (const std::int64_t cycles : stats.warpCyclesByStatus) total += cycles;
    if (total == 0) return {};
    QStringList parts;
    for (const gpu::WarpStatus status : kStatuses) {
        const std::int64_t cycles = stats.warpCyclesByStatus[std::size_t(status)];
        if (cycles == 0) continue;
        parts << swatch(status, palette) + QStringLiteral("&nbsp;") +
                     unbroken(statusShortName(status)) + QStringLiteral("&nbsp;") +
                     percent(100.0 * double(cycles) / double(total));
    }
    return tr("Warp-cycles: %1").arg(parts.join(QStringLiteral(" ")));
}

}  // namespace mlsyslab::widgets
