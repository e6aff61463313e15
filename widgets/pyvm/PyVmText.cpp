#include "pyvm/PyVmText.h"

#include <QCoreApplication>

namespace mlsyslab::widgets {

namespace {
QString tr(const char* text) { return QCoreApplication::translate("PyVmWidget", text); }
QString toQString(const std::string& text) { return QString::fromStdString(text); }

// CPython's last traceback line: `ExcType: message`, or the type alone without a message.
QString lastTracebackLine(const pyvm::PyError& error) {
    if (error.message.empty()) return toQString(error.type);
    return toQString(error.type) + QStringLiteral(": ") + toQString(error.message);
}

bool isSyntaxErrorType(const std::string& type) {
    return type == "SyntaxError" || type == "IndentationError" || type == "TabError";
}
}  // namespace

bool isCompileError(const ProgramRun& run) {
    return run.result.error && isSyntaxErrorType(run.result.error->type) &&
           run.result.trace.snapshots.empty();
}

std::optional<ErrorPlace> errorPlace(const ProgramRun& run) {
    const pyvm::RunResult& result = run.result;
    if (!result.error) return std::nullopt;
    ErrorPlace place;
    place.message = lastTracebackLine(*result.error);
    place.line = result.errorLine;
    if (isCompileError(run)) {
        place.column = result.errorOffset > 0 ? result.errorOffset - 1 : -1;
        return place;
    }
    // A runtime error points at the expression that raised: the last snapshot's instruction.
    const auto& snapshots = result.trace.snapshots;
    if (!snapshots.empty() && !snapshots.back().frames.empty()) {
        if (const auto span = runningSpan(snapshots.back().frames.back())) {
            if (place.line <= 0) place.line = span->line;
            if (span->line == place.line) place.column = span->column;
        }
    }
    return place;
}

StatusText statusText(const ProgramRun& run, int position) {
    const pyvm::RunResult& result = run.result;
    const int count = int(result.trace.snapshots.size());
    if (const auto place = errorPlace(run)) {
        if (isCompileError(run)) {
            return {tr("%1 (line %2, column %3)")
                        .arg(place->message)
                        .arg(place->line)
                        .arg(place->column + 1),
                    true};
        }
        if (position >= count - 1) {
            return {tr("%1 (line %2)").arg(place->message).arg(place->line), true};
        }
        return {tr("The program ends with %1 at step %2 (line %3).")
                    .arg(toQString(result.error->type))
                    .arg(count)
                    .arg(place->line),
                false};
    }
    switch (result.trace.limitReached) {
        case pyvm::TraceLimit::None:
            break;
        case pyvm::TraceLimit::Snapshots:
            // Either a long program or an endless one: the recording cannot tell which.
            return {tr("Stopped after %1 steps, the most this simulator records (max_steps). "
                       "The program had not ended: it needs more steps, or it never ends.")
                        .arg(count),
                    true};
        case pyvm::TraceLimit::RecordedFrames: {
            // Not the program's fault: it went deep, and every step copies every frame.
            const int depth = count > 0 ? int(result.trace.snapshots.back().frames.size()) : 0;
            return {tr("Recording stopped at step %1, %2 frames deep: every step keeps a copy "
                       "of every frame, and the recording holds at most %3 million frames in all. "
                       "The program had not ended; Python's own limit is %4 frames.")
                        .arg(count)
                        .arg(depth)
                        .arg(pyvm::kMaxRecordedFrames / 1'000'000)
                        .arg(pyvm::Limits{}.maxRecursionDepth),
                    false};
        }
    }
    return {tr("The program ran to its end in %1 steps.").arg(count), false};
}

std::optional<SourceSpan> runningSpan(const pyvm::FrameSnapshot& frame) {
    if (!frame.code || frame.instruction < 0 || frame.instruction >= int(frame.code->code.size())) {
        if (frame.line <= 0) return std::nullopt;
        return SourceSpan{frame.line, 0, frame.line, 0};
    }
    const pyvm::Instruction& instruction = frame.code->code[std::size_t(frame.instruction)];
    if (instruction.line <= 0) return std::nullopt;
    return SourceSpan{instruction.line, instruction.column,
                      std::max(instruction.line, instruction.endLine), instruction.endColumn};
}

QString frameTitle(const pyvm::FrameSnapshot& frame) {
    const QString name = toQString(frame.function);
    if (frame.line <= 0) return name;
    return tr("%1 · line %2").arg(name).arg(frame.line);
}

}  // namespace mlsyslab::widgets
