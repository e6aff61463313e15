#pragma once

#include <QString>
#include <optional>

#include "pyvm/ProgramRun.h"
#include "pyvm/SourceEditor.h"

namespace mlsyslab::widgets {

// The words of the pyvm simulator, apart from its views: the status line and where an error
// points in the source.

struct StatusText {
    QString text;
    bool problem = false;  // an error or a stopped run: drawn in the error colour
};

// What the status line says with snapshot `position` of `run` shown: how the run ended, the
// CPython-style error line on the last snapshot of a run that raised, a syntax error at its place.
StatusText statusText(const ProgramRun& run, int position);

// Where the run's error sits in the source (line 1-based, column 0-based or -1), and its
// CPython-style last traceback line; nothing when the run ended normally.
struct ErrorPlace {
    int line = 0;
    int column = -1;
    QString message;
};
std::optional<ErrorPlace> errorPlace(const ProgramRun& run);

// Whether the run failed before it started: it did not compile.
bool isCompileError(const ProgramRun& run);

// The source span of the instruction frame `frame` runs next (nothing for line 0).
std::optional<SourceSpan> runningSpan(const pyvm::FrameSnapshot& frame);

// A frame's box title: "add · line 2", "<module> · line 3".
QString frameTitle(const pyvm::FrameSnapshot& frame);

}  // namespace mlsyslab::widgets
