#pragma once

#include <qcustomplot.h>

#include "gpu/OccupancyCurves.h"

namespace mlsyslab::widgets {

// One of the occupancy calculator's curves: occupancy (0 to 100%) against one of the kernel's
// resources, with the kernel's current point marked by a large dot and a dashed line down to
// the axis. Clicking the plot asks for the resource at that x.
class OccupancyCurvePlot : public QCustomPlot {
    Q_OBJECT
public:
    // `xLabel` names the resource and its unit ("threads per block").
    explicit OccupancyCurvePlot(const QString& xLabel, QWidget* parent = nullptr);

    void setCurve(const gpu::OccupancyCurve& curve, double currentX, double currentPct);

    const gpu::OccupancyCurve& curve() const { return curve_; }
    QPointF currentPoint() const { return current_; }
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    void xClicked(double x);

protected:
    void changeEvent(QEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;

private:
    void applyStyle();

    gpu::OccupancyCurve curve_;
    QPointF current_;
    QCPGraph* line_ = nullptr;
    QCPGraph* marker_ = nullptr;
    QCPItemLine* drop_ = nullptr;
    bool applyingStyle_ = false;
};

}  // namespace mlsyslab::widgets
