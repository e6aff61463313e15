#include "memory/CacheStats.h"

namespace mlsyslab::memory {

double LevelStats::hitRate() const {
    const std::uint64_t total = requests();
    return total == 0 ? 0.0 : static_cast<double>(hits) / static_cast<double>(total);
}

double CacheStats::averageMemoryAccessTime() const {
    return lineReferences == 0
               ? 0.0
               : static_cast<double>(totalCycles) / static_cast<double>(lineReferences);
}

}  // namespace mlsyslab::memory
