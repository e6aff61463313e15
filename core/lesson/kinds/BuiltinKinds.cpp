#include "lesson/kinds/BuiltinKinds.h"

#include "lesson/kinds/BitsKind.h"
#include "lesson/kinds/FixedKind.h"
#include "lesson/kinds/IntKind.h"

namespace mlsyslab::lesson::kinds {

SimKindRegistry builtinSimKinds() {
    SimKindRegistry registry;
    registry.add(bitsKind());
    registry.add(fixedKind());
    registry.add(intKind());
    return registry;
}

}  // namespace mlsyslab::lesson::kinds
