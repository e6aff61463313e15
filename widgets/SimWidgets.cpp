#include "SimWidgets.h"

#include "logic/AdderWidget.h"
#include "logic/FpAddWidget.h"
#include "logic/GatesWidget.h"
#include "memory/CacheWidget.h"
#include "memory/LatencyLadderWidget.h"
#include "memory/LatencyProbeWidget.h"
#include "memory/TensorLayoutWidget.h"
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
    registry.add("cache", createCacheSimWidget);
    registry.add("float", createFloatSimWidget);
    registry.add("float-compare", createFloatCompareSimWidget);
    registry.add("fp-add", createFpAddSimWidget);
    registry.add("gates", createGatesSimWidget);
    registry.add("fixed", createFixedSimWidget);
    registry.add("int", createIntSimWidget);
    registry.add("latency-ladder", createLatencyLadderSimWidget);
    registry.add("latency-probe", createLatencyProbeSimWidget);
    registry.add("mixed-precision", createMixedPrecisionSimWidget);
    registry.add("pyvm", createPyVmSimWidget);
    registry.add("quantize", createQuantizeSimWidget);
    registry.add("tensor-layout", createTensorLayoutSimWidget);
    return registry;
}

}  // namespace mlsyslab::widgets
