#pragma once

#include <QLineF>
#include <QPointF>
#include <map>
#include <vector>

#include "logic/CircuitColumns.h"
#include "logic/CircuitLayout.h"

namespace mlsyslab::widgets {

// The part of laying out a circuit (CircuitLayout.h) that runs the wires through the channels
// between columns, once the columns' nodes have their heights.

// A signal's way across one channel: straight, or along a track at x, or along two tracks
// joined by a jog at jogY (ChannelRouting.h).
struct ChannelPath {
    bool straight = true;
    double sourceX = 0;
    double sinkX = 0;
    double jogY = 0;
    bool jogs() const { return !straight && sourceX != sinkX; }
};

struct ColumnWiring {
    std::vector<double> left;   // each column's left edge
    std::vector<double> right;  // and right edge
    // For each channel (between column c and c + 1), how each signal crossing it runs.
    std::vector<std::map<logic::SignalId, ChannelPath>> channelPaths;
};

// Tracks for the channel right of `column`, which starts at wiring.right[column]; returns the
// channel's width.
double routeChannel(const CircuitColumns& columns, std::size_t column, double unit,
                    ColumnWiring& wiring);

// A segment of a wire, unless it has no length.
void addWireSegment(std::vector<QLineF>& segments, QPointF from, QPointF to);

// The segments of every wire in the channel right of `column`: from the source to its track,
// along it, out to each pin (or along a first track to a jog and on along a second one).
void addChannelSegments(const CircuitColumns& columns, const ColumnWiring& wiring,
                        std::size_t column, std::vector<RoutedWire>& wires);

// The polyline from a signal's source (a switch or a gate of `layout`) to one pin at height
// pinY in `column`, ending at `pin`.
std::vector<QPointF> routeToPin(const CircuitColumns& columns, const ColumnWiring& wiring,
                                const CircuitLayout& layout, logic::SignalId signal,
                                std::size_t column, double pinY, QPointF pin);

}  // namespace mlsyslab::widgets
