#include "matmul/RooflinePlot.h"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "common/DisplayStyle.h"
#include "matmul/MatmulColors.h"
#include "matmul/PlotItemTexts.h"
#include "matmul/MatmulText.h"
#include "matmul/PlotLabels.h"

namespace mlsyslab::widgets {

namespace {

// Before anything is measured: from a copy (0.1 flop/byte) to a large matmul (1000).
constexpr double kEmptyLowIntensity = 0.1;
constexpr double kEmptyHighIntensity = 1000.0;
constexpr double kEmptyLowGflops = 1.0;
constexpr double kEmptyHighGflops = 1000.0;
// Room around the data: a decade's third either side, more above for the peak's label.
constexpr double kIntensityMargin = 3.0;
constexpr double kBelowMargin = 3.0;
constexpr double kAboveMargin = 4.0;
constexpr double kPointDiameterLines = 0.6;
constexpr double kLabelGapLines = 0.6;
// Labels of points in the right part of the plot go to their left, so they stay inside.
constexpr double kLabelsLeftFromShare = 0.6;
// Where along its slope (in log space, from its left end to the ridge) a slope's label sits.
constexpr double kSlopeLabelShare = 0.45;

// "H100 SXM5 80GB" from "NVIDIA H100 SXM5 80GB": the vendor is understood.
QString shortDeviceName(const std::string& name) {
    QString text = QString::fromStdString(name);
    for (const char* prefix : {"NVIDIA ", "GeForce ", "Tesla "}) {
        if (text.startsWith(QLatin1String(prefix))) text.remove(0, int(qstrlen(prefix)));
    }
    return text;
}

double logMix(double from, double to, double share) {
    return std::exp(std::log(from) + (std::log(to) - std::log(from)) * share);
}

}  // namespace

RooflinePlot::RooflinePlot(QWidget* parent) : QCustomPlot(parent) {
    setObjectName(QStringLiteral("rooflinePlot"));
    xAxis->setScaleType(QCPAxis::stLogarithmic);
    xAxis->setLabel(tr("arithmetic intensity (flop per byte of memory traffic, log scale)"));
    auto intensityTicker = QSharedPointer<QCPAxisTickerLog>::create();
    intensityTicker->setSubTickCount(8);
    xAxis->setTicker(intensityTicker);
    xAxis->setNumberFormat(QStringLiteral("g"));
    yAxis->setScaleType(QCPAxis::stLogarithmic);
    yAxis->setLabel(tr("GFLOPS (log scale)"));
    auto speedTicker = QSharedPointer<QCPAxisTickerLog>::create();
    speedTicker->setSubTickCount(8);
    yAxis->setTicker(speedTicker);
    yAxis->setNumberFormat(QStringLiteral("gb"));
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

QStringList RooflinePlot::roofLabels() const {
    return itemTexts(roofTexts_);
}

QStringList RooflinePlot::pointLabels() const {
    return itemTexts(pointTexts_);
}

QStringList RooflinePlot::workloadLabels() const {
    return itemTexts(workloadTexts_);
}

int RooflinePlot::pointCount() const { return int(points_.size()); }

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
    auto* peakText = new QCPItemText(this);
    peakText->setProperty("datasheet", datasheet);
    peakText->position->setCoords(right, peakGflops);
    peakText->setPositionAlignment(Qt::AlignRight | Qt::AlignBottom);
    peakText->setText(label);
    roofTexts_.push_back(peakText);
    if (!slopeLabel.isEmpty() && ridge > left) {
        auto* slopeText = new QCPItemText(this);
        slopeText->setProperty("datasheet", datasheet);
        slopeText->setText(slopeLabel);
        slopeText->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
        roofTexts_.push_back(slopeText);
        slopeTexts_.push_back(slopeText);
        slopeSpans_.emplace_back(left, ridge);
        slopeBandwidths_.push_back(bandwidthGBps);
    }
}

void RooflinePlot::rebuild() {
    clearGraphs();
    clearItems();
    machineRoofGraph_ = nullptr;
    datasheetGraphs_.clear();
    pointGraphs_.clear();
    roofTexts_.clear();
    slopeTexts_.clear();
    slopeSpans_.clear();
    slopeBandwidths_.clear();
    ridgeText_ = nullptr;
    ridgeLine_ = nullptr;
    workloadLines_.clear();
    workloadTexts_.clear();
    pointTexts_.clear();
    fitRanges();

    if (device_ && device_->memoryBandwidthGBps > 0.0) {
        const QString name = shortDeviceName(device_->name);
        addRoof(device_->tensorFp16Tflops * 1e3, device_->memoryBandwidthGBps, true,
                tr("%1 (datasheet), FP16 tensor cores: %2")
                    .arg(name, gflopsText(device_->tensorFp16Tflops * 1e3)),
                QString());
        addRoof(device_->fp32Tflops * 1e3, device_->memoryBandwidthGBps, true,
                tr("%1 (datasheet), FP32: %2").arg(name, gflopsText(device_->fp32Tflops * 1e3)),
                tr("%1 (datasheet): %2")
                    .arg(name, gigabytesPerSecondText(device_->memoryBandwidthGBps)));
    }
    if (machineRoof_ && machineRoof_->peakGflops > 0.0 && machineRoof_->bandwidthGBps > 0.0) {
        const double ridge = machineRoof_->ridgeFlopsPerByte();
        addRoof(machineRoof_->peakGflops, machineRoof_->bandwidthGBps, false,
                tr("this machine's peak: %1 (float32 FMA, %2 threads)")
                    .arg(gflopsText(machineRoof_->peakGflops))
                    .arg(threads_),
                tr("this machine's memory: %1")
                    .arg(gigabytesPerSecondText(machineRoof_->bandwidthGBps)));
        ridgeLine_ = new QCPItemLine(this);
        ridgeLine_->start->setCoords(ridge, machineRoof_->peakGflops);
        ridgeLine_->end->setTypeX(QCPItemPosition::ptPlotCoords);
        ridgeLine_->end->setTypeY(QCPItemPosition::ptAxisRectRatio);
        ridgeLine_->end->setCoords(ridge, 1.0);
        ridgeText_ = new QCPItemText(this);
        ridgeText_->position->setTypeX(QCPItemPosition::ptPlotCoords);
        ridgeText_->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
        ridgeText_->position->setCoords(ridge, 0.99);
        ridgeText_->setPositionAlignment(Qt::AlignLeft | Qt::AlignBottom);
        ridgeText_->setText(tr("ridge: %1 flop/byte").arg(flopsPerByteText(ridge)));
    }
    for (const auto& workload : workloads_) {
        auto* line = new QCPItemStraightLine(this);
        line->point1->setCoords(workload.flopsPerByte, 1.0);
        line->point2->setCoords(workload.flopsPerByte, 10.0);
        workloadLines_.push_back(line);
        auto* text = new QCPItemText(this);
        // Above the plot, at its line: labels inside would cross the roofs and the points.
        // placeLabels() sets the height and the side.
        text->setClipToAxisRect(false);
        text->position->setTypeX(QCPItemPosition::ptPlotCoords);
        text->position->setTypeY(QCPItemPosition::ptAbsolute);
        text->setText(tr("%1: %2 flop/byte")
                          .arg(QString::fromStdString(workload.name),
                               flopsPerByteText(workload.flopsPerByte)));
        workloadTexts_.push_back(text);
    }
    for (const Point& point : points_) {
        QCPGraph* graph = addGraph();
        graph->setLineStyle(QCPGraph::lsNone);
        graph->addData(point.flopsPerByte, point.gflops);
        pointGraphs_.push_back(graph);
        auto* text = new QCPItemText(this);
        text->setText(point.label);
        pointTexts_.push_back(text);
    }
    restyle();
}

void RooflinePlot::placeWorkloadLabels() {
    // Each label sits just above the plot, beside its line, on the side towards the middle;
    // labels that would overlap go on rows further up, and the top margin grows to hold them.
    const QRect area = axisRect()->rect();
    const double lineHeight = fontMetrics().height();
    std::vector<std::size_t> order(workloadTexts_.size());
    for (std::size_t index = 0; index < order.size(); ++index) order[index] = index;
    std::sort(order.begin(), order.end(), [this](std::size_t a, std::size_t b) {
        return workloads_[a].flopsPerByte < workloads_[b].flopsPerByte;
    });
    std::vector<double> rowEnds;  // the right end of the last label on each row, in pixels
    for (const std::size_t index : order) {
        QCPItemText& text = *workloadTexts_[index];
        const double x = xAxis->coordToPixel(workloads_[index].flopsPerByte);
        const double width = QFontMetricsF(text.font()).horizontalAdvance(text.text()) +
                             text.padding().left() + text.padding().right();
        const bool extendsLeft = x > area.center().x();
        const double left = extendsLeft ? x - width : x;
        std::size_t row = 0;
        while (row < rowEnds.size() && rowEnds[row] > left) ++row;
        if (row == rowEnds.size()) rowEnds.push_back(0.0);
        rowEnds[row] = left + width + lineHeight;
        text.setPositionAlignment((extendsLeft ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignBottom);
        text.position->setCoords(workloads_[index].flopsPerByte, area.top() - row * lineHeight);
    }
    const int margin = rowEnds.empty() ? 0 : int(std::ceil(rowEnds.size() * lineHeight)) + 4;
    if (axisRect()->minimumMargins().top() != margin) {
        axisRect()->setMinimumMargins(QMargins(0, margin, 0, 0));
        replot(rpQueuedReplot);
    }
}

void RooflinePlot::placeLabels() {
    placeWorkloadLabels();
    // Slope labels lie along their slope: the angle in pixels depends on the plot's shape.
    for (std::size_t index = 0; index < slopeTexts_.size(); ++index) {
        const auto [from, to] = slopeSpans_[index];
        const double bandwidth = slopeBandwidths_[index];
        const double x0 = xAxis->coordToPixel(from);
        const double y0 = yAxis->coordToPixel(from * bandwidth);
        const double x1 = xAxis->coordToPixel(to);
        const double y1 = yAxis->coordToPixel(to * bandwidth);
        const double degrees = std::atan2(y1 - y0, x1 - x0) * 180.0 / std::numbers::pi;
        const double at = logMix(from, to, kSlopeLabelShare);
        slopeTexts_[index]->position->setCoords(at, at * bandwidth);
        slopeTexts_[index]->setRotation(degrees);
    }
    std::vector<AnchoredLabel> labels;
    const double logLow = std::log(xAxis->range().lower);
    const double logSpan = std::log(xAxis->range().upper) - logLow;
    for (std::size_t index = 0; index < points_.size(); ++index) {
        const Point& point = points_[index];
        const double share = (std::log(point.flopsPerByte) - logLow) / logSpan;
        labels.push_back(
            {pointTexts_[index], point.flopsPerByte, point.gflops, share > kLabelsLeftFromShare});
    }
    placeLabelsApart(*this, labels, fontMetrics().height() * kLabelGapLines);
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
