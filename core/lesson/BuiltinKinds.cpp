#include <vector>

#include "lesson/KindSpec.h"

namespace mlsyslab::lesson {

namespace {

// Filled while the program starts, one entry per BuiltinKind; a function-local static, so it
// exists before the first kind's registration whatever order the files are initialized in.
std::vector<std::function<SimKind()>>& declaredKinds() {
    static std::vector<std::function<SimKind()>> declared;
    return declared;
}

}  // namespace

BuiltinKind::BuiltinKind(std::function<SimKind()> declare) {
    declaredKinds().push_back(std::move(declare));
}

SimKindRegistry builtinSimKinds() {
    SimKindRegistry registry;
    for (const auto& declare : declaredKinds()) registry.add(declare());
    return registry;
}

}  // namespace mlsyslab::lesson
