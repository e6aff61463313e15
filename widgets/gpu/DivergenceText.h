#pragma once

#include <QCoreApplication>
#include <QString>

#include "gpu/DivergenceTrace.h"
#include "gpu/KernelProgram.h"

namespace mlsyslab::widgets {

// How the divergence view words a step, in one place so that the view and the tests agree.
class DivergenceText {
    Q_DECLARE_TR_FUNCTIONS(DivergenceText)
public:
    // "pc 7: add.f32 r5, r5, 1.0 — line 6: x = x + 1.0f;" (HTML, code in <code>).
    static QString instructionHtml(const gpu::KernelProgram& kernel, int pc);
    // "16 of 32": the lanes that are threads but do not run this step's instruction.
    static QString idleLanes(const gpu::DivergenceTrace& trace, std::size_t step);
    // "81.3 %".
    static QString simtEfficiency(const gpu::DivergenceTrace& trace, std::size_t step);
    // What is happening to the warp's paths at this step: diverged (one path runs while the
    // other lanes wait, both paths one after the other), just reconverged, or no divergence.
    static QString pathsNote(const gpu::DivergenceTrace& trace, std::size_t step,
                             const gpu::KernelProgram& kernel);
    // The readouts under the lanes: idle lanes, SIMT efficiency so far, the paths note.
    static QString readoutsHtml(const gpu::DivergenceTrace& trace, std::size_t step,
                                const gpu::KernelProgram& kernel);
};

}  // namespace mlsyslab::widgets
