#pragma once

#include "pyvm/Runtime.h"
#include "pyvm/Value.h"

// The pieces binaryOp() dispatches to beyond plain numbers. Each sets `handled` to false (and
// raises nothing) when the operand types are not its business, so binaryOp can report
// `unsupported operand type(s)`.
namespace mlsyslab::pyvm {

// str/list/tuple `+` and `*`, list `+=` and `*=` in place, set `| & - ^`, dict `|`.
Value containerBinaryOp(Runtime& runtime, int op, bool inPlace, const Value& left,
                        const Value& right, bool& handled);

// `format % values` for str (printf-style: %s %r %a %d %i %u %f %F %e %E %g %G %x %X %o %c %%).
Value percentFormat(Runtime& runtime, const Value& format, const Value& values);

// `seq * count` for str, list, tuple (count may be negative: empty).
Value repeatSequence(Runtime& runtime, const Value& sequence, std::int64_t count);

}  // namespace mlsyslab::pyvm
