#include "matmul/RooflinePlot.h"

#include <algorithm>
#include <cmath>

#include "common/DisplayStyle.h"
#include "common/LogAxisTicks.h"
#include "matmul/MatmulColors.h"
#include "matmul/MatmulText.h"

namespace mlsyslab::widgets {

namespace {

// Before anything is measured: from a copy (0.1 flop/byte) to a large matmul (1000).
constexpr double kEmptyLowIntensity = 0.1;
constexpr double kEmptyHighIntensity = 1000.0;
constexpr double kEmptyLowGflops = 1.0;
constexpr double kEmptyHighGflops = 1000.0;
// Room around the data: a decade's third either side, a decade above the highest roof for
// its two-line label.
constexpr double kIntensityMargin = 3.0;
constexpr double kBelowMargin = 3.0;
constexpr double kAboveMargin = 10.0;
constexpr double kPointDiameterLines = 0.6;
// A sub-tick at 2, 3, … 9 times each power of ten.
constexpr int kSubTicksPerDecade = 8;

// "H100 SXM5 80GB" from "NVIDIA H100 SXM5 80GB": the vendor is understood.
QString shortDeviceName(const std::string& name) {
    QString text = QString::fromStdString(name);
    for (const char* prefix : {"NVIDIA ", "GeForce ", "Tesla "}) {
        if (text.startsWith(QLatin1String(prefix))) text.remove(0, int(qstrlen(prefix)));
    }
    return text;
}

}  // namespace

RooflinePlot::RooflinePlot(QWidget* parent) : QCustomPlot(parent) {
    setObjectName(QStringLiteral("rooflinePlot"));
    xAxis->setLabel(tr("arithmetic intensity (flop per byte of memory traffic, log scale)"));
    setPlainDecadeTicks(*xAxis, kSubTicksPerDecade);
    // From a CPU's tens of GFLOPS to a GPU's 10⁶: powers of ten read shorter than 1000000.
    yAxis->setLabel(tr("GFLOPS (log scale)"));
    setPowerOfTenTicks(*yAxis, kSubTicksPerDecade);
    connect(this, &QCustomPlot::afterLayout, this, &RooflinePlot::placeLabels);
    rebuild();
}

void RooflinePlot::setMachineRoof(const matmul::Roofline& roof, unsigned threads) {
    machineRoof_ = roof;
    threads_ = threads;
    rebuild();
}

void RooflinePlot::clearMachineRoof() {
    machineRoof_.reset();
    rebuild();
}

void RooflinePlot::setDatasheetRoof(const std::optional<gpu::DeviceModel>& device) {
    device_ = device;
    rebuild();
}

void RooflinePlot::setWorkloads(const std::vector<lesson::kinds::RooflineWorkload>& workloads) {
    workloads_ = workloads;
    rebuild();
}

void RooflinePlot::expectIntensity(double flopsPerByte) {
    if (flopsPerByte > 0.0) expectedIntensities_.push_back(flopsPerByte);
    rebuild();
}

void RooflinePlot::addPoint(const Point& point) {
    if (point.flopsPerByte <= 0.0 || point.gflops <= 0.0) return;
    points_.push_back(point);
    rebuild();
}

void RooflinePlot::clearPoints() {
    points_.clear();
    expectedIntensities_.clear();
    rebuild();
}

bool RooflinePlot::hasMachineRoof() const { return machineRoof_.has_value(); }

std::vector<QPointF> RooflinePlot::machineRoofCorners() const {
    std::vector<QPointF> corners;
    if (machineRoofGraph_ == nullptr) return corners;
    for (auto point = machineRoofGraph_->data()->constBegin();
         point != machineRoofGraph_->data()->constEnd(); ++point)
        corners.emplace_back(point->key, point->value);
    return corners;
}

QStringList RooflinePlot::roofLabels() const { return labelTexts(roofTexts_); }

QStringList RooflinePlot::pointLabels() const { return labelTexts(pointTexts_); }

QStringList RooflinePlot::workloadLabels() const { return labelTexts(workloadTexts_); }

int RooflinePlot::pointCount() const { return int(points_.size()); }

QCPItemText* RooflinePlot::addLabel(const QString& text) {
    auto* item = new QCPItemText(this);
    item->setText(text);
    labelTexts_[item] = text;
    return item;
}

QStringList RooflinePlot::labelTexts(const std::vector<QCPItemText*>& items) const {
    QStringList texts;
    for (const QCPItemText* item : items) texts << labelTexts_.at(item);
    return texts;
}

void RooflinePlot::fitRanges() {
    std::vector<double> intensities = expectedIntensities_;
    std::vector<double> speeds;
    for (const Point& point : points_) {
        intensities.push_back(point.flopsPerByte);
        speeds.push_back(point.gflops);
    }
    for (const auto& workload : workloads_) intensities.push_back(workload.flopsPerByte);
    std::vector<double> peaks;
    if (machineRoof_ && machineRoof_->bandwidthGBps > 0.0) {
        intensities.push_back(machineRoof_->ridgeFlopsPerByte());
        peaks.push_back(machineRoof_->peakGflops);
    }
    if (device_) {
        intensities.push_back(device_->tensorFp16Tflops * 1e3 / device_->memoryBandwidthGBps);
        peaks.push_back(device_->tensorFp16Tflops * 1e3);
    }
    double lowIntensity = kEmptyLowIntensity;
    double highIntensity = kEmptyHighIntensity;
    for (const double intensity : intensities) {
        lowIntensity = std::min(lowIntensity, intensity / kIntensityMargin);
        highIntensity = std::max(highIntensity, intensity * kIntensityMargin);
    }
    xAxis->setRange(lowIntensity, highIntensity);
    double lowGflops = kEmptyLowGflops;
    double highGflops = kEmptyHighGflops;
    if (machineRoof_) {
        // The slope enters the plot at its left edge.
        lowGflops = std::max(lowIntensity * machineRoof_->bandwidthGBps, 1e-3);
    }
    for (const double speed : speeds) lowGflops = std::min(lowGflops, speed);
    for (const double peak : peaks) highGflops = std::max(highGflops, peak);
    for (const double speed : speeds) highGflops = std::max(highGflops, speed);
    yAxis->setRange(lowGflops / kBelowMargin, highGflops * kAboveMargin);
}

void RooflinePlot::addRoof(double peakGflops, double bandwidthGBps, bool datasheet,
                           const QString& label, const QString& slopeLabel) {
    const double left = xAxis->range().lower;
    const double right = xAxis->range().upper;
    const double ridge = peakGflops / bandwidthGBps;
    QCPGraph* roof = addGraph();
    roof->setLineStyle(QCPGraph::lsLine);
    if (ridge > left) roof->addData(left, left * bandwidthGBps);
    roof->addData(std::max(ridge, left), peakGflops);
    roof->addData(right, peakGflops);
    if (datasheet) {
        datasheetGraphs_.push_back(roof);
    } else {
        machineRoofGraph_ = roof;
    }
    DrawnRoof labels{roof, left, std::max(ridge, left), right, peakGflops};
    labels.peakText = addLabel(label);
    labels.peakText->setProperty("datasheet", datasheet);
    roofTexts_.push_back(labels.peakText);
    if (!slopeLabel.isEmpty() && ridge > left) {
        labels.slopeText = addLabel(slopeLabel);
        labels.slopeText->setProperty("datasheet", datasheet);
        roofTexts_.push_back(labels.slopeText);
    }
    roofs_.push_back(labels);
}

void RooflinePlot::rebuild() {
    clearGraphs();
    clearItems();
    machineRoofGraph_ = nullptr;
    datasheetGraphs_.clear();
    pointGraphs_.clear();
    roofTexts_.clear();
    roofs_.clear();
    labelTexts_.clear();
    ridgeText_ = nullptr;
    ridgeLine_ = nullptr;
    workloadLines_.clear();
    workloadTexts_.clear();
    pointTexts_.clear();
    fitRanges();

    if (device_ && device_->memoryBandwidthGBps > 0.0) {
        const QString name = shortDeviceName(device_->name);
        addRoof(device_->tensorFp16Tflops * 1e3, device_->memoryBandwidthGBps, true,
                tr("%1 (datasheet)\nFP16 tensor cores: %2")
                    .arg(name, gflopsText(device_->tensorFp16Tflops * 1e3)),
                QString());
        addRoof(device_->fp32Tflops * 1e3, device_->memoryBandwidthGBps, true,
                tr("%1 (datasheet)\nFP32: %2").arg(name, gflopsText(device_->fp32Tflops * 1e3)),
                tr("%1 (datasheet): %2")
                    .arg(name, gigabytesPerSecondText(device_->memoryBandwidthGBps)));
    }
    if (machineRoof_ && machineRoof_->peakGflops > 0.0 && machineRoof_->bandwidthGBps > 0.0) {
        const double ridge = machineRoof_->ridgeFlopsPerByte();
        addRoof(machineRoof_->peakGflops, machineRoof_->bandwidthGBps, false,
                tr("this machine's peak: %1\n(float32 FMA, %2 threads)")
                    .arg(gflopsText(machineRoof_->peakGflops))
                    .arg(threads_),
                tr("this machine's memory: %1")
                    .arg(gigabytesPerSecondText(machineRoof_->bandwidthGBps)));
        ridgeLine_ = new QCPItemLine(this);
        ridgeLine_->start->setCoords(ridge, machineRoof_->peakGflops);
        ridgeLine_->end->setTypeX(QCPItemPosition::ptPlotCoords);
        ridgeLine_->end->setTypeY(QCPItemPosition::ptAxisRectRatio);
        ridgeLine_->end->setCoords(ridge, 1.0);
        ridgeText_ = addLabel(tr("ridge: %1 flop/byte").arg(flopsPerByteText(ridge)));
    }
    for (const auto& workload : workloads_) {
        auto* line = new QCPItemStraightLine(this);
        line->point1->setCoords(workload.flopsPerByte, 1.0);
        line->point2->setCoords(workload.flopsPerByte, 10.0);
        workloadLines_.push_back(line);
        workloadTexts_.push_back(addLabel(tr("%1: %2 flop/byte")
                                              .arg(QString::fromStdString(workload.name),
                                                   flopsPerByteText(workload.flopsPerByte))));
    }
    for (const Point& point : points_) {
        QCPGraph* graph = addGraph();
        graph->setLineStyle(QCPGraph::lsNone);
        graph->addData(point.flopsPerByte, point.gflops);
        pointGraphs_.push_back(graph);
        pointTexts_.push_back(addLabel(point.label));
    }
    restyle();
}

void RooflinePlot::restyle() {
    const DisplayStyle style = displayStyleOf(*this);
    const QPalette palette = paletteFor(style, this->palette());
    applyPlotStyle(*this, style);
    const QColor ink = palette.color(QPalette::Text);
    const QColor datasheetColor = backendColor("cublas", palette);
    const QColor workloadColor = palette.color(QPalette::Highlight);
    QColor labelBackground = palette.color(QPalette::Base);
    labelBackground.setAlpha(225);
    if (machineRoofGraph_ != nullptr)
        machineRoofGraph_->setPen(QPen(ink, style.plotPenWidth * 1.5));
    for (std::size_t index = 0; index < datasheetGraphs_.size(); ++index) {
        // The tensor-core ceiling dotted, the FP32 roof dashed: neither is this machine.
        const Qt::PenStyle dash = index == 0 ? Qt::DotLine : Qt::DashLine;
        datasheetGraphs_[index]->setPen(QPen(datasheetColor, style.plotPenWidth, dash));
    }
    for (QCPItemText* text : roofTexts_) {
        text->setFont(font());
        text->setPadding(QMargins(4, 0, 4, 2));
        text->setColor(text->property("datasheet").toBool() ? datasheetColor : ink);
        text->setBrush(labelBackground);
    }
    if (ridgeLine_ != nullptr)
        ridgeLine_->setPen(QPen(ink, style.plotPenWidth * 0.6, Qt::DashLine));
    if (ridgeText_ != nullptr) {
        ridgeText_->setFont(font());
        ridgeText_->setColor(ink);
        ridgeText_->setPadding(QMargins(4, 0, 4, 2));
    }
    for (QCPItemStraightLine* line : workloadLines_)
        line->setPen(QPen(workloadColor, style.plotPenWidth * 0.75, Qt::DotLine));
    for (QCPItemText* text : workloadTexts_) {
        text->setFont(font());
        text->setColor(workloadColor);
        text->setPadding(QMargins(2, 2, 4, 2));
    }
    const double pointSize = fontMetrics().height() * kPointDiameterLines;
    for (std::size_t index = 0; index < points_.size(); ++index) {
        const Point& point = points_[index];
        const bool matvec = point.key == "matvec";
        const QColor color = matvec ? ink : backendColor(point.key, palette);
        pointGraphs_[index]->setPen(QPen(color, style.plotPenWidth));
        pointGraphs_[index]->setScatterStyle(
            matvec ? QCPScatterStyle(QCPScatterStyle::ssDiamond, QPen(color, style.plotPenWidth),
                                     palette.color(QPalette::Base), pointSize * 1.5)
                   : QCPScatterStyle(QCPScatterStyle::ssDisc, color, color, pointSize));
        pointTexts_[index]->setFont(font());
        pointTexts_[index]->setColor(ink);
        pointTexts_[index]->setBrush(labelBackground);
        pointTexts_[index]->setPadding(QMargins(3, 1, 3, 1));
    }
    replot(rpQueuedReplot);
}

}  // namespace mlsyslab::widgets
