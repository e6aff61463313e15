#pragma once

#include <QLineF>
#include <QPointF>
#include <QRectF>
#include <functional>
#include <string>
#include <vector>

#include "logic/GateShapes.h"
#include "logic/Netlist.h"

namespace mlsyslab::widgets {

// Where everything of a circuit drawing goes: pure geometry, computed once per circuit, so it
// can be tested without a scene. The drawing reads left to right, as circuits are drawn in
// textbooks:
// - the primary inputs (switches) in the first column, in the netlist's order;
// - each gate in the column of its logic level (1 + the highest level among the gates that
//   drive it), so a signal's path through the circuit is its path across the page;
// - the outputs (lamps) in the last column, in the netlist's order (as in a truth table).
// Within a column, nodes are ordered to reduce crossings (barycentre sweeps, the Sugiyama
// method), then spaced to straighten as many wires as their order allows. A wire that skips
// columns runs straight through them, between the gates. Between two columns, every wire that
// turns gets its own vertical track (ChannelRouting.h), so wires cross but never run along
// each other, and a dot marks each point where a wire branches.

struct CircuitLayoutMetrics {
    double unit = 12.0;         // scene pixels per unit; a two-input gate is 5 x 4 units
    double labelHeight = 16.0;  // the height of a name label
    // The width of a name label (the view measures with its font); empty: an estimate.
    std::function<double(const std::string& text)> labelWidth;
};

struct PlacedInput {
    logic::SignalId signal = -1;
    QRectF switchRect;  // the clickable 0/1 switch
    QRectF labelRect;   // the input's name, left of the switch
    QPointF wireStart;  // where its wire leaves the switch
};

struct PlacedGate {
    logic::GateId gate = -1;
    int column = 0;
    QPointF origin;                  // where the shape's local (0, 0) lies in the scene
    GateShape shape;                 // in local coordinates
    std::vector<QPointF> inputPins;  // in the scene
    QPointF outputPin;               // in the scene
    QRectF bounds;                   // the shape in the scene
    // The gate's name, above it; not shown (empty) when it would repeat the name of the
    // output lamp it drives or its kind.
    QRectF nameRect;
};

struct PlacedOutput {
    int outputIndex = -1;
    QRectF lampRect;   // the 0/1 lamp
    QRectF labelRect;  // the output's name, right of the lamp
    QPointF wireEnd;   // where its wire reaches the lamp
};

// One reader of a wire and the path to it from the wire's source, as a polyline.
struct WireSink {
    logic::GateId gate = -1;  // the gate and input pin it feeds, or -1
    int pin = -1;
    int outputIndex = -1;  // or the output lamp it feeds, or -1
    std::vector<QPointF> route;
};

// A signal's wire: every segment is horizontal or vertical.
struct RoutedWire {
    std::vector<QLineF> segments;    // merged: no two of one wire overlap
    std::vector<QPointF> junctions;  // where the wire branches (three or more ways)
    std::vector<WireSink> sinks;     // in order: gate readers by gate id and pin, then outputs
};

struct CircuitLayout {
    std::vector<PlacedInput> inputs;    // in netlist inputs() order
    std::vector<PlacedGate> gates;      // by GateId
    std::vector<PlacedOutput> outputs;  // by output index
    std::vector<RoutedWire> wires;      // by SignalId; a signal nothing reads has no segments
    int columnCount = 0;                // inputs, gate levels 1..L, outputs
    QRectF bounds;                      // everything, labels included
};

CircuitLayout layoutCircuit(const logic::Netlist& netlist, const CircuitLayoutMetrics& metrics);

// The logic level of each gate (by GateId): 1 for gates reading only primary inputs, else
// 1 + the highest level among the gates driving it. A gate is drawn in column level.
std::vector<int> gateLevels(const logic::Netlist& netlist);

}  // namespace mlsyslab::widgets
