#include "memory/CacheConfig.h"

#include <bit>

#include "common/Concat.h"

namespace mlsyslab::memory {

namespace {

std::string levelText(const CacheLevelConfig& level, std::size_t index) {
    return level.name.empty() ? concat("L", std::to_string(index + 1)) : level.name;
}

Result<CacheConfig> invalid(std::string message) {
    return Result<CacheConfig>::failure(std::move(message));
}

CacheLevelConfig level(std::string name, std::uint64_t sizeBytes, std::uint32_t associativity,
                       std::uint32_t latencyCycles) {
    CacheLevelConfig result;
    result.name = std::move(name);
    result.sizeBytes = sizeBytes;
    result.associativity = associativity;
    result.lineBytes = 64;
    result.latencyCycles = latencyCycles;
    return result;
}

}  // namespace

std::string_view replacementName(Replacement replacement) {
    switch (replacement) {
        case Replacement::Lru: return "lru";
        case Replacement::Fifo: return "fifo";
        case Replacement::Random: return "random";
    }
    return "lru";
}

std::string_view writePolicyName(WritePolicy policy) {
    return policy == WritePolicy::Through ? "through" : "back";
}

std::uint32_t CacheLevelConfig::ways() const {
    return associativity == 0 ? static_cast<std::uint32_t>(lineCount()) : associativity;
}

std::uint64_t CacheLevelConfig::setCount() const {
    const std::uint32_t wayCount = ways();
    return wayCount == 0 ? 0 : lineCount() / wayCount;
}

Result<CacheConfig> validateCacheConfig(CacheConfig config) {
    if (config.levels.empty()) return invalid("a cache needs at least one level");
    if (config.levels.size() > kMaxCacheLevels) {
        return invalid(concat("at most ", std::to_string(kMaxCacheLevels), " cache levels, not ",
                              std::to_string(config.levels.size())));
    }
    for (std::size_t index = 0; index < config.levels.size(); ++index) {
        CacheLevelConfig& current = config.levels[index];
        if (current.name.empty()) current.name = levelText(current, index);
        const std::string& name = current.name;
        if (current.lineBytes == 0 || !std::has_single_bit(current.lineBytes)) {
            return invalid(concat(name, ": line size ", std::to_string(current.lineBytes),
                                  " bytes is not a power of two"));
        }
        if (current.sizeBytes == 0) return invalid(concat(name, ": size must be more than 0 bytes"));
        if (current.associativity == 0) {
            if (current.sizeBytes % current.lineBytes != 0) {
                return invalid(concat(name, ": size ", std::to_string(current.sizeBytes),
                                      " bytes is not a multiple of the line size (",
                                      std::to_string(current.lineBytes), ")"));
            }
        } else if (current.sizeBytes %
                       (std::uint64_t{current.lineBytes} * current.associativity) != 0) {
            return invalid(concat(name, ": size ", std::to_string(current.sizeBytes),
                                  " bytes is not a multiple of line (",
                                  std::to_string(current.lineBytes), ") x associativity (",
                                  std::to_string(current.associativity), ")"));
        }
        if (current.lineCount() > kMaxLinesPerLevel) {
            return invalid(concat(name, ": ", std::to_string(current.lineCount()),
                                  " lines is more than the simulator holds (at most ",
                                  std::to_string(kMaxLinesPerLevel), " lines per level)"));
        }
        if (current.latencyCycles == 0) {
            return invalid(concat(name, ": latency must be at least 1 cycle"));
        }
        if (index == 0) continue;
        const CacheLevelConfig& above = config.levels[index - 1];
        if (current.lineBytes < above.lineBytes) {
            return invalid(concat(name, ": line size ", std::to_string(current.lineBytes),
                                  " bytes is smaller than ", above.name, "'s ",
                                  std::to_string(above.lineBytes),
                                  " (line sizes may not shrink further from the core)"));
        }
        if (current.latencyCycles <= above.latencyCycles) {
            return invalid(concat(name, ": latency ", std::to_string(current.latencyCycles),
                                  " cycles must be more than ", above.name, "'s ",
                                  std::to_string(above.latencyCycles),
                                  " (latencies are load-to-use totals from the core)"));
        }
    }
    const CacheLevelConfig& last = config.levels.back();
    if (config.memoryLatencyCycles <= last.latencyCycles) {
        return invalid(concat("memory latency ", std::to_string(config.memoryLatencyCycles),
                              " cycles must be more than ", last.name, "'s ",
                              std::to_string(last.latencyCycles)));
    }
    return config;
}

std::vector<std::string> cachePresetNames() { return {"lecture", "modern-server", "tiny"}; }

Result<CacheConfig> cachePreset(std::string_view name) {
    CacheConfig config;
    if (name == "lecture") {
        // The lecture's latencies (seed 003: L1 4, L2 10, L3 40, RAM 100 cycles) on caches small
        // enough that the sets x ways grid fits a screen: 16, 64 and 256 lines of 64 bytes.
        config.levels = {level("L1", 1024, 4, 4), level("L2", 4096, 8, 10),
                         level("L3", 16384, 16, 40)};
        config.memoryLatencyCycles = 100;
    } else if (name == "modern-server") {
        // One core's view of an Intel Sapphire Rapids Xeon (Intel 64 and IA-32 Optimization
        // Reference Manual, Golden Cove: L1D 48 KiB 12-way 5 cycles, L2 2 MiB 16-way 16 cycles);
        // L3 and DRAM latencies are typical measured figures (~70 cycles, ~100 ns at 2.5 GHz).
        config.levels = {level("L1", 48 * 1024, 12, 5), level("L2", 2 * 1024 * 1024, 16, 16),
                         level("L3", 32 * 1024 * 1024, 16, 70)};
        config.memoryLatencyCycles = 250;
    } else if (name == "tiny") {
        // CS:APP-style hand-worked examples: 8 sets, direct mapped, 16-byte lines.
        CacheLevelConfig only = level("L1", 128, 1, 1);
        only.lineBytes = 16;
        config.levels = {only};
        config.memoryLatencyCycles = 10;
    } else {
        return Result<CacheConfig>::failure(
            concat("unknown cache preset '", name, "' (lecture, modern-server or tiny)"));
    }
    return validateCacheConfig(std::move(config));
}

}  // namespace mlsyslab::memory
