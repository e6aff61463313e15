#pragma once

#include <QGraphicsView>
#include <memory>
#include <vector>

#include "logic/CircuitLayout.h"
#include "logic/Netlist.h"

namespace mlsyslab::widgets {

// Any netlist drawn as a schematic (layout in CircuitLayout.h): gates in their standard shapes
// with their kind inside and their name above, inputs as 0/1 switches on the left, outputs as
// lamps on the right, and wires coloured by value (LogicColors.h): wires that changed at the
// time shown get a halo, and an optional path (e.g. Netlist::criticalPath()) is underlaid. It
// shows values it is given and computes nothing: whoever owns it simulates.
//
// Sizes follow the widget's font and colours its palette, so presentation mode (a larger font
// and a light high-contrast palette, delivered by the usual propagation) restyles it. The
// drawing is shown kPreferredZoom times the font's size when the width allows (its height
// follows its width), and scaled down to fit a narrower widget.
class CircuitView : public QGraphicsView {
    Q_OBJECT
public:
    // Larger than the text around it: a schematic is read from further away than prose.
    static constexpr double kPreferredZoom = 1.4;

    explicit CircuitView(QWidget* parent = nullptr);
    ~CircuitView() override;

    // Draws a new circuit, all signals 0, nothing changed, no path.
    void setNetlist(const logic::Netlist& netlist);
    const logic::Netlist& netlist() const;
    const CircuitLayout& circuitLayout() const;

    // Every signal's value (by SignalId) and the signals that changed at the time shown.
    void setSignalValues(const std::vector<bool>& values,
                         const std::vector<logic::SignalId>& changed = {});
    // Gates to highlight with the wires between them, input to output; empty for none.
    void setHighlightedPath(const std::vector<logic::GateId>& path);
    // Whether clicking a switch emits inputToggled (default true).
    void setInputsClickable(bool clickable);

    // What is drawn, for tests and for others' views: read from the scene's items.
    QPointF inputSwitchCenter(int inputIndex) const;  // in scene coordinates
    QString inputSwitchText(int inputIndex) const;
    QString outputLampText(int outputIndex) const;
    QColor wireColorShown(logic::SignalId signal) const;
    bool wireMarkedChanged(logic::SignalId signal) const;
    bool gateOnHighlightedPath(logic::GateId gate) const;
    bool wireOnHighlightedPath(logic::SignalId signal) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;
    bool hasHeightForWidth() const override;
    int heightForWidth(int width) const override;

signals:
    void inputToggled(int inputIndex);

protected:
    void resizeEvent(QResizeEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void rebuild();    // layout and items, after a new netlist or font
    void restyle();    // colours, pens and texts, after new values or a new palette
    void applyPath();  // what the highlighted path covers
    void fitDrawing();

    struct Parts;
    std::unique_ptr<Parts> parts_;
};

}  // namespace mlsyslab::widgets
