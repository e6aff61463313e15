#pragma once

#include <QRectF>
#include <vector>

#include "numeric/CircleCanvas.h"
#include "numeric/NumberCircle.h"

namespace mlsyslab::widgets::circle {

// The largest radius that leaves room round the circle for the labels of these contents.
double radiusForLabels(const Canvas& canvas, const NumberCircle::Contents& contents);

// Tick marks and their labels: every pattern at 4 bits; wider, 0, the two sides of the wrap-
// around boundary, A and the result. A label that would cover another, or a place in
// `keepClear`, moves along the circle, with a leader line back to its tick.
void drawTicks(Canvas& canvas, const NumberCircle::Contents& contents,
               std::vector<QRectF> keepClear);

}  // namespace mlsyslab::widgets::circle
