#include "gpu/DivergenceText.h"

#include "gpu/LaneCells.h"
#include "gpu/WarpTimelineText.h"

namespace mlsyslab::widgets {

namespace {

QString sourceLineText(const gpu::KernelProgram& kernel, int pc) {
    if (pc < 0 || pc >= int(kernel.code.size())) return {};
    const int line = kernel.code[std::size_t(pc)].sourceLine;
    if (line < 0 || line >= int(kernel.sourceLines.size())) return {};
    return QString::fromStdString(kernel.sourceLines[std::size_t(line)]).trimmed();
}

int sourceLineNumber(const gpu::KernelProgram& kernel, int pc) {
    if (pc < 0 || pc >= int(kernel.code.size())) return -1;
    return kernel.code[std::size_t(pc)].sourceLine;
}

}  // namespace

QString DivergenceText::instructionHtml(const gpu::KernelProgram& kernel, int pc) {
    QString html = tr("pc %1: <code><b>%2</b></code>")
                       .arg(pc)
                       .arg(WarpTimelineText::instructionText(kernel, pc).toHtmlEscaped());
    const QString line = sourceLineText(kernel, pc);
    if (!line.isEmpty()) {
        html += tr(" \u2014 line %1: <code>%2</code>")
                    .arg(sourceLineNumber(kernel, pc) + 1)
                    .arg(line.toHtmlEscaped());
    }
    return html;
}

QString DivergenceText::idleLanes(const gpu::DivergenceTrace& trace, std::size_t step) {
    const std::uint32_t idle = trace.existingMask & ~trace.steps.at(step).activeMask;
    return tr("%1 of %2").arg(laneCount(idle)).arg(laneCount(trace.existingMask));
}

QString DivergenceText::simtEfficiency(const gpu::DivergenceTrace& trace, std::size_t step) {
    return QString::number(trace.simtEfficiencyPct(step), 'f', 1) + QStringLiteral(" %");
}

QString DivergenceText::pathsNote(const gpu::DivergenceTrace& trace, std::size_t step,
                                  const gpu::KernelProgram& kernel) {
    const gpu::DivergenceStep& current = trace.steps.at(step);
    const std::uint32_t running = current.activeMask;
    const std::uint32_t idle = trace.existingMask & ~running;
    const bool diverged = current.simtStack.size() > 1;
    if (diverged) {
        const auto& stack = current.simtStack;
        const gpu::SimtStackEntry& top = stack.back();
        // The entry below the top is the other path when it reconverges at the same point (it
        // has not run yet); otherwise it is the reconvergence entry, where the lanes wait.
        const bool otherPathPending =
            stack.size() >= 3 && stack[stack.size() - 2].reconvergencePc == top.reconvergencePc;
        QString where = tr("pc %1").arg(top.reconvergencePc);
        const int line = sourceLineNumber(kernel, top.reconvergencePc);
        if (line >= 0) where += tr(" (line %1)").arg(line + 1);
        const QString note =
            otherPathPending
                ? tr("<b>Diverged:</b> lanes %1 run this path while lanes %2 wait; their path "
                     "runs next, and all meet again at %3.")
                : tr("<b>Diverged:</b> lanes %1 run this path; lanes %2 have run theirs (or "
                     "skip it) and wait at %3, where the paths reconverge.");
        return note.arg(laneList(running), laneList(idle), where) +
               tr(" <b>Both paths run one after the other.</b>");
    }
    if (step > 0 && trace.steps[step - 1].simtStack.size() > 1) {
        return tr("<b>Reconverged:</b> both paths are done, and the lanes run together again.");
    }
    if (idle != 0) {
        return tr("Lanes %1 do not run: they have exited, or the block has no thread for them.")
            .arg(laneList(idle));
    }
    return tr("All %1 lanes run this instruction together: no divergence.").arg(laneCount(running));
}

QString DivergenceText::readoutsHtml(const gpu::DivergenceTrace& trace, std::size_t step,
                                     const gpu::KernelProgram& kernel) {
    return tr("Lanes idle on this instruction: <b>%1</b> \u00b7 SIMT efficiency so far: <b>%2</b> "
              "(active lanes \u00f7 32, over the instructions issued)<br>%3")
        .arg(idleLanes(trace, step), simtEfficiency(trace, step), pathsNote(trace, step, kernel));
}

}  // namespace mlsyslab::widgets
