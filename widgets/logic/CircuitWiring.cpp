#include "logic/CircuitWiring.h"

#include <algorithm>
#include <cmath>

#include "logic/ChannelRouting.h"

namespace mlsyslab::widgets {

namespace {

constexpr double kTrackSpacing = 1.5;  // units between vertical tracks in a channel
constexpr double kMinChannelWidth = 3.0;
// How far a computed position may be from another before they count as different.
constexpr double kTolerance = 1e-6;

}  // namespace

using logic::SignalId;

double routeChannel(const CircuitColumns& columns, std::size_t column, double unit,
                    ColumnWiring& wiring) {
    const auto& sources = columns[column];
    const auto& readers = columns[column + 1];
    std::vector<ChannelNet> nets;
    std::vector<SignalId> signalOfNet;
    for (const ColumnNode& source : sources) {
        if (source.carries < 0) continue;
        ChannelNet net{source.y, {}};
        for (const ColumnNode& reader : readers) {
            for (std::size_t pin = 0; pin < reader.reads.size(); ++pin) {
                if (reader.reads[pin] == source.carries) {
                    net.sinkYs.push_back(reader.y + reader.pinOffsets[pin]);
                }
            }
        }
        if (net.sinkYs.empty()) continue;
        nets.push_back(std::move(net));
        signalOfNet.push_back(source.carries);
    }
    const ChannelTracks tracks = assignChannelTracks(nets);
    const double span = tracks.trackPositions.empty() ? 0.0 : tracks.trackPositions.back();
    const double width = std::max(kMinChannelWidth, (span + 2) * kTrackSpacing) * unit;
    // Tracks centred in the channel.
    const double firstTrack = wiring.right[column] + (width - span * kTrackSpacing * unit) / 2;
    const auto trackX = [&](int track) {
        return firstTrack + tracks.trackPositions[track] * kTrackSpacing * unit;
    };
    auto& paths = wiring.channelPaths[column];
    for (std::size_t net = 0; net < nets.size(); ++net) {
        const ChannelRoute& route = tracks.routes[net];
        ChannelPath path;
        path.straight = route.track < 0;
        path.sourceX = route.track < 0 ? 0.0 : trackX(route.track);
        path.sinkX = route.sinkTrack < 0 ? path.sourceX : trackX(route.sinkTrack);
        path.jogY = route.jogY;
        paths[signalOfNet[net]] = path;
    }
    return width;
}

void addWireSegment(std::vector<QLineF>& segments, QPointF from, QPointF to) {
    if (QLineF(from, to).length() > kTolerance) segments.emplace_back(from, to);
}

void addChannelSegments(const CircuitColumns& columns, const ColumnWiring& wiring,
                        std::size_t column, std::vector<RoutedWire>& wires) {
    for (const ColumnNode& source : columns[column]) {
        const auto found = wiring.channelPaths[column].find(source.carries);
        if (found == wiring.channelPaths[column].end()) continue;
        const ChannelPath& path = found->second;
        auto& segments = wires[source.carries].segments;
        const double entry = wiring.right[column];
        const double exit = wiring.left[column + 1];
        if (path.straight) {
            addWireSegment(segments, {entry, source.y}, {exit, source.y});
            continue;
        }
        addWireSegment(segments, {entry, source.y}, {path.sourceX, source.y});
        double top = path.jogs() ? path.jogY : source.y;
        double bottom = top;
        if (path.jogs()) {
            addWireSegment(segments, {path.sourceX, source.y}, {path.sourceX, path.jogY});
            addWireSegment(segments, {path.sourceX, path.jogY}, {path.sinkX, path.jogY});
        }
        for (const ColumnNode& reader : columns[column + 1]) {
            for (std::size_t pin = 0; pin < reader.reads.size(); ++pin) {
                if (reader.reads[pin] != source.carries) continue;
                const double y = reader.y + reader.pinOffsets[pin];
                top = std::min(top, y);
                bottom = std::max(bottom, y);
                addWireSegment(segments, {path.sinkX, y}, {exit, y});
            }
        }
        addWireSegment(segments, {path.sinkX, top}, {path.sinkX, bottom});
    }
}

std::vector<QPointF> routeToPin(const CircuitColumns& columns, const ColumnWiring& wiring,
                                const CircuitLayout& layout, SignalId signal, std::size_t column,
                                double pinY, QPointF pin) {
    std::vector<QPointF> reversed{pin, {wiring.left[column], pinY}};
    double y = pinY;
    for (std::size_t channel = column; channel-- > 0;) {
        const auto& sources = columns[channel];
        const ColumnNode& carrier = sources[carrierIndex(sources, signal)];
        const ChannelPath& path = wiring.channelPaths[channel].at(signal);
        if (!path.straight) {
            reversed.emplace_back(path.sinkX, y);
            if (path.jogs()) {
                reversed.emplace_back(path.sinkX, path.jogY);
                reversed.emplace_back(path.sourceX, path.jogY);
            }
            reversed.emplace_back(path.sourceX, carrier.y);
        }
        y = carrier.y;
        reversed.emplace_back(wiring.right[channel], y);
        if (carrier.kind == ColumnNodeKind::Gate) {
            reversed.push_back(layout.gates[carrier.id].outputPin);
            break;
        }
        if (carrier.kind == ColumnNodeKind::Input) {
            reversed.push_back(layout.inputs[carrier.id].wireStart);
            break;
        }
        reversed.emplace_back(wiring.left[channel], y);
    }
    std::vector<QPointF> route;
    for (auto point = reversed.rbegin(); point != reversed.rend(); ++point) {
        if (!route.empty() && QLineF(route.back(), *point).length() < kTolerance) continue;
        // Drop a middle point on a straight line.
        if (route.size() >= 2) {
            const QPointF before = route[route.size() - 2];
            const QPointF middle = route.back();
            const bool straight = (std::abs(before.x() - middle.x()) < kTolerance &&
                                   std::abs(middle.x() - point->x()) < kTolerance) ||
                                  (std::abs(before.y() - middle.y()) < kTolerance &&
                                   std::abs(middle.y() - point->y()) < kTolerance);
            if (straight) route.pop_back();
        }
        route.push_back(*point);
    }
    return route;
}

}  // namespace mlsyslab::widgets
