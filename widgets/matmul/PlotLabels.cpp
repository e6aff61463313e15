#include "matmul/PlotLabels.h"

#include <algorithm>

namespace mlsyslab::widgets {

namespace {

QSizeF labelSize(const QCPItemText& text) {
    const QFontMetricsF metrics(text.font());
    const QRectF bounds = metrics.boundingRect(QRectF(0, 0, 1e6, 1e6), Qt::AlignLeft, text.text());
    return {bounds.width() + text.padding().left() + text.padding().right(),
            bounds.height() + text.padding().top() + text.padding().bottom()};
}

}  // namespace

void placeLabelsApart(const QCustomPlot& plot, const std::vector<AnchoredLabel>& labels,
                      double gapPixels) {
    struct Placed {
        const AnchoredLabel* label;
        double pixelX;
        double top;
        double width;
        double height;
    };
    std::vector<Placed> placed;
    for (const AnchoredLabel& label : labels) {
        const double pixelX = plot.xAxis->coordToPixel(label.x);
        const double pixelY = plot.yAxis->coordToPixel(label.y);
        const QSizeF size = labelSize(*label.text);
        placed.push_back(
            {&label, pixelX, pixelY - size.height() / 2.0, size.width(), size.height()});
    }
    std::sort(placed.begin(), placed.end(),
              [](const Placed& a, const Placed& b) { return a.top < b.top; });
    const QRect area = plot.axisRect()->rect();
    // Down from the top: each below the one above; then up from the bottom edge.
    for (std::size_t index = 1; index < placed.size(); ++index) {
        const Placed& above = placed[index - 1];
        placed[index].top = std::max(placed[index].top, above.top + above.height);
    }
    double floor = area.bottom();
    for (auto item = placed.rbegin(); item != placed.rend(); ++item) {
        item->top = std::min(item->top, floor - item->height);
        floor = item->top;
    }
    for (const Placed& item : placed) {
        QCPItemText& text = *item.label->text;
        text.position->setType(QCPItemPosition::ptAbsolute);
        const bool left = item.label->leftOfPoint;
        // Beside the point, but never past the plot's left or right edge.
        double anchorX = item.pixelX + (left ? -gapPixels : gapPixels);
        if (left) {
            anchorX = std::max(anchorX, area.left() + item.width);
        } else {
            anchorX = std::min(anchorX, area.right() - item.width);
        }
        text.position->setCoords(anchorX, item.top + item.height / 2.0);
        text.setPositionAlignment((left ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter);
    }
}

}  // namespace mlsyslab::widgets
