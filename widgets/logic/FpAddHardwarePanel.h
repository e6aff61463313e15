#pragma once

#include <QWidget>
#include <optional>

#include "logic/FloatAdderHardware.h"
#include "numeric/FloatFormat.h"

class QLabel;
class QTableWidget;

namespace mlsyslab::widgets {

class FpAddHardwareChart;

// Why float hardware costs more gates and time (seed 001: "integer: direct full-adder chains,
// fast; float: exponent compare + shift + add + normalize, more gates, slower"): the blocks
// of the floating-point adder with their gate counts and depths, counted from their netlists
// (logic/FloatAdderHardware.h), next to a plain integer adder of the same width, as a table
// and as bar charts. A sentence on top puts the two side by side.
//
// Child object names: hardwareSummary (QLabel), hardwareTable (QTableWidget: one row per
// block, then the float adder's total and the two integer adders; columns Block, Step, Gates,
// Depth), and the FpAddHardwareChart's gatesPlot and depthPlot.
class FpAddHardwarePanel : public QWidget {
    Q_OBJECT
public:
    explicit FpAddHardwarePanel(QWidget* parent = nullptr);

    // Builds the format's adder hardware (once per format) and shows it.
    void showFormat(const numeric::FloatFormat& format);
    // What is shown; nothing before the first showFormat or when it could not be built.
    const std::optional<logic::FloatAdderHardware>& hardware() const { return hardware_; }

    enum Column { BlockColumn, StepColumn, GatesColumn, DepthColumn, ColumnCount };

protected:
    void changeEvent(QEvent* event) override;

private:
    void fillTable();
    void applyFonts();
    void fitTableHeight();

    std::optional<logic::FloatAdderHardware> hardware_;
    QLabel* summary_ = nullptr;
    QTableWidget* table_ = nullptr;
    FpAddHardwareChart* chart_ = nullptr;
};

}  // namespace mlsyslab::widgets
