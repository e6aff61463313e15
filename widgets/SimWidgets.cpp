#include "SimWidgets.h"

#include "gpu/CoalescingWidget.h"
#include "gpu/CudaLaunchWidget.h"
#include "gpu/DivergenceWidget.h"
#include "gpu/GpuHierarchyWidget.h"
#include "gpu/OccupancyWidget.h"
#include "gpu/WarpTimelineWidget.h"
#include "logic/AdderWidget.h"
#include "logic/FpAddWidget.h"
#include "logic/GatesWidget.h"
#include "matmul/MatmulBenchWidget.h"
#include "matmul/MatmulParallelWidget.h"
#include "matmul/RooflineWidget.h"
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
    registry.add("coalescing", createCoalescingSimWidget);
    registry.add("cuda-launch", createCudaLaunchSimWidget);
    registry.add("divergence", createDivergenceSimWidget);
    registry.add("float", createFloatSimWidget);
    registry.add("float-compare", createFloatCompareSimWidget);
    registry.add("fp-add", createFpAddSimWidget);
    registry.add("gates", createGatesSimWidget);
    registry.add("gpu-hierarchy", createGpuHierarchySimWidget);
    registry.add("fixed", createFixedSimWidget);
    registry.add("int", createIntSimWidget);
    registry.add("latency-ladder", createLatencyLadderSimWidget);
    registry.add("latency-probe", createLatencyProbeSimWidget);
    registry.add("matmul-bench", createMatmulBenchSimWidget);
    registry.add("matmul-parallel", createMatmulParallelSimWidget);
    registry.add("mixed-precision", createMixedPrecisionSimWidget);
    registry.add("occupancy", createOccupancySimWidget);
    registry.add("pyvm", createPyVmSimWidget);
    registry.add("quantize", createQuantizeSimWidget);
    registry.add("roofline", createRooflineSimWidget);
    registry.add("tensor-layout", createTensorLayoutSimWidget);
    registry.add("warp-timeline", createWarpTimelineSimWidget);
    return registry;
}

}  // namespace mlsyslab::widgets
