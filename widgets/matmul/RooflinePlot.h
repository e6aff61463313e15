#pragma once

#include <qcustomplot.h>

#include <QStringList>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "gpu/DeviceModel.h"
#include "matmul/LabelPlacement.h"
#include "matmul/Roofline.h"
#include "matmul/lesson/RooflineKind.h"

namespace mlsyslab::widgets {

// The roofline on log-log axes: arithmetic intensity (flop/byte) across, GFLOPS up. This
// machine's roof is the measured bandwidth's slope up to the ridge point and the measured FMA
// peak from there on, each labelled with its number, the ridge marked down to the axis. A GPU's
// datasheet roof (FP32, and its FP16 tensor-core ceiling) can be drawn beside it, dashed and
// labelled "(datasheet)" so it is never taken for a measurement. Workloads are dotted vertical
// lines at their intensity ("LLM decode, batch 1"). Measured points are discs in their backend's
// colour (MatmulColors). Every label sits beside what it names (its roof, slope, line or point)
// where no other line, point or label crosses it, chosen after each layout (LabelPlacement.h).
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
    // The labels' texts as built, however placeLabels() breaks them for room.
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
    void addRoof(double peakGflops, double bandwidthGBps, bool datasheet, const QString& label,
                 const QString& slopeLabel);
    // A label item showing `text`, recorded as the label's text.
    QCPItemText* addLabel(const QString& text);
    QStringList labelTexts(const std::vector<QCPItemText*>& items) const;
    QPointF pixelOf(double flopsPerByte, double gflops) const;
    // In pixels: every roof's segments, the workloads' and the ridge's lines, the points' marks.
    LabelObstacles labelObstacles() const;

    std::optional<matmul::Roofline> machineRoof_;
    unsigned threads_ = 1;
    std::optional<gpu::DeviceModel> device_;
    std::vector<lesson::kinds::RooflineWorkload> workloads_;
    std::vector<Point> points_;
    std::vector<double> expectedIntensities_;

    // One roof's line and labels, in plot coordinates: the slope from `left` to the ridge, then
    // level at the peak to `right`.
    struct DrawnRoof {
        QCPGraph* graph = nullptr;
        double left = 0.0;
        double ridge = 0.0;
        double right = 0.0;
        double peakGflops = 0.0;
        QCPItemText* peakText = nullptr;
        QCPItemText* slopeText = nullptr;  // none where the slope is off the plot or unlabelled
    };

    // Rebuilt by rebuild(): every graph and item, and what restyle() and placeLabels() need.
    QCPGraph* machineRoofGraph_ = nullptr;
    std::vector<QCPGraph*> datasheetGraphs_;
    std::vector<QCPGraph*> pointGraphs_;
    std::vector<QCPItemText*> roofTexts_;
    std::vector<DrawnRoof> roofs_;
    QCPItemText* ridgeText_ = nullptr;
    QCPItemLine* ridgeLine_ = nullptr;
    std::vector<QCPItemStraightLine*> workloadLines_;
    std::vector<QCPItemText*> workloadTexts_;
    std::vector<QCPItemText*> pointTexts_;
    // Each label's text as built, which the accessors report: placeLabels() may show it broken
    // onto one more line where it finds no room as it is.
    std::map<const QCPItemText*, QString> labelTexts_;
};

}  // namespace mlsyslab::widgets
