#include "logic/CircuitPainting.h"

#include <QFontInfo>
#include <QFontMetricsF>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <algorithm>

namespace mlsyslab::widgets {

namespace {

// A unit a little smaller than the text: a two-input gate is then about three lines of text
// high, and names sit comfortably beside switches and lamps.
constexpr double kUnitsPerPixel = 0.9;

void addRoute(QPainterPath& path, const std::vector<QPointF>& route) {
    if (route.empty()) return;
    path.moveTo(route.front());
    for (std::size_t point = 1; point < route.size(); ++point) path.lineTo(route[point]);
}

}  // namespace

QFont nameFont(const QFont& font) {
    QFont name = font;
    name.setPixelSize(std::max(1, QFontInfo(font).pixelSize()));
    return name;
}

CircuitDrawingSizes drawingSizesFor(const QFont& font) {
    const double unit = kUnitsPerPixel * nameFont(font).pixelSize();
    CircuitDrawingSizes sizes;
    sizes.unit = unit;
    sizes.highWireWidth = std::max(3.0, 0.3 * unit);
    sizes.lowWireWidth = std::max(2.0, 0.2 * unit);
    sizes.haloExtraWidth = std::max(3.0, 0.35 * unit);
    sizes.pathUnderlayWidth = std::max(8.0, 0.85 * unit);
    sizes.outlineWidth = std::max(1.5, 0.16 * unit);
    sizes.junctionRadius = std::max(3.5, 0.38 * unit);
    sizes.switchCornerRadius = 0.4 * unit;
    sizes.margin = unit;
    return sizes;
}

CircuitLayoutMetrics layoutMetricsFor(const QFont& font, const CircuitDrawingSizes& sizes) {
    const QFontMetricsF metrics(nameFont(font));
    CircuitLayoutMetrics layoutMetrics;
    layoutMetrics.unit = sizes.unit;
    layoutMetrics.labelHeight = metrics.height();
    layoutMetrics.labelWidth = [metrics](const std::string& text) {
        return metrics.horizontalAdvance(QString::fromStdString(text));
    };
    return layoutMetrics;
}

QFont valueFont(const QFont& font, const CircuitDrawingSizes& sizes) {
    QFont value = nameFont(font);
    value.setBold(true);
    value.setPixelSize(std::max(1, int(1.5 * sizes.unit)));
    return value;
}

QFont kindFont(const QFont& font, logic::GateKind kind, const PlacedGate& gate,
               const CircuitDrawingSizes& sizes) {
    QFont fitted = nameFont(font);
    fitted.setBold(true);
    fitted.setPixelSize(std::max(1, int(1.2 * sizes.unit)));
    const QRectF area = gate.shape.labelArea;
    const QFontMetricsF metrics(fitted);
    const double widthScale = area.width() / metrics.horizontalAdvance(kindLabel(kind));
    const double heightScale = area.height() / metrics.capHeight() / 1.4;
    const double scale = std::min({1.0, widthScale, heightScale});
    fitted.setPixelSize(std::max(1, int(fitted.pixelSize() * scale)));
    return fitted;
}

QString kindLabel(logic::GateKind kind) {
    const std::string_view name = logic::gateKindName(kind);
    return QString::fromLatin1(name.data(), qsizetype(name.size()));
}

QPainterPath wirePath(const RoutedWire& wire) {
    QPainterPath path;
    for (const QLineF& segment : wire.segments) {
        path.moveTo(segment.p1());
        path.lineTo(segment.p2());
    }
    return path;
}

QPainterPath gateFillPath(const PlacedGate& gate) {
    return gate.shape.body.translated(gate.origin);
}

QPainterPath switchPath(const QRectF& rect, const CircuitDrawingSizes& sizes) {
    QPainterPath path;
    path.addRoundedRect(rect, sizes.switchCornerRadius, sizes.switchCornerRadius);
    return path;
}

QGraphicsSimpleTextItem* addCenteredText(QGraphicsScene& scene, const QString& text,
                                         const QFont& font, const QRectF& box) {
    auto* item = scene.addSimpleText(text, font);
    item->setPos(box.center() - item->boundingRect().center());
    item->setZValue(6);
    // Clicks go to the switch underneath.
    item->setAcceptedMouseButtons(Qt::NoButton);
    return item;
}

PathHighlight pathHighlight(const logic::Netlist& netlist, const CircuitLayout& layout,
                            const std::vector<logic::GateId>& path) {
    PathHighlight highlight;
    for (std::size_t step = 0; step < path.size(); ++step) {
        const logic::GateId gate = path[step];
        if (gate < 0 || gate >= logic::GateId(netlist.gates().size())) continue;
        highlight.gates.insert(gate);
        const auto& inputs = netlist.gates()[gate].inputs;
        for (std::size_t pin = 0; pin < inputs.size(); ++pin) {
            const logic::GateId driver = netlist.allSignals()[inputs[pin]].driver;
            const bool onPath = step == 0 ? driver < 0 : driver == path[step - 1];
            if (!onPath) continue;
            for (const WireSink& sink : layout.wires[inputs[pin]].sinks) {
                if (sink.gate == gate && sink.pin == int(pin))
                    addRoute(highlight.route, sink.route);
            }
            highlight.wires.insert(inputs[pin]);
        }
        if (step + 1 == path.size()) {
            const logic::SignalId output = netlist.gates()[gate].output;
            for (const WireSink& sink : layout.wires[output].sinks) {
                if (sink.outputIndex >= 0) {
                    addRoute(highlight.route, sink.route);
                    highlight.wires.insert(output);
                }
            }
        }
    }
    return highlight;
}

}  // namespace mlsyslab::widgets
