#include "matmul/BenchPlot.h"

#include <algorithm>
#include <cmath>

#include "common/DisplayStyle.h"
#include "matmul/MatmulColors.h"
#include "matmul/PlotItemTexts.h"
#include "matmul/MatmulText.h"
#include "matmul/PlotLabels.h"
#include "matmul/SeedExperiment.h"

namespace mlsyslab::widgets {

namespace {

constexpr double kSizeMargin = 1.5;   // room left and right of the smallest and largest size
constexpr double kSpeedMargin = 2.5;  // room below the slowest point and above the fastest
constexpr double kEmptyLowGflops = 0.1;
constexpr double kEmptyHighGflops = 1000.0;
constexpr double kPointDiameterLines = 0.5;
constexpr double kLabelGapLines = 0.6;

}  // namespace

BenchPlot::BenchPlot(QWidget* parent) : QCustomPlot(parent) {
    setObjectName(QStringLiteral("benchPlot"));
    xAxis->setScaleType(QCPAxis::stLogarithmic);
    xAxis->setLabel(tr("matrix size N (N×N times N×N, log scale)"));
    auto sizeTicker = QSharedPointer<QCPAxisTickerLog>::create();
    sizeTicker->setLogBase(2);
    sizeTicker->setSubTickCount(0);
    xAxis->setTicker(sizeTicker);
    xAxis->setNumberFormat(QStringLiteral("f"));
    xAxis->setNumberPrecision(0);
    yAxis->setScaleType(QCPAxis::stLogarithmic);
    yAxis->setLabel(tr("GFLOPS (log scale)"));
    auto speedTicker = QSharedPointer<QCPAxisTickerLog>::create();
    speedTicker->setSubTickCount(8);
    yAxis->setTicker(speedTicker);
    yAxis->setNumberFormat(QStringLiteral("gb"));
    // The legend in a column of its own, right of the plot, at its top and as tall as its
    // entries (the empty element below takes the rest): it never covers a point.
    axisRect()->insetLayout()->take(legend);
    auto* side = new QCPLayoutGrid;
    plotLayout()->addElement(0, 1, side);
    plotLayout()->setColumnStretchFactor(1, 0.001);
    side->addElement(0, 0, legend);
    side->addElement(1, 0, new QCPLayoutElement(this));
    side->setRowStretchFactor(0, 0.001);
    side->setMargins(QMargins(0, 4, 4, 0));
    legend->setVisible(true);
    legend->setRowSpacing(2);
    connect(this, &QCustomPlot::afterLayout, this, [this] {
        // Towards the middle of the plot from the diamonds, so they stay inside.
        const double pointX = xAxis->coordToPixel(double(kSeedMatrixSize));
        const bool leftOfPoint = pointX > axisRect()->rect().center().x();
        std::vector<AnchoredLabel> labels;
        for (std::size_t index = 0; index < seedTexts_.size(); ++index) {
            labels.push_back({seedTexts_[index], double(kSeedMatrixSize),
                              seedGflops(kSeedFigures[index]), leftOfPoint});
        }
        placeLabelsApart(*this, labels, fontMetrics().height() * kLabelGapLines);
    });
    fitRanges();
    restyle();
}

void BenchPlot::setBackends(const std::vector<std::string>& names) {
    clearGraphs();
    seedGraph_ = nullptr;
    peakGraphs_.clear();
    backends_ = names;
    for (const std::string& name : backends_) {
        QCPGraph* graph = addGraph();
        graph->setName(QString::fromStdString(name));
        graph->setLineStyle(QCPGraph::lsLine);
    }
    rebuildSeedMarks();
    rebuildPeakMarks();
    fitRanges();
    restyle();
}

void BenchPlot::setSizeRange(std::int64_t smallest, std::int64_t largest) {
    smallestSize_ = std::max<std::int64_t>(smallest, 1);
    largestSize_ = std::max(largest, smallestSize_);
    fitRanges();
    replot(rpQueuedReplot);
}

QCPGraph* BenchPlot::graphOf(const std::string& backend) const {
    const auto found = std::find(backends_.begin(), backends_.end(), backend);
    if (found == backends_.end()) return nullptr;
    return graph(int(found - backends_.begin()));
}

void BenchPlot::addResult(const matmul::MatmulBenchResult& result) {
    const bool measured =
        result.status == matmul::BenchStatus::Ok || result.status == matmul::BenchStatus::Wrong;
    QCPGraph* graph = graphOf(result.backend);
    if (!measured || graph == nullptr || result.gflops <= 0.0) return;
    // Square products in this view; a cube root keeps other shapes on the same axis.
    const double size =
        std::cbrt(double(result.shape.m) * double(result.shape.n) * double(result.shape.k));
    graph->addData(size, result.gflops);
    fitRanges();
    replot(rpQueuedReplot);
}

void BenchPlot::setPeaks(double oneThreadGflops, double allThreadsGflops, unsigned threads) {
    oneThreadPeak_ = oneThreadGflops;
    allThreadsPeak_ = allThreadsGflops;
    threads_ = threads;
    rebuildPeakMarks();
    fitRanges();
    restyle();
}

void BenchPlot::setSeedFiguresShown(bool shown) {
    seedShown_ = shown;
    rebuildSeedMarks();
    fitRanges();
    restyle();
}

int BenchPlot::pointCount(const std::string& backend) const {
    const QCPGraph* graph = graphOf(backend);
    return graph != nullptr ? graph->dataCount() : 0;
}

QStringList BenchPlot::backendsPlotted() const {
    QStringList names;
    for (const std::string& name : backends_) names << QString::fromStdString(name);
    return names;
}

QStringList BenchPlot::seedLabels() const {
    return itemTexts(seedTexts_);
}

QStringList BenchPlot::peakLabels() const {
    QStringList labels;
    for (const QCPGraph* peak : peakGraphs_) labels << peak->name();
    return labels;
}

void BenchPlot::rebuildPeakMarks() {
    for (QCPGraph* peak : peakGraphs_) removeGraph(peak);
    peakGraphs_.clear();
    // Graphs rather than labelled lines: their names go in the legend, beside the plot, where
    // no label can cover a point (the figures are in the machine line above the plot).
    const auto addPeak = [this](double gflops, const QString& name) {
        if (gflops <= 0.0) return;
        QCPGraph* peak = addGraph();
        peak->setName(name);
        peak->setLineStyle(QCPGraph::lsLine);
        peak->setProperty("peakGflops", gflops);
        peakGraphs_.push_back(peak);
    };
    addPeak(oneThreadPeak_, tr("FMA peak, 1 thread"));
    if (threads_ > 1 && allThreadsPeak_ > oneThreadPeak_ * 1.05)
        addPeak(allThreadsPeak_, tr("FMA peak, %1 threads").arg(threads_));
}

void BenchPlot::rebuildSeedMarks() {
    for (QCPItemText* text : seedTexts_) removeItem(text);
    seedTexts_.clear();
    if (seedGraph_ != nullptr) removeGraph(seedGraph_);
    seedGraph_ = nullptr;
    if (!seedShown_) return;
    seedGraph_ = addGraph();
    seedGraph_->setName(tr("seed: RTX 4090"));
    seedGraph_->setLineStyle(QCPGraph::lsNone);
    for (const SeedFigure& figure : kSeedFigures) {
        seedGraph_->addData(double(kSeedMatrixSize), seedGflops(figure));
        auto* text = new QCPItemText(this);
        text->setText(tr("seed: RTX 4090, %1 %2")
                          .arg(QString::fromUtf8(figure.what), durationText(figure.seconds)));
        text->setSelectable(false);
        seedTexts_.push_back(text);
    }
}

void BenchPlot::fitRanges() {
    double smallest = double(smallestSize_);
    double largest = double(largestSize_);
    if (seedShown_) {
        smallest = std::min(smallest, double(kSeedMatrixSize));
        largest = std::max(largest, double(kSeedMatrixSize));
    }
    // A single size still gets a range an octave wide.
    xAxis->setRange(smallest / kSizeMargin, std::max(largest * kSizeMargin, smallest * 2.0));
    // The peaks span the plot, whatever its range.
    for (QCPGraph* peak : peakGraphs_) {
        const double gflops = peak->property("peakGflops").toDouble();
        peak->setData({xAxis->range().lower, xAxis->range().upper}, {gflops, gflops});
    }
    double low = 0.0;
    double high = 0.0;
    const auto include = [&](double gflops) {
        if (gflops <= 0.0) return;
        low = low == 0.0 ? gflops : std::min(low, gflops);
        high = std::max(high, gflops);
    };
    for (int index = 0; index < graphCount(); ++index) {
        for (auto point = graph(index)->data()->constBegin();
             point != graph(index)->data()->constEnd(); ++point)
            include(point->value);
    }
    include(oneThreadPeak_);
    include(allThreadsPeak_);
    if (low == 0.0) {
        yAxis->setRange(kEmptyLowGflops, kEmptyHighGflops);
        return;
    }
    yAxis->setRange(low / kSpeedMargin, high * kSpeedMargin);
}

void BenchPlot::restyle() {
    const DisplayStyle style = displayStyleOf(*this);
    const QPalette palette = paletteFor(style, this->palette());
    applyPlotStyle(*this, style);
    const double pointSize = fontMetrics().height() * kPointDiameterLines;
    for (std::size_t index = 0; index < backends_.size(); ++index) {
        const QColor color = backendColor(backends_[index], palette);
        graph(int(index))->setPen(QPen(color, style.plotPenWidth));
        graph(int(index))
            ->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, color, color, pointSize));
    }
    const QColor ink = palette.color(QPalette::Text);
    if (seedGraph_ != nullptr) {
        seedGraph_->setPen(QPen(ink, style.plotPenWidth));
        seedGraph_->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDiamond,
                                                    QPen(ink, style.plotPenWidth), Qt::NoBrush,
                                                    pointSize * 1.6));
    }
    QColor labelBackground = palette.color(QPalette::Base);
    labelBackground.setAlpha(225);
    for (std::size_t index = 0; index < peakGraphs_.size(); ++index) {
        // The all-threads peak dashed, the one-thread peak dotted.
        peakGraphs_[index]->setPen(
            QPen(ink, style.plotPenWidth * 0.75, index == 0 ? Qt::DotLine : Qt::DashLine));
    }
    for (QCPItemText* text : seedTexts_) {
        text->setFont(font());
        text->setColor(ink);
        text->setBrush(labelBackground);
        text->setPadding(QMargins(3, 1, 3, 1));
    }
    legend->setBrush(palette.color(QPalette::Base));
    legend->setBorderPen(QPen(palette.color(QPalette::Mid)));
    legend->setTextColor(ink);
    replot(rpQueuedReplot);
}

}  // namespace mlsyslab::widgets
