#include "logic/CircuitLayout.h"

#include <algorithm>
#include <cctype>
#include <cmath>

#include "logic/CircuitColumns.h"
#include "logic/CircuitWiring.h"
#include "logic/WireGeometry.h"

namespace mlsyslab::widgets {

namespace {

// Sizes in units. A switch and a lamp are a little taller than a two-input gate's pin pitch so
// that their 0 and 1 are easy to hit and to read.
constexpr double kSwitchWidth = 2.4;
constexpr double kSwitchHeight = 2.6;
constexpr double kLampDiameter = 2.6;
constexpr double kLeadLength = 1.2;  // the straight wire between a column's edge and a pin
constexpr double kLabelGap = 0.6;    // between a name and its switch or lamp
constexpr double kNameGap = 0.3;     // between a gate and its name above it
constexpr double kNodeGap = 2.0;     // between nodes stacked in a column
constexpr double kNarrowGap = 1.0;   // between wires, switches or lamps in a column

// How far a computed position may be from another before they count as different.
constexpr double kTolerance = 1e-6;

using logic::GateId;
using logic::SignalId;

struct Geometry {
    const logic::Netlist& netlist;
    double unit;
    double labelHeight;
    std::function<double(const std::string&)> labelWidth;
    CircuitColumns columns;
    ColumnWiring wiring;
};

// A gate's name is drawn above it unless it would only repeat what is already there: the name
// of the output lamp it drives, or its kind (a gate named "xor" in an XOR shape).
bool nameIsShown(const logic::Netlist& netlist, const logic::Gate& gate) {
    const bool namesAnOutput =
        std::any_of(netlist.outputs().begin(), netlist.outputs().end(),
                    [&](const logic::OutputPort& port) { return port.signal == gate.output; });
    const std::string_view kind = logic::gateKindName(gate.kind);
    const bool namesTheKind =
        gate.name.size() == kind.size() &&
        std::equal(kind.begin(), kind.end(), gate.name.begin(), [](char upper, char any) {
            return upper == std::toupper(static_cast<unsigned char>(any));
        });
    return !namesAnOutput && !namesTheKind;
}

double widestLabel(const Geometry& geometry, const std::vector<std::string>& names) {
    double widest = 0;
    for (const std::string& name : names) widest = std::max(widest, geometry.labelWidth(name));
    return widest;
}

void setExtents(Geometry& geometry, const std::vector<GateShape>& shapes) {
    const double unit = geometry.unit;
    for (auto& column : geometry.columns) {
        for (ColumnNode& node : column) {
            switch (node.kind) {
                case ColumnNodeKind::Input:
                    node.above = node.below =
                        std::max(kSwitchHeight * unit, geometry.labelHeight) / 2;
                    break;
                case ColumnNodeKind::Output:
                    node.above = node.below =
                        std::max(kLampDiameter * unit, geometry.labelHeight) / 2;
                    break;
                case ColumnNodeKind::PassThrough:
                    break;
                case ColumnNodeKind::Gate: {
                    const GateShape& shape = shapes[node.id];
                    for (std::size_t pin = 0; pin < node.reads.size(); ++pin) {
                        node.pinOffsets[pin] = shape.inputPins[pin].y();
                    }
                    const bool named =
                        nameIsShown(geometry.netlist, geometry.netlist.gates()[node.id]);
                    node.above = -shape.bounds.top() +
                                 (named ? geometry.labelHeight + kNameGap * unit : 0.0);
                    node.below = shape.bounds.bottom();
                    break;
                }
            }
        }
    }
}

double columnWidth(const Geometry& geometry, const std::vector<ColumnNode>& column,
                   const std::vector<GateShape>& shapes) {
    const double unit = geometry.unit;
    const logic::Netlist& netlist = geometry.netlist;
    std::vector<std::string> names;
    double widest = 0;
    bool isInputs = false;
    bool isOutputs = false;
    for (const ColumnNode& node : column) {
        switch (node.kind) {
            case ColumnNodeKind::Input:
                isInputs = true;
                names.push_back(netlist.allSignals()[node.carries].name);
                break;
            case ColumnNodeKind::Output:
                isOutputs = true;
                names.push_back(netlist.outputs()[node.id].name);
                break;
            case ColumnNodeKind::Gate: {
                const logic::Gate& gate = netlist.gates()[node.id];
                widest = std::max(widest, shapes[node.id].bounds.width());
                if (nameIsShown(netlist, gate)) {
                    widest = std::max(widest, geometry.labelWidth(gate.name));
                }
                break;
            }
            case ColumnNodeKind::PassThrough:
                break;
        }
    }
    if (isInputs)
        return widestLabel(geometry, names) + (kLabelGap + kSwitchWidth + kLeadLength) * unit;
    if (isOutputs)
        return (kLeadLength + kLampDiameter + kLabelGap) * unit + widestLabel(geometry, names);
    return widest + 2 * kLeadLength * unit;
}

}  // namespace

std::vector<int> gateLevels(const logic::Netlist& netlist) {
    std::vector<int> levels(netlist.gates().size(), 1);
    for (std::size_t gate = 0; gate < netlist.gates().size(); ++gate) {
        for (const SignalId read : netlist.gates()[gate].inputs) {
            const GateId driver = netlist.allSignals()[read].driver;
            if (driver >= 0) levels[gate] = std::max(levels[gate], levels[driver] + 1);
        }
    }
    return levels;
}

CircuitLayout layoutCircuit(const logic::Netlist& netlist, const CircuitLayoutMetrics& metrics) {
    // A multiple of 1/64 pixel, exactly representable, so that whole numbers of units (pin
    // offsets, heights) add up exactly.
    const double unit = std::max(1.0, std::round(metrics.unit * 64) / 64);
    Geometry geometry{netlist, unit, metrics.labelHeight, metrics.labelWidth, {}, {}};
    if (!geometry.labelWidth) {
        const double characterWidth = 0.6 * metrics.labelHeight;
        geometry.labelWidth = [characterWidth](const std::string& text) {
            return characterWidth * double(text.size());
        };
    }
    std::vector<GateShape> shapes;
    for (const logic::Gate& gate : netlist.gates()) {
        shapes.push_back(gateShape(gate.kind, int(gate.inputs.size()), unit));
    }
    const std::vector<int> levels = gateLevels(netlist);
    geometry.columns = buildCircuitColumns(netlist, levels);
    setExtents(geometry, shapes);
    orderCircuitColumns(geometry.columns);
    // Heights on a grid of one unit: a wire is level or routed by at least a unit.
    placeCircuitColumns(geometry.columns, unit, kNodeGap * unit, kNarrowGap * unit);

    const std::size_t columnCount = geometry.columns.size();
    ColumnWiring& wiring = geometry.wiring;
    wiring.channelPaths.resize(columnCount);
    double x = 0;
    for (std::size_t column = 0; column < columnCount; ++column) {
        wiring.left.push_back(x);
        wiring.right.push_back(x + columnWidth(geometry, geometry.columns[column], shapes));
        x = wiring.right.back();
        if (column + 1 < columnCount) x += routeChannel(geometry.columns, column, unit, wiring);
    }

    CircuitLayout layout;
    layout.columnCount = int(columnCount);
    layout.inputs.resize(netlist.inputs().size());
    layout.gates.resize(netlist.gates().size());
    layout.outputs.resize(netlist.outputs().size());
    layout.wires.resize(netlist.allSignals().size());
    const double labelHeight = metrics.labelHeight;
    for (std::size_t column = 0; column < columnCount; ++column) {
        const double left = wiring.left[column];
        const double right = wiring.right[column];
        for (const ColumnNode& node : geometry.columns[column]) {
            const double y = node.y;
            switch (node.kind) {
                case ColumnNodeKind::Input: {
                    PlacedInput& input = layout.inputs[node.id];
                    input.signal = node.carries;
                    const QRectF box(right - (kLeadLength + kSwitchWidth) * unit,
                                     y - kSwitchHeight * unit / 2, kSwitchWidth * unit,
                                     kSwitchHeight * unit);
                    const double width =
                        geometry.labelWidth(netlist.allSignals()[node.carries].name);
                    input.switchRect = box;
                    input.labelRect = QRectF(box.left() - kLabelGap * unit - width,
                                             y - labelHeight / 2, width, labelHeight);
                    input.wireStart = QPointF(box.right(), y);
                    if (wiring.channelPaths[column].count(node.carries) > 0) {
                        addWireSegment(layout.wires[node.carries].segments, input.wireStart,
                                       {right, y});
                    }
                    break;
                }
                case ColumnNodeKind::Gate: {
                    PlacedGate& gate = layout.gates[node.id];
                    const GateShape& shape = shapes[node.id];
                    gate.gate = node.id;
                    gate.column = int(column);
                    gate.shape = shape;
                    gate.origin = QPointF(
                        left + (right - left - shape.bounds.width()) / 2 - shape.bounds.left(), y);
                    gate.bounds = shape.bounds.translated(gate.origin);
                    gate.outputPin = shape.outputPin + gate.origin;
                    for (std::size_t pin = 0; pin < node.reads.size(); ++pin) {
                        const QPointF scenePin = shape.inputPins[pin] + gate.origin;
                        gate.inputPins.push_back(scenePin);
                        addWireSegment(layout.wires[node.reads[pin]].segments, {left, scenePin.y()},
                                       scenePin);
                    }
                    const logic::Gate& described = netlist.gates()[node.id];
                    if (nameIsShown(netlist, described)) {
                        const double width = geometry.labelWidth(described.name);
                        gate.nameRect = QRectF(gate.bounds.center().x() - width / 2,
                                               gate.bounds.top() - kNameGap * unit - labelHeight,
                                               width, labelHeight);
                    }
                    if (wiring.channelPaths[column].count(node.carries) > 0) {
                        addWireSegment(layout.wires[node.carries].segments, gate.outputPin,
                                       {right, y});
                    }
                    break;
                }
                case ColumnNodeKind::PassThrough:
                    addWireSegment(layout.wires[node.carries].segments, {left, y}, {right, y});
                    break;
                case ColumnNodeKind::Output: {
                    PlacedOutput& output = layout.outputs[node.id];
                    output.outputIndex = node.id;
                    const double diameter = kLampDiameter * unit;
                    output.lampRect =
                        QRectF(left + kLeadLength * unit, y - diameter / 2, diameter, diameter);
                    output.wireEnd = QPointF(output.lampRect.left(), y);
                    const double width = geometry.labelWidth(netlist.outputs()[node.id].name);
                    output.labelRect = QRectF(output.lampRect.right() + kLabelGap * unit,
                                              y - labelHeight / 2, width, labelHeight);
                    addWireSegment(layout.wires[node.reads[0]].segments, {left, y}, output.wireEnd);
                    break;
                }
            }
        }
        if (column + 1 < columnCount) {
            addChannelSegments(geometry.columns, wiring, column, layout.wires);
        }
    }

    // Every reader's route, gate pins first (by gate and pin), then outputs.
    for (std::size_t gate = 0; gate < netlist.gates().size(); ++gate) {
        const auto& reads = netlist.gates()[gate].inputs;
        const PlacedGate& placed = layout.gates[gate];
        for (std::size_t pin = 0; pin < reads.size(); ++pin) {
            const QPointF point = placed.inputPins[pin];
            layout.wires[reads[pin]].sinks.push_back(
                {GateId(gate), int(pin), -1,
                 routeToPin(geometry.columns, wiring, layout, reads[pin], placed.column, point.y(),
                            point)});
        }
    }
    for (std::size_t output = 0; output < netlist.outputs().size(); ++output) {
        const SignalId signal = netlist.outputs()[output].signal;
        const QPointF end = layout.outputs[output].wireEnd;
        layout.wires[signal].sinks.push_back(
            {-1, -1, int(output),
             routeToPin(geometry.columns, wiring, layout, signal, columnCount - 1, end.y(), end)});
    }
    for (RoutedWire& wire : layout.wires) {
        wire.segments = mergeWireSegments(wire.segments);
        wire.junctions = findWireJunctions(wire.segments);
    }

    QRectF bounds;
    const auto include = [&bounds](const QRectF& rect) {
        if (!rect.isNull()) bounds = bounds.isNull() ? rect : bounds.united(rect);
    };
    for (const PlacedInput& input : layout.inputs) {
        include(input.switchRect);
        include(input.labelRect);
    }
    for (const PlacedGate& gate : layout.gates) {
        include(gate.bounds);
        include(gate.nameRect);
    }
    for (const PlacedOutput& output : layout.outputs) {
        include(output.lampRect);
        include(output.labelRect);
    }
    for (const RoutedWire& wire : layout.wires) {
        for (const QLineF& segment : wire.segments) {
            include(QRectF(segment.p1(), segment.p2()).normalized().adjusted(-1, -1, 1, 1));
        }
    }
    layout.bounds = bounds;
    return layout;
}

}  // namespace mlsyslab::widgets
