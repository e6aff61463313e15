#pragma once

#include <vector>

namespace mlsyslab::widgets {

// The wires in the channel between two columns of a circuit drawing. Each net enters the
// channel at one height on the left (its source) and leaves at one or more heights on the
// right (the pins it feeds); it runs horizontally from its source to its own vertical track,
// along the track, and horizontally out to each pin. Giving every net its own track keeps the
// vertical runs apart; ordering the tracks keeps the horizontal runs apart too: where a net
// enters at the height at which another one leaves, the entering net's track must come first,
// or the two horizontal runs would lie on top of each other.
//
// When those rules contradict each other (two nets that swap heights, each entering where the
// other leaves), one of them jogs: it enters on a track of its own, runs across at a height
// no other wire uses in the channel, and leaves from a second track.

struct ChannelNet {
    double sourceY = 0;
    std::vector<double> sinkYs;
};

struct ChannelRoute {
    int track = -1;      // from the left edge (0, 1, ...); -1: straight across, no track
    int sinkTrack = -1;  // the second track of a net that jogs, else -1
    double jogY = 0;     // where a jogging net crosses from `track` to `sinkTrack`
};

struct ChannelTracks {
    std::vector<ChannelRoute> routes;  // one per net, in the nets' order
    int trackCount = 0;
    // Where each track lies, in track spacings from the first. Tracks are one spacing apart,
    // but two where a net's source run ends level with the next net's pin run: the gap between
    // two wires on one line must be wide enough to see that they are two.
    std::vector<double> trackPositions;
};

// Heights closer than this are the same height.
inline constexpr double kChannelHeightTolerance = 1e-6;

// Deterministic: the same nets in the same order give the same tracks. Among the orders that
// keep horizontal runs apart, picks one with few crossings (the fewest for small channels).
ChannelTracks assignChannelTracks(const std::vector<ChannelNet>& nets);

// Where a net's source or pin runs cross another net's vertical run, for these routes (jogs
// are not counted).
int countChannelCrossings(const std::vector<ChannelNet>& nets,
                          const std::vector<ChannelRoute>& routes);

}  // namespace mlsyslab::widgets
