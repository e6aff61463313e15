#include "lesson/kinds/BuiltinKinds.h"

#include "lesson/kinds/AdderKind.h"
#include "lesson/kinds/BitsKind.h"
#include "lesson/kinds/CacheKind.h"
#include "lesson/kinds/CoalescingKind.h"
#include "lesson/kinds/CudaLaunchKind.h"
#include "lesson/kinds/DivergenceKind.h"
#include "lesson/kinds/FixedKind.h"
#include "lesson/kinds/FloatCompareKind.h"
#include "lesson/kinds/FloatKind.h"
#include "lesson/kinds/FpAddKind.h"
#include "lesson/kinds/GatesKind.h"
#include "lesson/kinds/GpuHierarchyKind.h"
#include "lesson/kinds/IntKind.h"
#include "lesson/kinds/LatencyLadderKind.h"
#include "lesson/kinds/LatencyProbeKind.h"
#include "lesson/kinds/MatmulBenchKind.h"
#include "lesson/kinds/MatmulParallelKind.h"
#include "lesson/kinds/MixedPrecisionKind.h"
#include "lesson/kinds/OccupancyKind.h"
#include "lesson/kinds/PyVmKind.h"
#include "lesson/kinds/QuantizeKind.h"
#include "lesson/kinds/RooflineKind.h"
#include "lesson/kinds/TensorLayoutKind.h"
#include "lesson/kinds/WarpTimelineKind.h"

namespace mlsyslab::lesson::kinds {

SimKindRegistry builtinSimKinds() {
    SimKindRegistry registry;
    registry.add(adderKind());
    registry.add(bitsKind());
    registry.add(cacheKind());
    registry.add(coalescingKind());
    registry.add(cudaLaunchKind());
    registry.add(divergenceKind());
    registry.add(fixedKind());
    registry.add(floatKind());
    registry.add(floatCompareKind());
    registry.add(fpAddKind());
    registry.add(gatesKind());
    registry.add(gpuHierarchyKind());
    registry.add(intKind());
    registry.add(latencyLadderKind());
    registry.add(latencyProbeKind());
    registry.add(matmulBenchKind());
    registry.add(matmulParallelKind());
    registry.add(mixedPrecisionKind());
    registry.add(occupancyKind());
    registry.add(pyVmKind());
    registry.add(quantizeKind());
    registry.add(rooflineKind());
    registry.add(tensorLayoutKind());
    registry.add(warpTimelineKind());
    return registry;
}

}  // namespace mlsyslab::lesson::kinds
