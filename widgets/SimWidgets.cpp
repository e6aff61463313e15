#include "SimWidgets.h"

#include "logic/AdderWidget.h"
#include "logic/FpAddWidget.h"
#include "logic/GatesWidget.h"
#include "numeric/BitsWidget.h"
#include "numeric/FloatCompareWidget.h"
#include "numeric/FloatWidget.h"
#include "numeric/FixedWidget.h"
#include "numeric/IntWidget.h"
#include "numeric/MixedPrecisionWidget.h"
#include "numeric/QuantizeWidget.h"
#include "pyvm/PyVmSimWidget.h"

namespace mlsyslab::widgets {

SimWidgetRegistry builtinSimWidgets() {
    SimWidgetRegistry registry;
    registry.add("adder", createAdderSimWidget);
    registry.add("bits", createBitsSimWidget);
    registry.add("float", createFloatSimWidget);
    registry.add("float-compare", createFloatCompareSimWidget);
    registry.add("fp-add", createFpAddSimWidget);
    registry.add("gates", createGatesSimWidget);
    registry.add("fixed", createFixedSimWidget);
    registry.add("int", createIntSimWidget);
    registry.add("mixed-precision", createMixedPrecisionSimWidget);
    registry.add("pyvm", createPyVmSimWidget);
    registry.add("quantize", createQuantizeSimWidget);
    return registry;
}

}  // namespace mlsyslab::widgets
