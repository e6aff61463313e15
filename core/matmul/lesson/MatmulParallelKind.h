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
//   view: matmul | conv2d | attention      (default matmul: the view shown first)
//   mode: parallel | sequential            (default parallel: every thread at once; sequential
//                                           is one multiply-add per step, as one core runs it)
//   a: [[1, 2, 3], [4, 5, 6]]              (matmul: A, M×K, whole numbers; default the 2×3 one)
//   b: [[1, 0, 2], [0, 1, 1], [1, 1, 0]]   (matmul: B, K×N)
//   height: 224, width: 224, channels: 3, filters: 64, kernel: 3 (or [3, 5]), stride: 1,
//   padding: same | valid | N              (conv2d: the layer whose operations are counted)
//   example:                               (conv2d: the small convolution stepped on screen)
//     image: [[...]]   filter: [[...]]   stride: 1   padding: 0
//   q: [[1, 0], [0, 1]]  k: [[1, 0], [1, 1]]  v: [[1, 2], [3, 4]]   (attention: Q, K, V)
//   scale: true | false                    (attention: divide by √d_k; false is the slide's)
//   start_step: 0                          (the step of the first view shown at opening,
//                                           counted from 0; past the end, the last one)
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
