#pragma once

#include <string_view>
#include <vector>

namespace mlsyslab::pyvm {

// CPython 3.11's own name lists, where error messages depend on them: the builtins namespace in
// its dict order (NameError suggestions search it last) and dir() of a builtin type by type name
// (AttributeError suggestions), or nullptr for a type not listed.
const std::vector<std::string_view>& cpythonBuiltinNames();
const std::vector<std::string_view>* cpythonDir(std::string_view typeName);

}  // namespace mlsyslab::pyvm
