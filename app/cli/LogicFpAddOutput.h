#pragma once

#include <cstdint>
#include <string>

#include "logic/FloatAdder.h"

namespace mlsyslab::cli {

// What `logic fpadd` prints for one sum, appended to `out` (docs/cli.md, "logic fpadd").

// The result pattern as `format` prints it ("0x4380") and a newline.
void appendResultLine(const numeric::FloatFormat& format, std::uint64_t bits, std::string& out);

// --steps: every step of the trace (logic::floatAdditionStepsText), then the result line.
void appendStepsText(const logic::FloatAdditionTrace& trace, std::string& out);

// --json: one object on one line: format, a, b, bits, value, class, and with `withSteps` a
// steps array, one object per step with every field of the snapshot.
void appendJson(const logic::FloatAdditionTrace& trace, bool withSteps, std::string& out);

}  // namespace mlsyslab::cli
