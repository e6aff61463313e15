#include "matmul/MatmulBenchText.h"

#include <cmath>
#include <cstdio>

#include "common/Concat.h"

namespace mlsyslab::matmul {

std::string matmulSizeText(const MatmulShape& shape) {
    if (shape.m == shape.n && shape.n == shape.k) return std::to_string(shape.m);
    return concat(std::to_string(shape.m), "x", std::to_string(shape.n), "x",
                  std::to_string(shape.k));
}

std::string matmulShapeText(const MatmulShape& shape) {
    return concat(std::to_string(shape.m), "×", std::to_string(shape.n), "×",
                  std::to_string(shape.k));
}

std::string relativeErrorText(double value) {
    if (std::isnan(value)) return "nan";
    if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
    char text[32];
    std::snprintf(text, sizeof text, "%.3g", value);
    return text;
}

}  // namespace mlsyslab::matmul
