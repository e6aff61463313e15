#pragma once

#include <qcustomplot.h>

#include <vector>

#include "logic/AdderCircuits.h"
#include "logic/EventSimulation.h"

namespace mlsyslab::widgets {

// The timing diagram of one simulation run, as a logic analyser shows it: one lane per wire,
// carries c1..cW at the top (cW is the C flag), then the sums s0..s{W-1} (s{W-1} is N), then
// the V and Z flags up to 16 bits (beyond, the lanes are too thin for more); each lane a step
// line from t = 0 through every change the engine recorded, on to the end of the time axis,
// which runs to the adder's worst case (its critical-path delay).
// A vertical cursor marks the time shown, dots mark the changes at that time, and a dashed line
// marks the worst case. Clicking the plot asks for the clicked time.
//
// Lane k's graph holds (time, baseline + value * kHighLevel) points: (0, value at t = 0), one
// point per change (time > 0) and one at the end of the axis with the final value.
class AdderTimingPlot : public QCustomPlot {
    Q_OBJECT
public:
    static constexpr double kHighLevel = 0.6;

    struct Lane {
        QString name;
        logic::SignalId signal = -1;
        double baseline = 0;
        QCPGraph* graph = nullptr;
        int group = 0;  // 0 carries, 1 sums, 2 flags
    };

    explicit AdderTimingPlot(QWidget* parent = nullptr);

    void setRun(const logic::AdderCircuit& adder, const logic::SimulationRun& run,
                int worstCaseTime);
    void setShownTime(int time);

    const std::vector<Lane>& lanes() const { return lanes_; }
    int shownTime() const { return shownTime_; }
    int timeAxisEnd() const { return timeAxisEnd_; }
    // The graph of dots on the lanes that change at the shown time.
    QCPGraph* changesGraph() const { return changes_; }

signals:
    void timeClicked(int time);

protected:
    void changeEvent(QEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;

private:
    void applyStyle();
    void placeChangeDots();
    void fitHeight();

    std::vector<Lane> lanes_;
    std::vector<std::vector<bool>> valuesByTime_;  // the run's snapshots, by time
    std::vector<std::vector<logic::SignalId>> changedByTime_;
    QCPGraph* changes_ = nullptr;
    QCPItemStraightLine* cursor_ = nullptr;
    QCPItemStraightLine* worstCaseLine_ = nullptr;
    QCPItemText* worstCaseLabel_ = nullptr;
    int shownTime_ = 0;
    int timeAxisEnd_ = 1;
    int worstCaseTime_ = 0;
    bool applyingStyle_ = false;
};

}  // namespace mlsyslab::widgets
