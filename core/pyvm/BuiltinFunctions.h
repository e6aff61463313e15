#pragma once

#include "pyvm/Value.h"

// Every builtin function and type constructor, by the file that implements it. makeBuiltins()
// (Builtins.cpp) puts them in the `builtins` namespace under their Python names.
namespace mlsyslab::pyvm::builtins {

#define MLSYSLAB_PYVM_BUILTIN(name) \
    Value name(Runtime& runtime, const Value& self, const CallArguments& arguments)

// BuiltinCore.cpp
MLSYSLAB_PYVM_BUILTIN(print);
MLSYSLAB_PYVM_BUILTIN(len);
MLSYSLAB_PYVM_BUILTIN(repr);
MLSYSLAB_PYVM_BUILTIN(ascii);
MLSYSLAB_PYVM_BUILTIN(format);
MLSYSLAB_PYVM_BUILTIN(hash);
MLSYSLAB_PYVM_BUILTIN(id);
MLSYSLAB_PYVM_BUILTIN(callable);
MLSYSLAB_PYVM_BUILTIN(isinstance);
MLSYSLAB_PYVM_BUILTIN(iter);
MLSYSLAB_PYVM_BUILTIN(next);
MLSYSLAB_PYVM_BUILTIN(chr);
MLSYSLAB_PYVM_BUILTIN(ord);
MLSYSLAB_PYVM_BUILTIN(hex);
MLSYSLAB_PYVM_BUILTIN(bin);
MLSYSLAB_PYVM_BUILTIN(oct);
MLSYSLAB_PYVM_BUILTIN(input);
MLSYSLAB_PYVM_BUILTIN(open);

// BuiltinReductions.cpp
MLSYSLAB_PYVM_BUILTIN(min);
MLSYSLAB_PYVM_BUILTIN(max);
MLSYSLAB_PYVM_BUILTIN(sum);
MLSYSLAB_PYVM_BUILTIN(any);
MLSYSLAB_PYVM_BUILTIN(all);
MLSYSLAB_PYVM_BUILTIN(sorted);

// BuiltinNumbers.cpp
MLSYSLAB_PYVM_BUILTIN(abs);
MLSYSLAB_PYVM_BUILTIN(round);
MLSYSLAB_PYVM_BUILTIN(divmod);
MLSYSLAB_PYVM_BUILTIN(pow);
MLSYSLAB_PYVM_BUILTIN(makeInt);    // int(...)
MLSYSLAB_PYVM_BUILTIN(makeFloat);  // float(...)

// BuiltinTypes.cpp: the constructors of the other builtin types.
MLSYSLAB_PYVM_BUILTIN(makeStr);
MLSYSLAB_PYVM_BUILTIN(makeBool);
MLSYSLAB_PYVM_BUILTIN(makeList);
MLSYSLAB_PYVM_BUILTIN(makeTuple);
MLSYSLAB_PYVM_BUILTIN(makeDict);
MLSYSLAB_PYVM_BUILTIN(makeSet);
MLSYSLAB_PYVM_BUILTIN(makeRange);
MLSYSLAB_PYVM_BUILTIN(makeSlice);
MLSYSLAB_PYVM_BUILTIN(makeType);
MLSYSLAB_PYVM_BUILTIN(makeEnumerate);
MLSYSLAB_PYVM_BUILTIN(makeZip);
MLSYSLAB_PYVM_BUILTIN(makeReversed);
MLSYSLAB_PYVM_BUILTIN(makeMap);
MLSYSLAB_PYVM_BUILTIN(makeFilter);
MLSYSLAB_PYVM_BUILTIN(cannotCreate);  // `cannot create 'function' instances`

#undef MLSYSLAB_PYVM_BUILTIN

}  // namespace mlsyslab::pyvm::builtins

namespace mlsyslab::pyvm {

// The TypeObject of a builtin type by name (`int`, `list_iterator`, ...), one per thread so that
// `type(x) is int` holds; made on first use.
Value builtinType(std::string_view name);
// type(x).
Value typeOf(const Value& value);

}  // namespace mlsyslab::pyvm
