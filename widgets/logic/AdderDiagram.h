#pragma once

#include <QGraphicsView>
#include <vector>

#include "logic/AdderBlocks.h"
#include "logic/AdderDiagramLayout.h"
#include "logic/EventSimulation.h"

class QGraphicsPathItem;
class QGraphicsRectItem;
class QGraphicsSimpleTextItem;
class QGraphicsEllipseItem;

namespace mlsyslab::widgets {

// The adder as a block diagram (layout in AdderDiagramLayout.h), drawn for one moment of a
// simulation run: every wire in the colour of its value (LogicColors.h), a halo on the wires
// that changed at that moment, a heavier outline on the blocks whose gates switched, and, on
// demand, the critical path (Netlist::criticalPath(), block by block) under it all. The
// diagram scales to the view's width and keeps its proportions; where that would make its text
// too small to read (32 bits at the desk), it keeps a readable size and scrolls sideways.
class AdderDiagram : public QGraphicsView {
    Q_OBJECT
public:
    explicit AdderDiagram(QWidget* parent = nullptr);
    ~AdderDiagram() override;

    // Lays the circuit out anew. The circuit must outlive the diagram or the next call.
    void setCircuit(const logic::AdderCircuit& adder);
    void showSnapshot(const logic::TimeSnapshot& snapshot);
    void setCriticalPathShown(bool shown);
    bool criticalPathShown() const { return criticalPathShown_; }

    // What is drawn, for tests and for reading the picture back: the value a signal's wires
    // show (nothing when it has no wire), whether they carry the "changed" halo or lie on the
    // highlighted critical path, and the same for blocks.
    std::optional<bool> shownValue(logic::SignalId signal) const;
    bool shownAsChanged(logic::SignalId signal) const;
    bool wireOnShownPath(logic::SignalId signal) const;
    bool blockShownActive(int block) const;
    bool blockOnShownPath(int block) const;
    const AdderBlockMap& blocks() const { return blocks_; }
    const AdderBlockPath& criticalPath() const { return criticalPath_; }

    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;
    QSize sizeHint() const override;

protected:
    void resizeEvent(QResizeEvent* event) override;
    void changeEvent(QEvent* event) override;
    // The diagram never scrolls: the wheel scrolls the lesson around it.
    void wheelEvent(QWheelEvent* event) override;

private:
    struct WireItems {
        DiagramWire wire;
        QGraphicsPathItem* path = nullptr;
        QGraphicsPathItem* halo = nullptr;      // "changed at the shown time"
        QGraphicsPathItem* critical = nullptr;  // under everything
        QGraphicsEllipseItem* junction = nullptr;
        bool value = false;
        bool changed = false;
    };
    struct BoxItems {
        DiagramBox box;
        QGraphicsRectItem* rect = nullptr;
        bool active = false;
    };
    struct LabelItem {
        DiagramLabel label;
        QGraphicsSimpleTextItem* text = nullptr;
    };

    void rebuildScene();
    void restyle();  // colours and labels from the palette and the shown values
    void placeLabel(LabelItem& label);
    void fit();
    // The view's scale at a width: fitted, but never below a readable size.
    double scaleForWidth(int width) const;
    bool scrollsAt(int width) const;

    const logic::AdderCircuit* adder_ = nullptr;
    AdderBlockMap blocks_;
    AdderBlockPath criticalPath_;
    AdderDiagramLayout layout_;
    std::vector<WireItems> wires_;
    std::vector<BoxItems> boxes_;
    std::vector<LabelItem> labels_;
    std::vector<QGraphicsSimpleTextItem*> boxTexts_;
    std::vector<bool> values_;  // of the shown snapshot, by signal
    bool criticalPathShown_ = false;
};

}  // namespace mlsyslab::widgets
