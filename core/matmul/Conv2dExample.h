#pragma once

#include <vector>

#include "common/Result.h"
#include "matmul/Conv2dCount.h"
#include "matmul/DotProductThreads.h"
#include "matmul/SmallMatrix.h"

namespace mlsyslab::matmul {

// A convolution small enough to write out: a one-channel image, one filter. Output (r, c) is
// the filter laid over the window whose top-left pixel is (r · stride − padding before,
// c · stride − padding before), each weight times the pixel under it, summed (as deep learning
// convolutions do, without flipping the filter). Pixels of the window that fall in the padding
// are 0.
struct Conv2dExample {
    SmallMatrix image;
    SmallMatrix filter;
    int stride = 1;
    Conv2dPadding padding;
};

// A 5×5 image and a 3×3 vertical-edge filter, stride 1, no padding: 3×3 outputs of 9
// multiply-adds each.
Conv2dExample exampleConv2d();

struct Conv2dExampleGeometry {
    PaddingSides rowPadding;
    PaddingSides columnPadding;
    int outputRows = 0;
    int outputColumns = 0;
};

// The padding and output size, or why there is no output (as countConv2d says).
Result<Conv2dExampleGeometry> conv2dExampleGeometry(const Conv2dExample& example);

// One thread per output, row after row; term u·S + v multiplies filter weight (u, v) by the
// pixel under it. The example must have a geometry.
std::vector<OutputThread> conv2dThreads(const Conv2dExample& example);

}  // namespace mlsyslab::matmul
