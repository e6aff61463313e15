#include "memory/LatencyLadderPlot.h"

#include <QCoreApplication>
#include <algorithm>
#include <cmath>

#include "common/DisplayStyle.h"
#include "memory/MemoryColors.h"
#include "memory/ProbeText.h"

namespace mlsyslab::widgets {

namespace {

using memory::HierarchyLevel;

QString tr(const char* text) { return QCoreApplication::translate("LatencyLadderPlot", text); }

// The cycle axis: from just under 1 (registers' bar is visible) to past 10,000, far enough for
// the longest bar's text to fit to its right (fitRangeToLabels).
constexpr double kLowestCycles = 0.6;
constexpr double kLeastHighestCycles = 3e4;
constexpr double kTextMarginPixels = 12.0;
constexpr double kLabelGap = 1.25;       // a bar's text starts this factor past its end
constexpr double kSingleBarWidth = 0.6;  // in rows
constexpr double kPairedBarWidth = 0.38;
constexpr double kPairOffset = 0.2;  // lecture bar above the row's centre, measured below
constexpr double kRowMargin = 0.55;
// Height in lines of text: per row (one bar or a lecture and a measured bar, each with its
// text), plus the axis, its labels and a margin.
constexpr double kSingleRowLines = 1.9;
constexpr double kPairedRowLines = 2.8;
constexpr double kAxisLines = 4.0;

MemoryRole roleOf(HierarchyLevel level) {
    switch (level) {
        case HierarchyLevel::Registers:
            return MemoryRole::Registers;
        case HierarchyLevel::L1:
            return MemoryRole::L1;
        case HierarchyLevel::L2:
            return MemoryRole::L2;
        case HierarchyLevel::L3:
            return MemoryRole::L3;
        case HierarchyLevel::Ram:
            return MemoryRole::Dram;
        case HierarchyLevel::Ssd:
            return MemoryRole::Storage;
    }
    return MemoryRole::Dram;
}

double lectureCycles(HierarchyLevel level) {
    return memory::kLectureLatencies.at(std::size_t(level)).cycles;
}

bool measurable(HierarchyLevel level) {
    return memory::kLectureLatencies.at(std::size_t(level)).measurable;
}

}  // namespace

QString hierarchyLevelName(HierarchyLevel level) {
    switch (level) {
        case HierarchyLevel::Registers:
            return tr("Registers");
        case HierarchyLevel::L1:
            return tr("L1 cache");
        case HierarchyLevel::L2:
            return tr("L2 cache");
        case HierarchyLevel::L3:
            return tr("L3 cache");
        case HierarchyLevel::Ram:
            return tr("RAM");
        case HierarchyLevel::Ssd:
            return tr("SSD");
    }
    return {};
}

QString lectureLatencyText(double cycles, bool analogy) {
    const QString text = cyclesText(cycles);
    return analogy ? QStringLiteral("%1 · %2").arg(text, humanDurationText(cycles)) : text;
}

QString measuredLatencyText(double nanoseconds, double cycles, bool analogy) {
    if (cycles <= 0.0) return nanosecondsText(nanoseconds);
    QString text = QStringLiteral("%1 · %2").arg(cyclesText(cycles), nanosecondsText(nanoseconds));
    if (analogy) text += QStringLiteral(" · %1").arg(humanDurationText(cycles));
    return text;
}

LatencyLadderPlot::LatencyLadderPlot(QWidget* parent) : QCustomPlot(parent) {
    setObjectName(QStringLiteral("ladderPlot"));
    xAxis->setScaleType(QCPAxis::stLogarithmic);
    xAxis->setRange(kLowestCycles, kLeastHighestCycles);
    xAxis->setLabel(tr("cycles (log scale: each step is 10 times the one before)"));
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    for (const double cycles : {1.0, 10.0, 100.0, 1000.0, 10000.0}) {
        ticker->addTick(cycles, cyclesText(cycles).section(QLatin1Char(' '), 0, 0));
    }
    ticker->setSubTickCount(0);
    xAxis->setTicker(ticker);
    yAxis->setRangeReversed(true);
    yAxis->grid()->setVisible(false);
    for (const HierarchyLevel level :
         {HierarchyLevel::Registers, HierarchyLevel::L1, HierarchyLevel::L2, HierarchyLevel::L3,
          HierarchyLevel::Ram, HierarchyLevel::Ssd}) {
        levels_.push_back(level);
    }
    rebuild();
    connect(this, &QCustomPlot::afterLayout, this, &LatencyLadderPlot::fitRangeToLabels);
}

void LatencyLadderPlot::fitRangeToLabels() {
    const double width = axisRect()->width();
    if (width <= 0.0) return;
    // Text starting `start` decades from the left end and `textWidth` pixels wide fits when
    // start × width / decades + textWidth ≤ width.
    const double lowest = std::log10(kLowestCycles);
    double decades = std::log10(kLeastHighestCycles) - lowest;
    for (const auto& texts : {lectureTexts_, measuredTexts_}) {
        for (const auto& [level, text] : texts) {
            const double start = std::log10(text->position->coords().x()) - lowest;
            const double textWidth = QFontMetricsF(text->font()).horizontalAdvance(text->text()) +
                                     text->padding().left() + text->padding().right() +
                                     kTextMarginPixels;
            if (textWidth < width) decades = std::max(decades, start * width / (width - textWidth));
        }
    }
    xAxis->setRange(kLowestCycles, kLowestCycles * std::pow(10.0, decades));
}

void LatencyLadderPlot::setLevels(const std::vector<HierarchyLevel>& levels) {
    levels_ = levels;
    rebuild();
}

void LatencyLadderPlot::setAnalogy(bool shown) {
    analogy_ = shown;
    rebuild();
}

void LatencyLadderPlot::setMeasuredShown(bool shown) {
    measuredShown_ = shown;
    rebuild();
}

void LatencyLadderPlot::setMeasured(const std::map<HierarchyLevel, Measured>& measured) {
    measured_ = measured;
    rebuild();
}

void LatencyLadderPlot::setMeasuring(bool running) {
    measuring_ = running;
    rebuild();
}

QString LatencyLadderPlot::lectureLabel(HierarchyLevel level) const {
    const auto found = lectureTexts_.find(level);
    return found == lectureTexts_.end() ? QString() : found->second->text();
}

QString LatencyLadderPlot::measuredLabel(HierarchyLevel level) const {
    const auto found = measuredTexts_.find(level);
    return found == measuredTexts_.end() ? QString() : found->second->text();
}

std::optional<LatencyLadderPlot::Measured> LatencyLadderPlot::measured(HierarchyLevel level) const {
    const auto found = measured_.find(level);
    if (found == measured_.end()) return std::nullopt;
    return found->second;
}

void LatencyLadderPlot::rebuild() {
    clearPlottables();
    clearItems();
    lectureBars_.clear();
    measuredBars_.clear();
    lectureTexts_.clear();
    measuredTexts_.clear();
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    const double barWidth = measuredShown_ ? kPairedBarWidth : kSingleBarWidth;
    for (std::size_t row = 0; row < levels_.size(); ++row) {
        const HierarchyLevel level = levels_[row];
        ticker->addTick(double(row), hierarchyLevelName(level));
        const double lectureKey = measuredShown_ ? double(row) - kPairOffset : double(row);
        auto* lecture = new QCPBars(yAxis, xAxis);
        lecture->setWidth(barWidth);
        lecture->setBaseValue(kLowestCycles);
        // A bar grows from its base value by its value.
        lecture->addData(lectureKey, lectureCycles(level) - kLowestCycles);
        lecture->setProperty("level", int(level));
        lectureBars_.push_back(lecture);
        auto* lectureText = new QCPItemText(this);
        lectureText->position->setCoords(lectureCycles(level) * kLabelGap, lectureKey);
        lectureText->setPositionAlignment(Qt::AlignLeft | Qt::AlignVCenter);
        lectureText->setText(lectureLatencyText(lectureCycles(level), analogy_));
        lectureText->setProperty("level", int(level));
        lectureTexts_[level] = lectureText;
        if (!measuredShown_) continue;

        const double measuredKey = double(row) + kPairOffset;
        auto* measuredText = new QCPItemText(this);
        measuredText->setPositionAlignment(Qt::AlignLeft | Qt::AlignVCenter);
        measuredText->setProperty("level", int(level));
        measuredText->setProperty("measured", true);
        const auto found = measured_.find(level);
        if (found != measured_.end()) {
            const Measured& value = found->second;
            const double barCycles = value.cycles > 0.0 ? value.cycles : value.nanoseconds;
            auto* bar = new QCPBars(yAxis, xAxis);
            bar->setWidth(barWidth);
            bar->setBaseValue(kLowestCycles);
            bar->addData(measuredKey, std::max(0.0, barCycles - kLowestCycles));
            bar->setProperty("level", int(level));
            measuredBars_.push_back(bar);
            measuredText->position->setCoords(barCycles * kLabelGap, measuredKey);
            measuredText->setText(measuredLatencyText(value.nanoseconds, value.cycles, analogy_));
        } else {
            measuredText->position->setCoords(kLowestCycles * kLabelGap, measuredKey);
            measuredText->setText(measuring_ && measurable(level) ? tr("measuring…")
                                                                  : tr("not measured"));
            measuredText->setProperty("muted", true);
        }
        measuredTexts_[level] = measuredText;
    }
    yAxis->setTicker(ticker);
    yAxis->setRange(-kRowMargin, double(levels_.size()) - 1.0 + kRowMargin);
    restyle();
}

void LatencyLadderPlot::fitHeightToRows() {
    const double rowLines = measuredShown_ ? kPairedRowLines : kSingleRowLines;
    const double lines = double(levels_.size()) * rowLines + kAxisLines;
    setMinimumHeight(int(std::ceil(lines * fontMetrics().height())));
}

void LatencyLadderPlot::restyle() {
    const DisplayStyle style = displayStyleOf(*this);
    const QPalette palette = paletteFor(style, this->palette());
    applyPlotStyle(*this, style);
    yAxis->setTickPen(Qt::NoPen);
    yAxis->setSubTickPen(Qt::NoPen);
    QFont boldFont = font();
    boldFont.setBold(true);
    for (QCPBars* bar : lectureBars_) {
        const MemoryRole role = roleOf(HierarchyLevel(bar->property("level").toInt()));
        bar->setPen(QPen(memoryColor(role, palette), 1.0));
        bar->setBrush(memoryColor(role, palette));
    }
    for (QCPBars* bar : measuredBars_) {
        const MemoryRole role = roleOf(HierarchyLevel(bar->property("level").toInt()));
        bar->setPen(QPen(memoryColor(role, palette), style.plotPenWidth));
        bar->setBrush(memoryFill(role, palette));
    }
    fitHeightToRows();
    QColor muted = palette.color(QPalette::Text);
    muted.setAlphaF(0.6);
    for (const auto& texts : {lectureTexts_, measuredTexts_}) {
        for (const auto& [level, text] : texts) {
            const bool isMuted = text->property("muted").toBool();
            QFont textFont = isMuted ? font() : boldFont;
            textFont.setItalic(isMuted);
            text->setFont(textFont);
            text->setColor(isMuted ? muted : memoryColor(roleOf(level), palette));
        }
    }
    replot(rpQueuedReplot);
}

}  // namespace mlsyslab::widgets
