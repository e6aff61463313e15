#pragma once

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "gpu/BuiltinKernels.h"
#include "gpu/Dim3.h"
#include "gpu/WarpSimulator.h"
#include "lesson/KindFields.h"
#include "lesson/StateFields.h"

namespace mlsyslab::lesson::kinds {

// The fields the simulators that run the warp simulator share (warp-timeline, divergence): the
// built-in kernel, the grid and the block.

// A launch extent's axes take any size a dim3 holds, as `gpu run --grid/--block` do (the same
// reader, cli/KindOptions.h): a launch CUDA refuses (a block over 1024 threads, a grid's y over
// 65535) is the simulator's answer, which the views explain, not a mistake in the file.
inline constexpr int kMostLaunchExtent = std::numeric_limits<int>::max();
// The largest launch a lesson may simulate: 4096 x 4096 threads, the matrixAdd the simulator
// runs in one to two seconds per scheduler policy. Beyond it a step would take too long to open.
inline constexpr std::int64_t kWarpRunMaxThreads = std::int64_t{4096} * 4096;

// "block: 256", "block: [4, 3]", "block: [8, 8, 2]" (also "4,3" as one scalar, dim3's spelling
// on the command line): 1 to 3 extents, each from 1 to kMostLaunchExtent. Nothing and an error
// otherwise.
enum class LaunchExtentKind { Grid, Block };
std::optional<gpu::Dim3> readLaunchExtent(const std::string& name, LaunchExtentKind kind,
                                          const StateField& field,
                                          std::vector<StateProblem>& problems);

// A launch extent field (grid or block) read with readLaunchExtent into State's member.
template <typename State>
KindField<State> launchExtentField(std::string name, LaunchExtentKind kind,
                                   gpu::Dim3 State::*member, std::string defaultText,
                                   std::string doc) {
    return customField<State>(
        name, std::move(defaultText), std::move(doc),
        [name, kind, member](const StateField& field, State& state,
                             std::vector<StateProblem>& problems) {
            if (const auto extent = readLaunchExtent(name, kind, field, problems)) {
                state.*member = *extent;
            }
        });
}

// "kernel: reduction": a built-in kernel (gpu::builtinKernelIds()), else an error with a "did
// you mean" suggestion. `doc` names every kernel.
template <typename State>
KindField<State> kernelField(std::string doc) {
    return choiceField("kernel", &State::kernel, gpu::builtinKernelIds(), std::move(doc));
}

// Why the warp simulator cannot run this kernel on this launch in a lesson: the kernel refuses
// the shape (matmulTiled needs square 2D blocks), or the launch is larger than
// kWarpRunMaxThreads. Nothing when it can. A block larger than the device allows is not one of
// these: the simulator explains that itself, as CUDA refuses the launch.
std::optional<std::string> warpRunProblem(const std::string& kernel, const gpu::Dim3& grid,
                                          const gpu::Dim3& block);

}  // namespace mlsyslab::lesson::kinds
