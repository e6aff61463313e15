#pragma once

#include <QCoreApplication>
#include <QString>

#include "matmul/AttentionSteps.h"

namespace mlsyslab::widgets {

// How the attention view words a step: the formula of what it computes with every number written
// out, e.g. "softmax row 1: e^(0 − 0.707) = 0.493, e^(0.707 − 0.707) = 1, sum 1.493 → 0.330,
// 0.670" (HTML, exponents as superscripts). Rows and columns count from 0, as in code.
class AttentionText {
    Q_DECLARE_TR_FUNCTIONS(AttentionText)
public:
    static QString stepHtml(const matmul::AttentionRun& run, int step);
    // What the scaling changes: for the lecture slide's example, how its numbers (which leave the
    // scaling out and are rounded) relate to the ones shown.
    static QString scalingNoteHtml(const matmul::AttentionInputs& inputs);
    // The scaled scores' title: "QKᵀ/√2".
    static QString scaledTitle(const matmul::AttentionInputs& inputs);
};

}  // namespace mlsyslab::widgets
