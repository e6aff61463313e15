#pragma once

#include <cstdint>

namespace mlsyslab::memory {

// What the program asked the memory system to do. A Lackey `M` (modify) line is two accesses:
// a load, then a store of the same bytes.
enum class AccessKind : std::uint8_t { Load, Store };

// One access as a trace records it: a kind, a byte address and a size in bytes (at least 1).
// The cache splits it at L1 line boundaries into line references.
struct MemoryAccess {
    AccessKind kind = AccessKind::Load;
    std::uint64_t address = 0;
    std::uint32_t sizeBytes = 1;

    friend bool operator==(const MemoryAccess&, const MemoryAccess&) = default;
};

}  // namespace mlsyslab::memory
