#include "lesson/kinds/BuiltinKinds.h"

#include "lesson/kinds/BitsKind.h"

namespace mlsyslab::lesson::kinds {

SimKindRegistry builtinSimKinds() {
    SimKindRegistry registry;
    registry.add(bitsKind());
    return registry;
}

}  // namespace mlsyslab::lesson::kinds
