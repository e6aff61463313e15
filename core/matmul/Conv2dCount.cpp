#include "matmul/Conv2dCount.h"

#include <string>

#include "common/Concat.h"

namespace mlsyslab::matmul {

PaddingSides paddingSides(int kernel, Conv2dPadding padding) {
    if (!padding.same) return {padding.pixels, padding.pixels};
    const int total = kernel - 1;
    return {total / 2, total - total / 2};
}

std::int64_t outputPositions(std::int64_t size, int kernel, int stride, Conv2dPadding padding) {
    const PaddingSides sides = paddingSides(kernel, padding);
    const std::int64_t padded = size + sides.before + sides.after;
    if (padded < kernel || stride < 1) return 0;
    return (padded - kernel) / stride + 1;
}

Result<Conv2dCounts> countConv2d(const Conv2dLayer& layer) {
    if (layer.padding.same && layer.stride != 1) {
        return Result<Conv2dCounts>::failure(
            "padding='same' is not supported for strided convolutions");
    }
    Conv2dCounts counts;
    counts.outputHeight =
        outputPositions(layer.height, layer.kernelHeight, layer.stride, layer.padding);
    counts.outputWidth =
        outputPositions(layer.width, layer.kernelWidth, layer.stride, layer.padding);
    if (counts.outputHeight == 0 || counts.outputWidth == 0) {
        const PaddingSides rows = paddingSides(layer.kernelHeight, layer.padding);
        const PaddingSides columns = paddingSides(layer.kernelWidth, layer.padding);
        return Result<Conv2dCounts>::failure(concat(
            "the ", std::to_string(layer.kernelHeight), "×", std::to_string(layer.kernelWidth),
            " kernel does not fit in the ", std::to_string(layer.height + rows.before + rows.after),
            "×", std::to_string(layer.width + columns.before + columns.after),
            " padded input: there is no output position"));
    }
    counts.parallelOperations = counts.outputHeight * counts.outputWidth * layer.filters;
    counts.multiplyAddsPerOperation =
        std::int64_t(layer.kernelHeight) * layer.kernelWidth * layer.channels;
    counts.totalMultiplyAdds = counts.parallelOperations * counts.multiplyAddsPerOperation;
    return counts;
}

}  // namespace mlsyslab::matmul
