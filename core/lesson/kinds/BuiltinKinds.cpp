#include "lesson/kinds/BuiltinKinds.h"

#include "lesson/kinds/AdderKind.h"
#include "lesson/kinds/BitsKind.h"
#include "lesson/kinds/FixedKind.h"
#include "lesson/kinds/FloatCompareKind.h"
#include "lesson/kinds/FloatKind.h"
#include "lesson/kinds/FpAddKind.h"
#include "lesson/kinds/GatesKind.h"
#include "lesson/kinds/IntKind.h"
#include "lesson/kinds/MixedPrecisionKind.h"
#include "lesson/kinds/PyVmKind.h"
#include "lesson/kinds/QuantizeKind.h"

namespace mlsyslab::lesson::kinds {

SimKindRegistry builtinSimKinds() {
    SimKindRegistry registry;
    registry.add(adderKind());
    registry.add(bitsKind());
    registry.add(fixedKind());
    registry.add(floatKind());
    registry.add(floatCompareKind());
    registry.add(fpAddKind());
    registry.add(gatesKind());
    registry.add(intKind());
    registry.add(mixedPrecisionKind());
    registry.add(pyVmKind());
    registry.add(quantizeKind());
    return registry;
}

}  // namespace mlsyslab::lesson::kinds
