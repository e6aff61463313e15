#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "pyvm/Interpreter.h"
#include "pyvm/Lexer.h"
#include "pyvm/Runtime.h"

namespace mlsyslab::pyvm {

// The report CPython 3.11 prints for an uncaught exception: `Traceback (most recent call last):`,
// `  File "NAME", line N, in FUNC` per frame (outermost first) with the stripped source line and,
// where the failing expression is not the whole line, its `~~^^~~` markers; runs of more than
// three identical entries folded into `[Previous line repeated N more times]`; then the
// `ExcType: message` line.
std::string formatTraceback(const std::vector<TracebackEntry>& entries, const PyError& error,
                            std::string_view source, const std::string& filename);

// A syntax error as CPython prints it (no Traceback header): `  File "NAME", line N`, the stripped
// line, a caret under the offset, `SyntaxError: message`.
std::string formatSyntaxError(const SyntaxError& error, std::string_view source,
                              const std::string& filename);

// The marker line under `line` for a span on it (columns in code points), or empty when CPython
// prints none. Exposed for tests.
std::string caretLine(std::string_view line, int column, int endColumn, bool spansLines);

}  // namespace mlsyslab::pyvm
