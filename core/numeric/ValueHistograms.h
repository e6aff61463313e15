#pragma once

#include <span>
#include <vector>

#include "numeric/Quantization.h"

namespace mlsyslab::numeric {

// What the quantization simulator plots: the weights before quantization as a histogram, and
// after it as the discrete values they collapsed to. Both are *densities* (count / (n × width)),
// so a histogram and a set of levels with different spacings can share one axis: a level's
// height is its share of the values divided by its step, the width of the values it took in.
//
// The two must be compared at the same resolution. Where the levels are coarser than the
// histogram's bins (int4, or int8 stretched by outliers), each level is its own bar. Where they
// are finer (int8 on well-behaved data), a level holds a dozen values or fewer, and drawing
// each one would show counting noise, not quantization; so neighbouring levels share a bin of
// about the histogram's width, made of whole quantization cells (quantizedDensity). A value
// lands in the cell of its code, so per tensor the weights binned the same way
// (cellAlignedHistogram) give the very same picture: at that zoom, nothing was lost.

struct DensityHistogram {
    double low = 0.0;       // left edge of bin 0
    double binWidth = 1.0;  // every bin is [low + i w, low + (i + 1) w); the last one includes high
    std::vector<double> densities;
    double binCenter(std::size_t bin) const { return low + (double(bin) + 0.5) * binWidth; }
};

// `bins` bins of equal width over [low, high]; values outside are left out (not clamped in).
// low < high and bins >= 1, else one bin of width 1 at low.
DensityHistogram densityHistogram(std::span<const float> values, double low, double high, int bins);

// A bin count for [low, high] after Freedman and Diaconis (1981): bin width 2 IQR n^(-1/3),
// which follows the bulk of the data even when outliers stretch the range; clamped to
// [minimum, maximum].
int freedmanDiaconisBinCount(std::span<const float> values, double low, double high, int minimum,
                             int maximum);

// One value the dequantized weights take, with its density: (values at it / values in its
// row) / its row's scale. Per channel every row has its own levels, so one real number may
// appear once per row; each row's levels are that row's density, which for rows drawn from
// one distribution is the whole tensor's (dividing by all values instead would draw eight
// rows an eighth as tall as the histogram they came from).
struct QuantizedLevel {
    double value = 0.0;
    double density = 0.0;
};
// Levels that hold at least one value, in ascending order.
std::vector<QuantizedLevel> occupiedLevels(const QuantizedTensor& tensor);

// How many neighbouring levels share a bin about binWidth wide: the divisor of the row's code
// count nearest to binWidth / scale (by ratio), so that the bins tile the levels exactly and
// no bin at the end is partly empty (255 levels: 1, 3, 5, 15, 17, ...; 256: 1, 2, 4, 8, ...).
int levelsPerBin(const QuantizationParameters& parameters, double binWidth);

// A step function: densities[i] on [edges[i], edges[i + 1]); one more edge than densities.
struct StepDensity {
    std::vector<double> edges;
    std::vector<double> densities;
};

// The dequantized values' density over bins of levelsPerBin(row, binWidth) whole cells
// (the cell of a level is level ± scale / 2), grouped from the row's lowest code up. Every
// row is on its own grid, its density weighted by its share of the values; the area is 1.
StepDensity quantizedDensity(const QuantizedTensor& tensor, double binWidth);

// The values' histogram over the bins quantizedDensity uses for a row with these parameters.
DensityHistogram cellAlignedHistogram(std::span<const float> values,
                                      const QuantizationParameters& parameters, double binWidth);

// Every value a row can give back, used or not: (code - zero point) × scale for each code of
// its range, ascending (255 for symmetric int8, 256 for affine).
std::vector<double> quantizationLevels(const QuantizationParameters& parameters);

}  // namespace mlsyslab::numeric
