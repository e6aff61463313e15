#include "logic/ChannelRouting.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <optional>
#include <tuple>

namespace mlsyslab::widgets {

namespace {

// Up to this many tracks every order is tried (7! = 5040, each checked in microseconds).
constexpr int kMaxTracksSearchedExhaustively = 7;

bool sameHeight(double first, double second) {
    return std::abs(first - second) < kChannelHeightTolerance;
}

bool goesStraight(const ChannelNet& net) {
    return net.sinkYs.size() == 1 && sameHeight(net.sinkYs.front(), net.sourceY);
}

// What one track carries: a whole net, or one half of a net that jogs (its source, down to
// the jog; or its pins, from the jog).
struct Piece {
    int net = -1;
    std::optional<double> sourceY;
    std::vector<double> sinkYs;
    double top = 0;  // the vertical run on the track
    double bottom = 0;

    bool runCrosses(double y) const {
        return y > top + kChannelHeightTolerance && y < bottom - kChannelHeightTolerance;
    }
};

Piece wholeNet(const ChannelNet& net, int index) {
    Piece piece{index, net.sourceY, net.sinkYs, net.sourceY, net.sourceY};
    for (const double y : net.sinkYs) {
        piece.top = std::min(piece.top, y);
        piece.bottom = std::max(piece.bottom, y);
    }
    return piece;
}

// The horizontal runs of `piece` at track x `pieceX` (-1: straight across the channel) that
// cross the vertical run of `other` at track x `otherX`.
int crossingsOf(const Piece& piece, int pieceX, const Piece& other, int otherX) {
    const bool straight = pieceX < 0;
    int crossings = 0;
    // The source run goes from the left edge to the track; each pin run from the track on.
    if (piece.sourceY && (straight || otherX < pieceX) && other.runCrosses(*piece.sourceY)) {
        ++crossings;
    }
    for (const double y : piece.sinkYs) {
        if (straight && piece.sourceY && sameHeight(y, *piece.sourceY)) continue;
        if ((straight || otherX > pieceX) && other.runCrosses(y)) ++crossings;
    }
    return crossings;
}

int countCrossings(const std::vector<Piece>& pieces, const std::vector<int>& xOfPiece) {
    int crossings = 0;
    for (std::size_t piece = 0; piece < pieces.size(); ++piece) {
        for (std::size_t other = 0; other < pieces.size(); ++other) {
            if (piece == other || xOfPiece[other] < 0) continue;
            crossings +=
                crossingsOf(pieces[piece], xOfPiece[piece], pieces[other], xOfPiece[other]);
        }
    }
    return crossings;
}

// A piece entering at the height where `later` leaves must have its track first.
bool mustPrecede(const Piece& earlier, const Piece& later) {
    return earlier.sourceY && std::any_of(later.sinkYs.begin(), later.sinkYs.end(), [&](double y) {
               return sameHeight(y, *earlier.sourceY);
           });
}

// A net on a cycle of "must precede", or -1 when there is none.
int netOnACycle(const std::vector<Piece>& pieces) {
    const std::size_t count = pieces.size();
    // Repeatedly remove pieces that nothing left must precede; what remains lies on or behind
    // a cycle, and following predecessors from there must come round.
    std::vector<bool> removed(count, false);
    for (bool changed = true; changed;) {
        changed = false;
        for (std::size_t piece = 0; piece < count; ++piece) {
            if (removed[piece]) continue;
            bool free = true;
            for (std::size_t other = 0; other < count && free; ++other) {
                free =
                    removed[other] || other == piece || !mustPrecede(pieces[other], pieces[piece]);
            }
            if (free) removed[piece] = changed = true;
        }
    }
    auto start = std::find(removed.begin(), removed.end(), false);
    if (start == removed.end()) return -1;
    std::size_t piece = std::size_t(start - removed.begin());
    std::vector<bool> visited(count, false);
    while (!visited[piece]) {
        visited[piece] = true;
        for (std::size_t other = 0; other < count; ++other) {
            if (!removed[other] && other != piece && mustPrecede(pieces[other], pieces[piece])) {
                piece = other;
                break;
            }
        }
    }
    return pieces[piece].net;
}

// Halfway between the source and the nearest height in use on the side of the pins (or the
// other side if there is none), so the jog runs where no other wire does.
double jogHeight(const ChannelNet& net, const std::vector<double>& heightsInUse) {
    const double pins =
        std::accumulate(net.sinkYs.begin(), net.sinkYs.end(), 0.0) / double(net.sinkYs.size());
    std::optional<double> above;
    std::optional<double> below;
    for (const double y : heightsInUse) {
        if (y < net.sourceY - kChannelHeightTolerance && (!above || y > *above)) above = y;
        if (y > net.sourceY + kChannelHeightTolerance && (!below || y < *below)) below = y;
    }
    const std::optional<double> neighbour =
        pins > net.sourceY ? (below ? below : above) : (above ? above : below);
    return (net.sourceY + neighbour.value_or(net.sourceY + 1.0)) / 2;
}

bool respectsOrder(const std::vector<Piece>& pieces, const std::vector<int>& order) {
    for (std::size_t first = 0; first < order.size(); ++first) {
        for (std::size_t second = first + 1; second < order.size(); ++second) {
            if (mustPrecede(pieces[order[second]], pieces[order[first]])) return false;
        }
    }
    return true;
}

std::vector<int> xFromOrder(std::size_t pieceCount, const std::vector<int>& order) {
    std::vector<int> xOfPiece(pieceCount, -1);
    for (std::size_t track = 0; track < order.size(); ++track) xOfPiece[order[track]] = int(track);
    return xOfPiece;
}

// A first order: pieces heading down first, the lowest start leftmost, then pieces heading
// up, the highest start leftmost (parallel wires then never cross), each taken as soon as
// nothing must precede it.
std::vector<int> greedyOrder(const std::vector<Piece>& pieces, std::vector<int> tracked) {
    const auto key = [&](int index) {
        const Piece& piece = pieces[index];
        const double start = piece.sourceY.value_or(piece.top);
        const bool headsDown = piece.bottom - start >= start - piece.top;
        return std::tuple(headsDown ? 0 : 1, headsDown ? -start : start, index);
    };
    std::sort(tracked.begin(), tracked.end(),
              [&](int left, int right) { return key(left) < key(right); });
    std::vector<int> order;
    while (!tracked.empty()) {
        auto next = std::find_if(tracked.begin(), tracked.end(), [&](int candidate) {
            return std::none_of(tracked.begin(), tracked.end(), [&](int other) {
                return other != candidate && mustPrecede(pieces[other], pieces[candidate]);
            });
        });
        if (next == tracked.end()) next = tracked.begin();  // unreachable: cycles are split
        order.push_back(*next);
        tracked.erase(next);
    }
    return order;
}

std::vector<int> bestOrder(const std::vector<Piece>& pieces, const std::vector<int>& tracked) {
    std::vector<int> order = greedyOrder(pieces, tracked);
    int fewest = countCrossings(pieces, xFromOrder(pieces.size(), order));
    if (int(tracked.size()) <= kMaxTracksSearchedExhaustively) {
        // Every order, in lexicographic order, so ties go to the same one every time.
        std::vector<int> candidate = tracked;
        do {
            if (!respectsOrder(pieces, candidate)) continue;
            const int crossings = countCrossings(pieces, xFromOrder(pieces.size(), candidate));
            if (crossings < fewest) {
                fewest = crossings;
                order = candidate;
            }
        } while (std::next_permutation(candidate.begin(), candidate.end()));
        return order;
    }
    // Larger channels: swap neighbours while that removes crossings and keeps the rules.
    for (bool improved = true; improved;) {
        improved = false;
        for (std::size_t index = 0; index + 1 < order.size(); ++index) {
            if (mustPrecede(pieces[order[index]], pieces[order[index + 1]])) continue;
            std::swap(order[index], order[index + 1]);
            const int crossings = countCrossings(pieces, xFromOrder(pieces.size(), order));
            if (crossings < fewest) {
                fewest = crossings;
                improved = true;
            } else {
                std::swap(order[index], order[index + 1]);
            }
        }
    }
    return order;
}

}  // namespace

int countChannelCrossings(const std::vector<ChannelNet>& nets,
                          const std::vector<ChannelRoute>& routes) {
    std::vector<Piece> pieces;
    std::vector<int> xOfPiece;
    for (std::size_t net = 0; net < nets.size(); ++net) {
        pieces.push_back(wholeNet(nets[net], int(net)));
        xOfPiece.push_back(routes[net].sinkTrack >= 0 ? routes[net].sinkTrack : routes[net].track);
    }
    return countCrossings(pieces, xOfPiece);
}

ChannelTracks assignChannelTracks(const std::vector<ChannelNet>& nets) {
    ChannelTracks result;
    result.routes.resize(nets.size());
    std::vector<Piece> pieces;
    std::vector<double> heightsInUse;
    for (std::size_t net = 0; net < nets.size(); ++net) {
        pieces.push_back(wholeNet(nets[net], int(net)));
        heightsInUse.push_back(nets[net].sourceY);
        heightsInUse.insert(heightsInUse.end(), nets[net].sinkYs.begin(), nets[net].sinkYs.end());
    }
    // Break every cycle by letting one of its nets jog: its source half must still precede
    // what it preceded, its pin half follow what it followed, but the halves are free of each
    // other.
    for (int net = netOnACycle(pieces); net >= 0; net = netOnACycle(pieces)) {
        const double jogY = jogHeight(nets[net], heightsInUse);
        heightsInUse.push_back(jogY);
        result.routes[net].jogY = jogY;
        Piece& whole = pieces[net];
        Piece pinHalf{net, std::nullopt, whole.sinkYs, std::min(jogY, whole.top),
                      std::max(jogY, whole.bottom)};
        whole.sinkYs.clear();
        whole.top = std::min(*whole.sourceY, jogY);
        whole.bottom = std::max(*whole.sourceY, jogY);
        pieces.push_back(std::move(pinHalf));
    }
    std::vector<int> tracked;
    for (std::size_t piece = 0; piece < pieces.size(); ++piece) {
        const bool straight = piece < nets.size() && goesStraight(nets[piece]);
        if (!straight) tracked.push_back(int(piece));
    }
    const std::vector<int> order = bestOrder(pieces, tracked);
    double position = 0;
    for (std::size_t track = 0; track < order.size(); ++track) {
        const std::size_t piece = std::size_t(order[track]);
        ChannelRoute& route = result.routes[pieces[piece].net];
        (piece < nets.size() ? route.track : route.sinkTrack) = int(track);
        if (track > 0) {
            const bool level = mustPrecede(pieces[order[track - 1]], pieces[piece]);
            position += level ? 2.0 : 1.0;
        }
        result.trackPositions.push_back(position);
    }
    result.trackCount = int(order.size());
    return result;
}

}  // namespace mlsyslab::widgets
