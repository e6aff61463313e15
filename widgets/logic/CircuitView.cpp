#include "logic/CircuitView.h"

#include <QEvent>
#include <QGraphicsEllipseItem>
#include <QGraphicsPathItem>
#include <QGraphicsScene>
#include <QGraphicsSceneMouseEvent>
#include <QGraphicsSimpleTextItem>
#include <QtMath>
#include <algorithm>
#include <functional>
#include <set>

#include "logic/CircuitPainting.h"
#include "logic/LogicColors.h"

namespace mlsyslab::widgets {

namespace {

using logic::GateId;
using logic::SignalId;

// A 0/1 switch: clicking it asks for the input to flip (the owner decides).
class SwitchItem : public QGraphicsPathItem {
public:
    SwitchItem(const QPainterPath& path, std::function<void()> onClick)
        : QGraphicsPathItem(path), onClick_(std::move(onClick)) {
        setAcceptedMouseButtons(Qt::LeftButton);
        setCursor(Qt::PointingHandCursor);
    }
    void setClickable(bool clickable) {
        clickable_ = clickable;
        setCursor(clickable ? Qt::PointingHandCursor : Qt::ArrowCursor);
    }

protected:
    void mousePressEvent(QGraphicsSceneMouseEvent* event) override {
        if (clickable_ && event->button() == Qt::LeftButton) {
            event->accept();
            onClick_();
            return;
        }
        event->ignore();
    }

private:
    std::function<void()> onClick_;
    bool clickable_ = true;
};

struct WireItems {
    QGraphicsPathItem* halo = nullptr;  // shown when the wire changed at the time shown
    QGraphicsPathItem* line = nullptr;
    std::vector<QGraphicsEllipseItem*> dots;
};

struct GateItems {
    QGraphicsPathItem* fill = nullptr;
    QGraphicsPathItem* outline = nullptr;
    QGraphicsSimpleTextItem* kind = nullptr;
    QGraphicsSimpleTextItem* name = nullptr;
};

struct TerminalItems {
    QGraphicsPathItem* body = nullptr;  // a switch or a lamp
    QGraphicsSimpleTextItem* value = nullptr;
    QGraphicsSimpleTextItem* name = nullptr;
};

}  // namespace

struct CircuitView::Parts {
    logic::Netlist netlist;
    CircuitLayout layout;
    CircuitDrawingSizes sizes;
    std::vector<bool> values;
    std::set<SignalId> changed;
    std::vector<GateId> path;
    std::set<GateId> gatesOnPath;
    std::set<SignalId> wiresOnPath;
    bool inputsClickable = true;
    QGraphicsScene* scene = nullptr;
    QGraphicsPathItem* pathUnderlay = nullptr;
    std::vector<WireItems> wires;  // by SignalId
    std::vector<GateItems> gates;
    std::vector<TerminalItems> inputs;
    std::vector<TerminalItems> outputs;
};

CircuitView::CircuitView(QWidget* parent)
    : QGraphicsView(parent), parts_(std::make_unique<Parts>()) {
    parts_->scene = new QGraphicsScene(this);
    setScene(parts_->scene);
    setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    setFrameShape(QFrame::NoFrame);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setAlignment(Qt::AlignCenter);
    QSizePolicy policy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    policy.setHeightForWidth(true);
    setSizePolicy(policy);
    rebuild();
}

CircuitView::~CircuitView() = default;

void CircuitView::setNetlist(const logic::Netlist& netlist) {
    parts_->netlist = netlist;
    parts_->values.assign(netlist.allSignals().size(), false);
    parts_->changed.clear();
    parts_->path.clear();
    rebuild();
}

const logic::Netlist& CircuitView::netlist() const { return parts_->netlist; }
const CircuitLayout& CircuitView::circuitLayout() const { return parts_->layout; }

void CircuitView::setSignalValues(const std::vector<bool>& values,
                                  const std::vector<SignalId>& changed) {
    parts_->values = values;
    parts_->values.resize(parts_->netlist.allSignals().size(), false);
    parts_->changed = std::set<SignalId>(changed.begin(), changed.end());
    restyle();
}

void CircuitView::setHighlightedPath(const std::vector<GateId>& path) {
    parts_->path = path;
    applyPath();
    restyle();
}

void CircuitView::applyPath() {
    Parts& parts = *parts_;
    const PathHighlight highlight = pathHighlight(parts.netlist, parts.layout, parts.path);
    parts.pathUnderlay->setPath(highlight.route);
    parts.gatesOnPath = highlight.gates;
    parts.wiresOnPath = highlight.wires;
}

void CircuitView::setInputsClickable(bool clickable) {
    parts_->inputsClickable = clickable;
    for (const TerminalItems& input : parts_->inputs) {
        static_cast<SwitchItem*>(input.body)->setClickable(clickable);
    }
}

void CircuitView::rebuild() {
    Parts& parts = *parts_;
    parts.scene->clear();
    parts.wires.clear();
    parts.gates.clear();
    parts.inputs.clear();
    parts.outputs.clear();
    parts.sizes = drawingSizesFor(font());
    parts.layout = layoutCircuit(parts.netlist, layoutMetricsFor(font(), parts.sizes));
    const CircuitLayout& layout = parts.layout;
    QGraphicsScene& scene = *parts.scene;

    // Back to front: the highlighted path, halos, wires and their dots, then the parts.
    parts.pathUnderlay = scene.addPath(QPainterPath());
    parts.pathUnderlay->setZValue(0);
    for (const RoutedWire& wire : layout.wires) {
        WireItems items;
        const QPainterPath path = wirePath(wire);
        items.halo = scene.addPath(path);
        items.halo->setZValue(1);
        items.line = scene.addPath(path);
        items.line->setZValue(2);
        for (const QPointF junction : wire.junctions) {
            const double radius = parts.sizes.junctionRadius;
            auto* dot = scene.addEllipse(junction.x() - radius, junction.y() - radius, 2 * radius,
                                         2 * radius);
            dot->setZValue(3);
            items.dots.push_back(dot);
        }
        parts.wires.push_back(items);
    }
    for (const PlacedGate& placed : layout.gates) {
        const logic::Gate& gate = parts.netlist.gates()[placed.gate];
        GateItems items;
        items.fill = scene.addPath(gateFillPath(placed));
        items.fill->setZValue(4);
        items.outline = scene.addPath(placed.shape.outline.translated(placed.origin));
        items.outline->setZValue(5);
        items.kind = addCenteredText(scene, kindLabel(gate.kind),
                                     kindFont(font(), gate.kind, placed, parts.sizes),
                                     placed.shape.labelArea.translated(placed.origin));
        if (!placed.nameRect.isNull()) {
            items.name = addCenteredText(scene, QString::fromStdString(gate.name), nameFont(font()),
                                         placed.nameRect);
        }
        parts.gates.push_back(items);
    }
    for (std::size_t index = 0; index < layout.inputs.size(); ++index) {
        const PlacedInput& placed = layout.inputs[index];
        TerminalItems items;
        auto* body = new SwitchItem(switchPath(placed.switchRect, parts.sizes),
                                    [this, index] { emit inputToggled(int(index)); });
        body->setClickable(parts.inputsClickable);
        body->setToolTip(
            tr("Click to flip input %1")
                .arg(QString::fromStdString(parts.netlist.allSignals()[placed.signal].name)));
        body->setZValue(5);
        scene.addItem(body);
        items.body = body;
        items.value = addCenteredText(scene, QStringLiteral("0"), valueFont(font(), parts.sizes),
                                      placed.switchRect);
        items.name = addCenteredText(
            scene, QString::fromStdString(parts.netlist.allSignals()[placed.signal].name),
            nameFont(font()), placed.labelRect);
        parts.inputs.push_back(items);
    }
    for (const PlacedOutput& placed : layout.outputs) {
        TerminalItems items;
        QPainterPath lamp;
        lamp.addEllipse(placed.lampRect);
        items.body = scene.addPath(lamp);
        items.body->setZValue(5);
        items.value = addCenteredText(scene, QStringLiteral("0"), valueFont(font(), parts.sizes),
                                      placed.lampRect);
        items.name = addCenteredText(
            scene, QString::fromStdString(parts.netlist.outputs()[placed.outputIndex].name),
            nameFont(font()), placed.labelRect);
        parts.outputs.push_back(items);
    }

    applyPath();
    const double margin = parts.sizes.margin;
    scene.setSceneRect(layout.bounds.adjusted(-margin, -margin, margin, margin));
    restyle();
    updateGeometry();
    fitDrawing();
}

void CircuitView::restyle() {
    Parts& parts = *parts_;
    const QPalette colors = palette();
    const CircuitDrawingSizes& sizes = parts.sizes;
    setBackgroundBrush(colors.color(QPalette::Base));
    const QColor ink = colors.color(QPalette::Text);
    const QColor paper = colors.color(QPalette::Base);
    const QColor highlight = criticalPathColor(colors);

    parts.pathUnderlay->setPen(
        QPen(highlight, sizes.pathUnderlayWidth, Qt::SolidLine, Qt::SquareCap, Qt::MiterJoin));
    for (std::size_t signal = 0; signal < parts.wires.size(); ++signal) {
        const WireItems& items = parts.wires[signal];
        const bool value = parts.values[signal];
        const QColor color = wireColor(value, colors);
        const double width = value ? sizes.highWireWidth : sizes.lowWireWidth;
        items.line->setPen(QPen(color, width, Qt::SolidLine, Qt::SquareCap, Qt::MiterJoin));
        items.halo->setPen(QPen(wireColor(WireState::Changed, colors),
                                width + 2 * sizes.haloExtraWidth, Qt::SolidLine, Qt::SquareCap,
                                Qt::MiterJoin));
        items.halo->setVisible(parts.changed.count(SignalId(signal)) > 0);
        for (QGraphicsEllipseItem* dot : items.dots) {
            dot->setPen(Qt::NoPen);
            dot->setBrush(color);
        }
    }
    for (std::size_t gate = 0; gate < parts.gates.size(); ++gate) {
        const GateItems& items = parts.gates[gate];
        const bool onPath = parts.gatesOnPath.count(GateId(gate)) > 0;
        items.fill->setPen(Qt::NoPen);
        items.fill->setBrush(onPath ? highlight : paper);
        items.outline->setPen(
            QPen(ink, sizes.outlineWidth, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
        items.outline->setBrush(Qt::NoBrush);
        items.kind->setBrush(ink);
        if (items.name != nullptr) items.name->setBrush(ink);
    }
    const auto styleTerminal = [&](const TerminalItems& items, bool value) {
        const QColor on = wireColor(true, colors);
        items.body->setPen(QPen(value ? on : wireColor(false, colors), sizes.outlineWidth));
        items.body->setBrush(value ? on : paper);
        items.value->setText(value ? QStringLiteral("1") : QStringLiteral("0"));
        items.value->setBrush(value ? paper : ink);
        // The text changed width: centre it again in its box.
        const QRectF box = items.body->path().boundingRect();
        items.value->setPos(box.center() - items.value->boundingRect().center());
        items.name->setBrush(ink);
    };
    const auto& netlist = parts.netlist;
    for (std::size_t input = 0; input < parts.inputs.size(); ++input) {
        styleTerminal(parts.inputs[input], parts.values[netlist.inputs()[input]]);
    }
    for (std::size_t output = 0; output < parts.outputs.size(); ++output) {
        styleTerminal(parts.outputs[output], parts.values[netlist.outputs()[output].signal]);
    }
}

void CircuitView::fitDrawing() {
    const QRectF drawing = sceneRect();
    if (drawing.isEmpty() || viewport()->width() <= 0 || viewport()->height() <= 0) return;
    const double zoom = std::min({viewport()->width() / drawing.width(),
                                  viewport()->height() / drawing.height(), kPreferredZoom});
    resetTransform();
    scale(zoom, zoom);
    centerOn(drawing.center());
}

QPointF CircuitView::inputSwitchCenter(int inputIndex) const {
    return parts_->layout.inputs.at(inputIndex).switchRect.center();
}

QString CircuitView::inputSwitchText(int inputIndex) const {
    return parts_->inputs.at(inputIndex).value->text();
}

QString CircuitView::outputLampText(int outputIndex) const {
    return parts_->outputs.at(outputIndex).value->text();
}

QColor CircuitView::wireColorShown(SignalId signal) const {
    return parts_->wires.at(signal).line->pen().color();
}

bool CircuitView::wireMarkedChanged(SignalId signal) const {
    return parts_->wires.at(signal).halo->isVisible();
}

bool CircuitView::gateOnHighlightedPath(GateId gate) const {
    return parts_->gates.at(gate).fill->brush().color() == criticalPathColor(palette());
}

bool CircuitView::wireOnHighlightedPath(SignalId signal) const {
    return parts_->wiresOnPath.count(signal) > 0 && !parts_->pathUnderlay->path().isEmpty();
}

QSize CircuitView::sizeHint() const {
    const QSizeF drawing = sceneRect().size() * kPreferredZoom;
    return QSize(qCeil(drawing.width()), qCeil(drawing.height())) +
           QSize(2 * frameWidth(), 2 * frameWidth());
}

QSize CircuitView::minimumSizeHint() const {
    // Small enough to sit in a narrow column; the drawing scales down to fit.
    return sizeHint() / 3;
}

bool CircuitView::hasHeightForWidth() const { return true; }

int CircuitView::heightForWidth(int width) const {
    const QRectF drawing = sceneRect();
    if (drawing.isEmpty()) return 0;
    const double zoom =
        std::min(kPreferredZoom, std::max(0.0, double(width - 2 * frameWidth())) / drawing.width());
    return qCeil(drawing.height() * zoom) + 2 * frameWidth();
}

void CircuitView::resizeEvent(QResizeEvent* event) {
    QGraphicsView::resizeEvent(event);
    fitDrawing();
}

void CircuitView::changeEvent(QEvent* event) {
    QGraphicsView::changeEvent(event);
    if (event->type() == QEvent::FontChange) rebuild();
    if (event->type() == QEvent::PaletteChange) restyle();
}

}  // namespace mlsyslab::widgets
