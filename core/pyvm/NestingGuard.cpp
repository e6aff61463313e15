#include "pyvm/NestingGuard.h"

#include "common/Concat.h"

namespace mlsyslab::pyvm {
namespace {

thread_local int nestingDepth = 0;

}  // namespace

NestingGuard::NestingGuard(Runtime& runtime, std::string_view activity) {
    ++nestingDepth;
    if (nestingDepth > runtime.limits().maxRecursionDepth) {
        tooDeep_ = true;
        if (!runtime.hasError()) {
            runtime.raise("RecursionError", concat("maximum recursion depth exceeded ", activity));
        }
    }
}

NestingGuard::~NestingGuard() { --nestingDepth; }

}  // namespace mlsyslab::pyvm
