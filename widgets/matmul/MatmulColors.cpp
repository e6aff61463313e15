#include "matmul/MatmulColors.h"

#include <array>
#include <utility>

namespace mlsyslab::widgets {

namespace {

bool isLight(const QPalette& palette) { return palette.color(QPalette::Base).lightness() >= 128; }


constexpr std::array<std::pair<std::string_view, std::array<int, 6>>, 10> kShades = {{
    {"naive", {150, 150, 160, 170, 170, 180}},
    {"ikj", {70, 130, 200, 120, 170, 235}},
    {"blocked", {30, 100, 180, 90, 150, 230}},
    {"simd", {20, 150, 110, 80, 210, 160}},
    {"threads", {0, 110, 60, 60, 190, 110}},
    {"openblas", {40, 40, 40, 230, 230, 230}},
    {"cuda-naive", {230, 150, 40, 250, 190, 90}},
    {"cuda-tiled", {220, 100, 30, 250, 150, 80}},
    {"cuda-regtile", {200, 50, 40, 250, 110, 100}},
    {"cublas", {140, 30, 120, 230, 120, 210}},
}};

}  // namespace

QColor backendColor(std::string_view backend, const QPalette& palette) {
    for (const auto& [name, rgb] : kShades) {
        if (name != backend) continue;
        return isLight(palette) ? QColor(rgb[0], rgb[1], rgb[2]) : QColor(rgb[3], rgb[4], rgb[5]);
    }
    return palette.color(QPalette::Text);
}

}  // namespace mlsyslab::widgets
