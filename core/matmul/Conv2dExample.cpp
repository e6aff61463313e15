#include "matmul/Conv2dExample.h"

namespace mlsyslab::matmul {

Conv2dExample exampleConv2d() {
    Conv2dExample example;
    example.image = SmallMatrix::fromRows({
        {1, 2, 0, 1, 3},
        {0, 1, 3, 2, 1},
        {2, 0, 1, 0, 2},
        {1, 3, 2, 1, 0},
        {0, 1, 0, 2, 1},
    });
    // Left column minus right column: large where the image changes from left to right.
    example.filter = SmallMatrix::fromRows({{1, 0, -1}, {1, 0, -1}, {1, 0, -1}});
    return example;
}

Result<Conv2dExampleGeometry> conv2dExampleGeometry(const Conv2dExample& example) {
    Conv2dLayer layer;
    layer.height = example.image.rows;
    layer.width = example.image.columns;
    layer.channels = 1;
    layer.filters = 1;
    layer.kernelHeight = example.filter.rows;
    layer.kernelWidth = example.filter.columns;
    layer.stride = example.stride;
    layer.padding = example.padding;
    const auto counts = countConv2d(layer);
    if (!counts) return Result<Conv2dExampleGeometry>::failure(counts.error());
    Conv2dExampleGeometry geometry;
    geometry.rowPadding = paddingSides(example.filter.rows, example.padding);
    geometry.columnPadding = paddingSides(example.filter.columns, example.padding);
    geometry.outputRows = int(counts->outputHeight);
    geometry.outputColumns = int(counts->outputWidth);
    return geometry;
}

std::vector<OutputThread> conv2dThreads(const Conv2dExample& example) {
    const auto geometry = conv2dExampleGeometry(example);
    std::vector<OutputThread> threads;
    if (!geometry) return threads;
    for (int row = 0; row < geometry->outputRows; ++row) {
        for (int column = 0; column < geometry->outputColumns; ++column) {
            OutputThread thread;
            thread.outputCell = {row, column};
            const int top = row * example.stride - geometry->rowPadding.before;
            const int left = column * example.stride - geometry->columnPadding.before;
            for (int u = 0; u < example.filter.rows; ++u) {
                for (int v = 0; v < example.filter.columns; ++v) {
                    const CellPosition pixel{top + u, left + v};
                    const double value = example.image.contains(pixel.row, pixel.column)
                                             ? example.image.at(pixel.row, pixel.column)
                                             : 0.0;
                    thread.terms.push_back({value, example.filter.at(u, v), pixel, {u, v}});
                }
            }
            threads.push_back(std::move(thread));
        }
    }
    return threads;
}

}  // namespace mlsyslab::matmul
