#pragma once

#include <yaml-cpp/yaml.h>

#include <string_view>
#include <vector>

#include "lesson/KindSpec.h"
#include "matmul/AttentionSteps.h"
#include "matmul/Conv2dCount.h"
#include "matmul/Conv2dExample.h"
#include "matmul/DotProductThreads.h"
#include "matmul/MatmulThreads.h"

namespace mlsyslab::lesson::kinds {

// ```sim matmul-parallel: why tensor operations parallelize (seed 001, "How Parallelization
// Works"): each output element of a matmul computed by its own thread, a convolution's
// millions of independent outputs, and the 2×2 self-attention example stepped with its numbers.
// Its fields, defaults and values: matmulParallelKind() below (and docs/lesson-format.md).
// Every field is read whatever the view, since the simulator switches between the three.
enum class ParallelView { Matmul, Conv2d, Attention };

std::string_view parallelViewName(ParallelView view);  // "matmul", "conv2d", "attention"

// What fits on a projected screen.
inline constexpr int kParallelMatmulMostSide = 6;       // rows and columns of A and B
inline constexpr int kParallelMatmulLargestEntry = 99;  // whole numbers from −99 to 99
inline constexpr int kConvExampleMostImageSide = 8;
inline constexpr int kConvExampleMostFilterSide = 5;
inline constexpr int kConvExampleMostStride = 4;
inline constexpr int kConvExampleMostPadding = 2;
inline constexpr int kConvLayerMostSide = 4096;      // image height and width
inline constexpr int kConvLayerMostChannels = 8192;  // input channels, and filters
inline constexpr int kConvLayerMostKernel = 15;
inline constexpr int kConvLayerMostStride = 8;
inline constexpr int kAttentionMostSide = 4;  // tokens (rows of Q, K, V) and d_k, d_v
inline constexpr int kAttentionLargestEntry = 100;
inline constexpr int kParallelMostStartStep = 100000;  // beyond any run's length

struct MatmulParallelState {
    ParallelView view = ParallelView::Matmul;
    matmul::ThreadSchedule schedule = matmul::ThreadSchedule::Parallel;
    matmul::SmallMatrix a = matmul::exampleMatmulLeft();
    matmul::SmallMatrix b = matmul::exampleMatmulRight();
    matmul::Conv2dLayer layer;  // the seed's 224×224×3 image and 64 3×3 filters, 'same'
    matmul::Conv2dExample example = matmul::exampleConv2d();
    matmul::AttentionInputs attention = matmul::seedAttentionInputs();
    int startStep = 0;
};

const KindSpec<MatmulParallelState>& matmulParallelKind();

}  // namespace mlsyslab::lesson::kinds
