#include "logic/FpAddHardwareChart.h"

#include <qcustomplot.h>

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>
#include <algorithm>
#include <array>

#include "common/DisplayStyle.h"
#include "logic/FpAddStageStrip.h"

namespace mlsyslab::widgets {

namespace {

using logic::FloatAdderHardware;
using logic::FloatAdderStage;

// One colour per seed step (blocks without one are drawn as unpack and pack), from Okabe & Ito
// (2008), "Color Universal Design", readable on light and dark backgrounds and by colour-blind
// students; unpack and pack in grey.
struct Segment {
    int seedStep;
    FloatAdderStage stage;  // for the name; Unpack stands for unpack, special cases and pack
    QColor color;
};
const std::array kSegments = {
    Segment{1, FloatAdderStage::CompareAndSwap, QColor(0xE6, 0x9F, 0x00)},   // orange
    Segment{2, FloatAdderStage::Align, QColor(0x56, 0xB4, 0xE9)},            // sky blue
    Segment{3, FloatAdderStage::AddSignificands, QColor(0x00, 0x9E, 0x73)},  // green
    Segment{4, FloatAdderStage::Normalize, QColor(0x00, 0x72, 0xB2)},        // blue
    Segment{5, FloatAdderStage::Round, QColor(0xCC, 0x79, 0xA7)},            // purple
    Segment{0, FloatAdderStage::Unpack, QColor(0x99, 0x99, 0x99)},           // grey
};
// The integer adders are the same kind of circuit as step 3's significand adder: same colour.
constexpr std::size_t kAddSegment = 2;
constexpr double kBarWidth = 0.62;
constexpr double kHeadroom = 1.3;  // room right of the longest bar for its number
constexpr int kPlotLines = 9;      // each plot's height, in lines of text

const Segment& segmentOf(int seedStep) {
    for (const Segment& segment : kSegments) {
        if (segment.seedStep == seedStep) return segment;
    }
    return kSegments.back();
}

QString segmentName(const Segment& segment) {
    return segment.seedStep == 0 ? FpAddHardwareChart::tr("unpack, special cases, pack")
                                 : stageBoxText(segment.stage, false);
}

int measureOf(const logic::HardwareBlock& block, bool depth) {
    if (!depth) return block.cost.gates;
    return block.onCriticalPath ? block.cost.depth : 0;
}

}  // namespace

FpAddHardwareChart::FpAddHardwareChart(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    // One legend for both charts, above them, so the two plots get the same height.
    legend_ = new QLabel(this);
    legend_->setObjectName(QStringLiteral("chartLegend"));
    legend_->setTextFormat(Qt::RichText);
    legend_->setWordWrap(true);
    layout->addWidget(legend_);
    auto* plots = new QHBoxLayout;
    gatesPlot_ = new QCustomPlot(this);
    gatesPlot_->setObjectName(QStringLiteral("gatesPlot"));
    depthPlot_ = new QCustomPlot(this);
    depthPlot_->setObjectName(QStringLiteral("depthPlot"));
    gatesPlot_->xAxis->setLabel(tr("gates"));
    depthPlot_->xAxis->setLabel(tr("depth: gate levels (time)"));
    for (QCustomPlot* plot : {gatesPlot_, depthPlot_}) {
        plot->legend->setVisible(false);
        plot->yAxis->grid()->setVisible(false);
        plot->yAxis->setTickLength(0, 0);
        plot->yAxis->setSubTickLength(0, 0);
        plots->addWidget(plot);
    }
    layout->addLayout(plots);
    restyle();
}

void FpAddHardwareChart::showHardware(const FloatAdderHardware& hardware) {
    hardware_ = hardware;
    restyle();
}

void FpAddHardwareChart::clear() {
    hardware_.reset();
    for (QCustomPlot* plot : {gatesPlot_, depthPlot_}) {
        plot->clearPlottables();
        plot->clearItems();
        plot->replot();
    }
}

void FpAddHardwareChart::fill(QCustomPlot& plot, Measure measure) {
    plot.clearPlottables();
    plot.clearItems();
    if (!hardware_) return;
    const FloatAdderHardware& hardware = *hardware_;
    const bool depth = measure == Measure::Depth;
    const QColor separator = plot.palette().color(QPalette::Base);
    const QColor ink = plot.palette().color(QPalette::Text);

    // One segment per block, in datapath order, so the depth bar is the critical path walked
    // block after block; coloured by the step each block serves.
    QCPBars* below = nullptr;
    int floatTotal = 0;
    for (const logic::HardwareBlock& block : hardware.blocks) {
        const int value = measureOf(block, depth);
        auto* bars = new QCPBars(plot.yAxis, plot.xAxis);
        bars->setName(QString::fromStdString(block.name));
        bars->setWidth(kBarWidth);
        bars->setBrush(segmentOf(block.seedStep).color);
        bars->setPen(QPen(separator, 1.5));
        bars->addData(kFloatKey, value);
        bars->removeFromLegend();
        if (below != nullptr) bars->moveAbove(below);
        below = bars;
        floatTotal += value;
    }
    const auto& ripple = hardware.integerRipple.cost;
    const auto& lookahead = hardware.integerLookahead.cost;
    const int rippleValue = depth ? ripple.depth : ripple.gates;
    const int lookaheadValue = depth ? lookahead.depth : lookahead.gates;
    auto* integer = new QCPBars(plot.yAxis, plot.xAxis);
    integer->setName(tr("integer adder"));
    integer->setWidth(kBarWidth);
    integer->setBrush(kSegments[kAddSegment].color);
    integer->setPen(QPen(separator, 1.5));
    integer->addData(kRippleKey, rippleValue);
    integer->addData(kLookaheadKey, lookaheadValue);
    integer->removeFromLegend();

    QFont numberFont = plot.font();
    numberFont.setBold(true);
    const std::array<std::pair<double, int>, 3> totals = {std::pair{kFloatKey, floatTotal},
                                                          std::pair{kRippleKey, rippleValue},
                                                          std::pair{kLookaheadKey, lookaheadValue}};
    for (const auto& [key, value] : totals) {
        auto* label = new QCPItemText(&plot);
        label->position->setCoords(value, key);
        label->setPositionAlignment(Qt::AlignLeft | Qt::AlignVCenter);
        label->setText(QStringLiteral(" %1").arg(value));
        label->setFont(numberFont);
        label->setColor(ink);
        // A long number may reach past the axis into the plot's margin.
        label->setClipToAxisRect(false);
    }

    const QString name = QString::fromUtf8(hardware.format.name.data(),
                                           static_cast<qsizetype>(hardware.format.name.size()))
                             .toUpper();
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    ticker->addTick(kFloatKey, tr("%1 adder").arg(name));
    ticker->addTick(kRippleKey, tr("%1-bit ripple").arg(hardware.integerRipple.width));
    ticker->addTick(kLookaheadKey, tr("%1-bit lookahead").arg(hardware.integerLookahead.width));
    plot.yAxis->setTicker(ticker);
    plot.yAxis->setRange(kLookaheadKey - 0.6, kFloatKey + 0.6);
    const int longest = std::max({floatTotal, rippleValue, lookaheadValue, 1});
    plot.xAxis->setRange(0, longest * kHeadroom);
}

void FpAddHardwareChart::restyle() {
    restyling_ = true;
    const DisplayStyle style = displayStyleOf(*this);
    const int line = fontMetrics().height();
    for (QCustomPlot* plot : {gatesPlot_, depthPlot_}) {
        // Set, not inherited: applyPlotStyle reads the plot's own palette and font.
        plot->setPalette(palette());
        plot->setFont(font());
        fill(*plot, plot == gatesPlot_ ? Measure::Gates : Measure::Depth);
        applyPlotStyle(*plot, style);
        plot->replot();
    }
    for (QCustomPlot* plot : {gatesPlot_, depthPlot_}) plot->setMinimumHeight(line * kPlotLines);
    // The legend: a square in each segment's colour and its name.
    QStringList entries;
    for (const Segment& segment : kSegments) {
        entries << QStringLiteral("<span style=\"color:%1\">\u25A0</span>&nbsp;%2")
                       .arg(segment.color.name(), segmentName(segment).toHtmlEscaped());
    }
    legend_->setText(entries.join(QStringLiteral("&nbsp;&nbsp; ")));
    restyling_ = false;
}

void FpAddHardwareChart::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    const bool styleChanged =
        event->type() == QEvent::FontChange || event->type() == QEvent::PaletteChange;
    if (styleChanged && !restyling_) restyle();
}

}  // namespace mlsyslab::widgets
