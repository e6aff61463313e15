#pragma once

#include <QStringList>
#include <QWidget>
#include <cstdint>

#include "logic/AdderCircuits.h"
#include "logic/EventSimulation.h"

class QLabel;

namespace mlsyslab::widgets {

class FlagBadge;

// What the adder simulator reads out at the shown moment. Every number comes from the engine:
// the outcome read from the shown snapshot's wires and from the settled ones, the run's
// settle time and the circuit's worst case, gate count and depth.
struct AdderReadoutData {
    int width = 8;
    bool subtracting = false;
    std::uint64_t a = 0;
    std::uint64_t b = 0;
    logic::AdderOutcome shown;    // the output wires at the shown time
    logic::AdderOutcome settled;  // the same once the run is over
    int shownTime = 0;
    int settleTime = 0;
    int worstCaseTime = 0;  // Netlist::criticalPathDelay()
    int gateCount = 0;
    int depth = 0;
    int gateEvaluations = 0;
    QStringList glitches;  // wires that changed more than once in this run
};

// The readouts of one run at `time`, all read from the engine's values.
AdderReadoutData readoutDataAt(const logic::AdderCircuit& adder, const logic::SimulationRun& run,
                               int time, std::uint64_t a, std::uint64_t b, bool subtracting);

// The sum as bits with its unsigned and signed readings (and whether it has settled yet), the
// sum worked as an equation (for subtraction: A − B = A + NOT B + 1), the four flags, and the
// run's timing and the circuit's cost.
//
// Child object names (tests rely on them): sumBits, sumValues, settledNote, equation, flagC,
// flagV, flagZ, flagN (FlagBadges), timing, cost.
class AdderReadouts : public QWidget {
    Q_OBJECT
public:
    explicit AdderReadouts(QWidget* parent = nullptr);

    void setData(const AdderReadoutData& data);
    const AdderReadoutData& data() const { return data_; }

protected:
    void changeEvent(QEvent* event) override;

private:
    void applyFonts();
    void refresh();

    AdderReadoutData data_;
    QLabel* sumBits_;
    QLabel* sumValues_;
    QLabel* settledNote_;
    QLabel* equation_;
    FlagBadge* flagC_;
    FlagBadge* flagV_;
    FlagBadge* flagZ_;
    FlagBadge* flagN_;
    QLabel* flagMeaning_;
    QLabel* timing_;
    QLabel* cost_;
};

}  // namespace mlsyslab::widgets
