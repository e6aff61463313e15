#include "logic/AdderTimingPlot.h"

#include <algorithm>
#include <cmath>

#include "common/DisplayStyle.h"
#include "logic/LogicColors.h"

namespace mlsyslab::widgets {

namespace {

// Space between the carry, sum and flag groups, in lanes.
constexpr double kGroupGap = 0.5;
// A lane is about a text line high, so every label fits beside it up to 16 bits; the plot
// never grows past kMaximumHeightLines (a 32-bit adder then labels every second or fourth lane).
constexpr double kLaneHeightLines = 1.1;
constexpr int kMaximumHeightLines = 34;
constexpr int kAxisHeightLines = 4;
constexpr double kChangeDotScale = 0.6;  // of a text line
constexpr double kLabelBand = 1.0;       // above the lanes, in lanes
constexpr int kFlagLanesUpToBits = 16;
// The lane's height at time t.
double levelOf(const AdderTimingPlot::Lane& lane, bool value) {
    return lane.baseline + (value ? AdderTimingPlot::kHighLevel : 0.0);
}

}  // namespace

AdderTimingPlot::AdderTimingPlot(QWidget* parent) : QCustomPlot(parent) {
    xAxis->setLabel(tr("time (gate delays)"));
    auto ticker = QSharedPointer<QCPAxisTickerFixed>::create();
    ticker->setTickStep(1.0);
    ticker->setScaleStrategy(QCPAxisTickerFixed::ssMultiples);
    xAxis->setTicker(ticker);
    yAxis->setTicker(QSharedPointer<QCPAxisTickerText>::create());
    yAxis->grid()->setVisible(false);
    yAxis->setSubTicks(false);
    changes_ = addGraph();
    changes_->setName(QStringLiteral("changes"));
    changes_->setLineStyle(QCPGraph::lsNone);
    cursor_ = new QCPItemStraightLine(this);
    worstCaseLine_ = new QCPItemStraightLine(this);
    worstCaseLabel_ = new QCPItemText(this);
    worstCaseLabel_->setPositionAlignment(Qt::AlignRight | Qt::AlignTop);
    worstCaseLabel_->setText(tr("worst case"));
    worstCaseLabel_->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    setToolTip(tr("Click to show that moment."));
    applyStyle();
}

void AdderTimingPlot::setRun(const logic::AdderCircuit& adder, const logic::SimulationRun& run,
                             int worstCaseTime) {
    // The old lanes' graphs go; the changes graph stays first.
    for (const Lane& lane : lanes_) removeGraph(lane.graph);
    lanes_.clear();
    worstCaseTime_ = worstCaseTime;
    timeAxisEnd_ = std::max(worstCaseTime, run.settleTime) + 1;
    valuesByTime_.clear();
    changedByTime_.clear();
    for (const logic::TimeSnapshot& snapshot : run.snapshots) {
        valuesByTime_.push_back(snapshot.values);
        changedByTime_.push_back(snapshot.changed);
    }

    const auto name = [&](logic::SignalId signal) {
        return QString::fromStdString(adder.netlist.allSignals()[signal].name);
    };
    std::vector<std::vector<std::pair<QString, logic::SignalId>>> groups(3);
    for (int bit = 1; bit <= adder.width; ++bit) {
        const logic::SignalId carry = adder.carries[bit];
        groups[0].emplace_back(
            carry == adder.carryOut ? tr("%1 (C)").arg(name(carry)) : name(carry), carry);
    }
    for (int bit = 0; bit < adder.width; ++bit) {
        const logic::SignalId sum = adder.sum[bit];
        groups[1].emplace_back(sum == adder.negative ? tr("%1 (N)").arg(name(sum)) : name(sum),
                               sum);
    }
    // The flags' lanes only while every lane can still be labelled.
    if (adder.width <= kFlagLanesUpToBits) {
        groups[2].emplace_back(tr("V"), adder.overflow);
        groups[2].emplace_back(tr("Z"), adder.zero);
    }

    // Top to bottom: the first group's first lane has the highest baseline.
    double baseline = 0;
    for (int group = static_cast<int>(groups.size()) - 1; group >= 0; --group) {
        if (groups[group].empty()) continue;
        for (auto entry = groups[group].rbegin(); entry != groups[group].rend(); ++entry) {
            lanes_.push_back({entry->first, entry->second, baseline, nullptr, group});
            baseline += 1.0;
        }
        baseline += kGroupGap;
    }
    std::reverse(lanes_.begin(), lanes_.end());

    const std::vector<bool>& first = run.snapshots.front().values;
    const std::vector<bool>& last = run.finalValues();
    for (Lane& lane : lanes_) {
        lane.graph = addGraph();
        lane.graph->setName(lane.name);
        lane.graph->setLineStyle(QCPGraph::lsStepLeft);
        QVector<double> times{0.0};
        QVector<double> levels{levelOf(lane, first[lane.signal])};
        for (const logic::SignalEvent& event : run.events) {
            if (event.signal != lane.signal || event.time == 0) continue;
            times.push_back(event.time);
            levels.push_back(levelOf(lane, event.value));
        }
        if (times.back() < timeAxisEnd_) {
            times.push_back(timeAxisEnd_);
            levels.push_back(levelOf(lane, last[lane.signal]));
        }
        lane.graph->setData(times, levels, true);
    }
    xAxis->setRange(-0.3, timeAxisEnd_ + 0.3);
    // A lane's worth of room above the top lane for the "worst case" label.
    yAxis->setRange(-0.4, baseline - kGroupGap + kLabelBand);
    worstCaseLine_->point1->setCoords(worstCaseTime, 0);
    worstCaseLine_->point2->setCoords(worstCaseTime, 1);
    worstCaseLabel_->position->setCoords(worstCaseTime - 0.15, 0.0);
    shownTime_ = 0;
    applyStyle();
}

void AdderTimingPlot::setShownTime(int time) {
    shownTime_ = std::clamp(time, 0, timeAxisEnd_);
    cursor_->point1->setCoords(shownTime_, 0);
    cursor_->point2->setCoords(shownTime_, 1);
    placeChangeDots();
    replot();
}

void AdderTimingPlot::placeChangeDots() {
    QVector<double> times;
    QVector<double> levels;
    if (shownTime_ < static_cast<int>(changedByTime_.size())) {
        const auto& changed = changedByTime_[shownTime_];
        const auto& values = valuesByTime_[shownTime_];
        for (const Lane& lane : lanes_) {
            if (!std::binary_search(changed.begin(), changed.end(), lane.signal)) continue;
            times.push_back(shownTime_);
            levels.push_back(levelOf(lane, values[lane.signal]));
        }
    }
    changes_->setData(times, levels, true);
}

void AdderTimingPlot::fitHeight() {
    const int line = fontMetrics().height();
    const double laneSpan = std::max(1.0, yAxis->range().size());
    const int lanesHeight = static_cast<int>(std::min(
        laneSpan * kLaneHeightLines * line, double(kMaximumHeightLines - kAxisHeightLines) * line));
    setMinimumHeight(lanesHeight + kAxisHeightLines * line);
    setMaximumHeight(lanesHeight + kAxisHeightLines * line);
    // Label every lane when a label fits in one, else every second or fourth.
    const double lanePixels = lanesHeight / laneSpan;
    const int labelStep = lanePixels >= line * 0.95 ? 1 : lanePixels * 2 >= line * 0.95 ? 2 : 4;
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    int indexInGroup = 0;
    for (std::size_t index = 0; index < lanes_.size(); ++index) {
        if (index > 0 && lanes_[index].group != lanes_[index - 1].group) indexInGroup = 0;
        if (indexInGroup++ % labelStep != 0) continue;
        ticker->addTick(lanes_[index].baseline + kHighLevel / 2, lanes_[index].name);
    }
    yAxis->setTicker(ticker);
}

void AdderTimingPlot::applyStyle() {
    applyingStyle_ = true;
    const DisplayStyle style = displayStyleOf(*this);
    const QPalette& colors = palette();
    const QColor ink = colors.color(QPalette::Text);
    const QColor carryColor = colors.color(QPalette::Highlight);
    for (const Lane& lane : lanes_) {
        const bool carry = lane.name.startsWith(QLatin1Char('c'));
        lane.graph->setPen(QPen(carry ? carryColor : ink));
    }
    applyPlotStyle(*this, style);
    const QColor changedColor = wireColor(WireState::Changed, colors);
    const double dotSize = fontMetrics().height() * kChangeDotScale;
    changes_->setPen(QPen(changedColor));
    changes_->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssDisc, changedColor, changedColor, dotSize));
    cursor_->setPen(QPen(changedColor, style.plotPenWidth * 1.5));
    worstCaseLine_->setPen(QPen(ink, style.presentation ? 2.5 : 1.5, Qt::DashLine));
    worstCaseLabel_->setColor(ink);
    worstCaseLabel_->setFont(font());
    yAxis->setTickLength(0, 0);
    fitHeight();
    replot();
    applyingStyle_ = false;
}

void AdderTimingPlot::mousePressEvent(QMouseEvent* event) {
    QCustomPlot::mousePressEvent(event);
    const double time = xAxis->pixelToCoord(event->position().x());
    emit timeClicked(std::clamp(static_cast<int>(std::lround(time)), 0, timeAxisEnd_));
}

void AdderTimingPlot::changeEvent(QEvent* event) {
    QCustomPlot::changeEvent(event);
    const bool styleChanged =
        event->type() == QEvent::FontChange || event->type() == QEvent::PaletteChange;
    // applyPlotStyle sets fonts and colours on the plot's parts, not on the widget, so it
    // cannot recurse; the flag guards against a future change that would.
    if (styleChanged && !applyingStyle_) applyStyle();
}

}  // namespace mlsyslab::widgets
