#pragma once

#include <qcustomplot.h>

#include <QStringList>
#include <optional>
#include <string>
#include <vector>

#include "gpu/DeviceModel.h"
#include "matmul/lesson/RooflineKind.h"
#include "matmul/Roofline.h"

namespace mlsyslab::widgets {

// The roofline on log-log axes: arithmetic intensity (flop/byte) across, GFLOPS up. This
// machine's roof is the measured bandwidth's slope up to the ridge point and the measured FMA
// peak from there on, each labelled with its number, the ridge marked down to the axis. A GPU's
// datasheet roof (FP32, and its FP16 tensor-core ceiling) can be drawn beside it, dashed and
// labelled "(datasheet)" so it is never taken for a measurement. Workloads are dotted vertical
// lines at their intensity, labelled above the plot ("LLM decode, batch 1"). Measured points are
// discs in their backend's colour (MatmulColors) with a label, kept apart from each other
// (PlotLabels.h).
class RooflinePlot : public QCustomPlot {
    Q_OBJECT
public:
    struct Point {
        std::string key;  // the backend's name, or "matvec"
        QString label;
        double flopsPerByte = 0.0;
        double gflops = 0.0;
    };

    explicit RooflinePlot(QWidget* parent = nullptr);

    void setMachineRoof(const matmul::Roofline& roof, unsigned threads);
    void clearMachineRoof();
    void setDatasheetRoof(const std::optional<gpu::DeviceModel>& device);
    void setWorkloads(const std::vector<lesson::kinds::RooflineWorkload>& workloads);
    // The intensity the matmul points will have, so the axis is laid out before they arrive.
    void expectIntensity(double flopsPerByte);
    void addPoint(const Point& point);
    void clearPoints();

    bool hasMachineRoof() const;
    // The roof's corners: (left end, slope), (ridge, peak), (right end, peak); empty when none.
    std::vector<QPointF> machineRoofCorners() const;
    QStringList roofLabels() const;  // the datasheet's (peaks, slope), then this machine's
    QStringList pointLabels() const;
    QStringList workloadLabels() const;
    int pointCount() const;

    // Pens, fonts and colours for the widget's current font and palette.
    void restyle();

private:
    void rebuild();
    void fitRanges();
    void placeLabels();
    void placeWorkloadLabels();
    void addRoof(double peakGflops, double bandwidthGBps, bool datasheet, const QString& label,
                 const QString& slopeLabel);

    std::optional<matmul::Roofline> machineRoof_;
    unsigned threads_ = 1;
    std::optional<gpu::DeviceModel> device_;
    std::vector<lesson::kinds::RooflineWorkload> workloads_;
    std::vector<Point> points_;
    std::vector<double> expectedIntensities_;

    // Rebuilt by rebuild(): every graph and item, and what restyle() and placeLabels() need.
    QCPGraph* machineRoofGraph_ = nullptr;
    std::vector<QCPGraph*> datasheetGraphs_;
    std::vector<QCPGraph*> pointGraphs_;
    std::vector<QCPItemText*> roofTexts_;
    std::vector<QCPItemText*> slopeTexts_;  // rotated along their slope after each layout
    std::vector<std::pair<double, double>> slopeSpans_;  // each slope's (from, to) intensity
    std::vector<double> slopeBandwidths_;
    QCPItemText* ridgeText_ = nullptr;
    QCPItemLine* ridgeLine_ = nullptr;
    std::vector<QCPItemStraightLine*> workloadLines_;
    std::vector<QCPItemText*> workloadTexts_;
    std::vector<QCPItemText*> pointTexts_;
};

}  // namespace mlsyslab::widgets
