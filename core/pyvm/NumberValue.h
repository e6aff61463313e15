#pragma once

#include <string_view>

#include "common/Result.h"
#include "pyvm/Constant.h"

namespace mlsyslab::pyvm {

// The value of a NUMBER token the lexer accepted (decimal, 0x, 0o and 0b integers and floats,
// with underscores): an int, or a float rounded as CPython's float() rounds. Integers beyond 64
// bits are an error here, since the lesson VM's ints are 64-bit.
Result<Constant> numberValue(std::string_view literal);

}  // namespace mlsyslab::pyvm
