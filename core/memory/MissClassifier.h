#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "memory/CacheStats.h"
#include "memory/LineIndex.h"
#include "memory/LineSet.h"

namespace mlsyslab::memory {

// The 3C split of one level's misses (Hill), computed exactly beside the real level:
// - compulsory: the level has never held the line (an infinitely large cache with the same
//   allocate rule would miss too);
// - capacity: otherwise, when a fully associative LRU cache of the same number of lines, fed
//   the same requests with the same allocate rule, misses too;
// - conflict: the rest, misses caused only by the mapping of lines to sets.
// The lines ever held are a hash set and the shadow cache a hash index plus an LRU list, so each
// request costs O(1) whatever the size of the level.
class MissClassifier {
public:
    explicit MissClassifier(std::uint64_t lineCount);

    // Feeds one request to the shadow cache (`allocates`: a miss installs the line, which is
    // false only for a store to a write-through level) and, when the real level missed, says
    // what kind of miss it was.
    std::optional<MissKind> classify(std::uint64_t lineNumber, bool realHit, bool allocates);

    std::size_t footprintBytes() const;

private:
    // The shadow: a fully associative LRU cache, most recent first in a doubly linked list.
    bool referenceShadow(std::uint64_t lineNumber, bool allocates);
    void unlink(std::uint32_t node);
    void pushNewest(std::uint32_t node);

    static constexpr std::uint32_t kNone = UINT32_MAX;

    std::uint64_t capacityLines_ = 0;
    LineSet everHeld_;
    LineIndex shadowIndex_;  // line -> node
    struct Node {
        std::uint64_t lineNumber = 0;
        std::uint32_t newer = kNone;
        std::uint32_t older = kNone;
    };
    std::vector<Node> nodes_;  // one per line the shadow holds, reused once it is full
    std::uint32_t newest_ = kNone;
    std::uint32_t oldest_ = kNone;
};

}  // namespace mlsyslab::memory
