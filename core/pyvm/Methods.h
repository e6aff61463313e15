#pragma once

#include <span>
#include <string_view>

#include "pyvm/Value.h"

// The methods of the builtin types, by name. getAttribute() binds the one asked for to its object
// (a BuiltinObject with `self`), so `xs.append(3)` calls appendMethod(runtime, xs, [3]).
namespace mlsyslab::pyvm {

struct MethodEntry {
    std::string_view name;
    NativeFunction function;
};

std::span<const MethodEntry> strMethods();
std::span<const MethodEntry> listMethods();
std::span<const MethodEntry> tupleMethods();
std::span<const MethodEntry> dictMethods();
std::span<const MethodEntry> setMethods();
std::span<const MethodEntry> intMethods();
std::span<const MethodEntry> floatMethods();

// str.format(*args, **kwargs) (StrFormatMethod.cpp).
Value strFormatMethod(Runtime& runtime, const Value& self, const CallArguments& arguments);

}  // namespace mlsyslab::pyvm
