#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "pyvm/Runtime.h"
#include "pyvm/Value.h"

// What the str methods share: code point access and the argument checks CPython words alike.
namespace mlsyslab::pyvm {

std::u32string codePointsOf(const Value& text);
Value strFromCodePoints(std::u32string_view codePoints);

// A str argument, or `must be str, not int` (the wording of most str methods).
bool strArgument(Runtime& runtime, const Value& value, const Value*& out);

// The optional start and end of find/count/startswith, clamped like a slice of `length`.
bool searchBounds(Runtime& runtime, const CallArguments& arguments, std::size_t firstIndex,
                  std::int64_t length, std::int64_t& start, std::int64_t& end);

// A fill character argument (center, ljust, rjust): exactly one code point.
bool fillCharacter(Runtime& runtime, const Value& value, char32_t& out);

}  // namespace mlsyslab::pyvm

namespace mlsyslab::pyvm::str_methods {

// StrSearch.cpp: searching, splitting, joining and replacing.
Value find(Runtime& runtime, const Value& self, const CallArguments& arguments);
Value rfind(Runtime& runtime, const Value& self, const CallArguments& arguments);
Value index(Runtime& runtime, const Value& self, const CallArguments& arguments);
Value rindex(Runtime& runtime, const Value& self, const CallArguments& arguments);
Value count(Runtime& runtime, const Value& self, const CallArguments& arguments);
Value startswith(Runtime& runtime, const Value& self, const CallArguments& arguments);
Value endswith(Runtime& runtime, const Value& self, const CallArguments& arguments);
Value replace(Runtime& runtime, const Value& self, const CallArguments& arguments);
Value split(Runtime& runtime, const Value& self, const CallArguments& arguments);
Value rsplit(Runtime& runtime, const Value& self, const CallArguments& arguments);
Value join(Runtime& runtime, const Value& self, const CallArguments& arguments);
Value partition(Runtime& runtime, const Value& self, const CallArguments& arguments);
Value rpartition(Runtime& runtime, const Value& self, const CallArguments& arguments);
Value splitlines(Runtime& runtime, const Value& self, const CallArguments& arguments);
Value removeprefix(Runtime& runtime, const Value& self, const CallArguments& arguments);
Value removesuffix(Runtime& runtime, const Value& self, const CallArguments& arguments);

}  // namespace mlsyslab::pyvm::str_methods
