#include "matmul/Roofline.h"

#include <algorithm>

namespace mlsyslab::matmul {

namespace {

constexpr double kBytesPerFloat = 4.0;

}  // namespace

double Roofline::attainableGflops(double flopsPerByte) const {
    return std::min(peakGflops, std::max(flopsPerByte, 0.0) * bandwidthGBps);
}

double Roofline::ridgeFlopsPerByte() const {
    return bandwidthGBps > 0.0 ? peakGflops / bandwidthGBps : 0.0;
}

bool Roofline::isMemoryBound(double flopsPerByte) const {
    return flopsPerByte < ridgeFlopsPerByte();
}

double Roofline::fractionOfRoof(double flopsPerByte, double gflops) const {
    const double roof = attainableGflops(flopsPerByte);
    return roof > 0.0 ? gflops / roof : 0.0;
}

double matmulFlopsPerByte(const MatmulShape& shape) {
    const double m = double(shape.m);
    const double n = double(shape.n);
    const double k = double(shape.k);
    const double bytes = kBytesPerFloat * (m * k + k * n + m * n);
    return bytes > 0.0 ? shape.flops() / bytes : 0.0;
}

double matvecFlopsPerByte(std::int64_t rows, std::int64_t columns) {
    const double m = double(rows);
    const double n = double(columns);
    const double bytes = kBytesPerFloat * (m * n + n + m);
    return bytes > 0.0 ? 2.0 * m * n / bytes : 0.0;
}

}  // namespace mlsyslab::matmul
