#pragma once

#include <QCoreApplication>
#include <QString>

#include "gpu/Coalescing.h"
#include "gpu/CoalescingPattern.h"

namespace mlsyslab::widgets {

// How the coalescing simulator words its patterns and results, in one place so that the
// chooser, the explanation and the tests agree.
class CoalescingText {
    Q_DECLARE_TR_FUNCTIONS(CoalescingText)
public:
    // "misaligned by one element", "column of a row-major tile", ...
    static QString patternTitle(gpu::CoalescingPatternKind kind);
    // "4 bytes (float)".
    static QString elementSize(int bytes);
    // What lane i reads: "lane i reads element 1 + i", "lane i reads element 31 − i",
    // "lane i reads element 32·i (row i)", "every lane reads element 0".
    static QString laneFormula(const gpu::CoalescingPattern& pattern);
    // Why the count is what it is, for the pattern chosen: a sentence or two.
    static QString explanation(const gpu::CoalescingPattern& pattern,
                               const gpu::CoalescingResult& result);
    // Why a pattern cannot run, and what would fix it.
    static QString problem(const gpu::CoalescingPattern& pattern, const std::string& engineMessage);
    // "80%", "12.5%", "400%".
    static QString percent(double value);
};

}  // namespace mlsyslab::widgets
