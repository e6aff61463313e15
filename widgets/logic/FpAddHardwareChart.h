#pragma once

#include <QWidget>
#include <optional>

#include "logic/FloatAdderHardware.h"

class QCustomPlot;
class QLabel;

namespace mlsyslab::widgets {

// Two bar charts, gates and depth: the floating-point adder's bar stacked block by block in
// datapath order, each block coloured by the seed step it serves (1 compare exponents .. 5
// round; unpack and pack in grey), next to the integer adders of the same width (ripple-carry
// and lookahead), each bar ending in its number.
// The depth chart stacks only the blocks on the critical path: the ones beside it add gates,
// not time. Everything comes from FloatAdderHardware.
//
// Child object names: chartLegend (QLabel: the colours of the steps), gatesPlot and depthPlot
// (QCustomPlots side by side; bar keys 3 for the float adder, 2 for the ripple-carry adder, 1
// for the lookahead adder).
class FpAddHardwareChart : public QWidget {
    Q_OBJECT
public:
    explicit FpAddHardwareChart(QWidget* parent = nullptr);

    void showHardware(const logic::FloatAdderHardware& hardware);
    void clear();

    static constexpr double kFloatKey = 3;
    static constexpr double kRippleKey = 2;
    static constexpr double kLookaheadKey = 1;

protected:
    void changeEvent(QEvent* event) override;

private:
    enum class Measure { Gates, Depth };
    void fill(QCustomPlot& plot, Measure measure);
    void restyle();

    std::optional<logic::FloatAdderHardware> hardware_;
    QLabel* legend_ = nullptr;
    QCustomPlot* gatesPlot_ = nullptr;
    QCustomPlot* depthPlot_ = nullptr;
    bool restyling_ = false;
};

}  // namespace mlsyslab::widgets
