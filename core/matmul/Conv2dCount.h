#pragma once

#include <cstdint>

#include "common/Result.h"

namespace mlsyslab::matmul {

// How many independent operations one convolution layer holds (seed 001: "224×224 image × 64
// filters = 3.2M parallel ops"). Every output value, one per output position and filter, is a
// dot product of the filter with the window under it: kernel height × width × input channels
// multiply-adds that need no other output, so each can have its own GPU thread.

// How a convolution pads its input with zeros, as PyTorch's nn.Conv2d(padding=...) says it.
struct Conv2dPadding {
    // 'same': as many zeros as keep the output as large as the input (stride 1 only, as in
    // PyTorch); otherwise `pixels` zeros on every side ('valid' is 0).
    bool same = false;
    int pixels = 0;
};

// The zeros before the first and after the last pixel along one axis. For 'same', PyTorch puts
// (kernel − 1) / 2 before and the rest (one more for an even kernel) after.
struct PaddingSides {
    int before = 0;
    int after = 0;
};
PaddingSides paddingSides(int kernel, Conv2dPadding padding);

// Window positions along one axis: (size + padding − kernel) / stride + 1, rounded down; 0 when
// the kernel is larger than the padded input.
std::int64_t outputPositions(std::int64_t size, int kernel, int stride, Conv2dPadding padding);

// One convolution layer: the seed's defaults are a 224×224 RGB image and 64 3×3 filters with
// 'same' padding.
struct Conv2dLayer {
    std::int64_t height = 224;
    std::int64_t width = 224;
    std::int64_t channels = 3;  // input channels, each filter is kernel × kernel × channels
    std::int64_t filters = 64;  // output channels
    int kernelHeight = 3;
    int kernelWidth = 3;
    int stride = 1;
    Conv2dPadding padding = {true, 0};
};

struct Conv2dCounts {
    std::int64_t outputHeight = 0;
    std::int64_t outputWidth = 0;
    // Output positions × filters: the outputs, each an independent dot product.
    std::int64_t parallelOperations = 0;
    // Kernel height × width × input channels.
    std::int64_t multiplyAddsPerOperation = 0;
    std::int64_t totalMultiplyAdds = 0;
};

// The counts, or why the layer has no output: PyTorch's "padding='same' is not supported for
// strided convolutions", or a kernel larger than the padded input.
Result<Conv2dCounts> countConv2d(const Conv2dLayer& layer);

}  // namespace mlsyslab::matmul
