#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

namespace mlsyslab::memory {

// The levels of the memory hierarchy as the lecture's latency ladder lists them, core outward.
enum class HierarchyLevel : std::uint8_t { Registers, L1, L2, L3, Ram, Ssd };
inline constexpr int kHierarchyLevelCount = 6;

struct LectureLatency {
    HierarchyLevel level;
    std::string_view key;  // as lesson files name it: "registers", "l1", ..., "ssd"
    double cycles;         // the lecture's round figure
    bool measurable;       // whether the latency probe measures this level on this machine
};

// The lecture's ladder (seed 003): "registers - accessible in 1 cycle. Then L1 cache takes 4
// cycles, L2 takes 10 cycles, L3 takes 40 cycles ... RAM takes about 100 cycles. SSD storage
// takes as many as 10,000 cycles." Registers are not measured (a register is always there), nor
// is the SSD (a read goes through the operating system and its page cache, not a load).
inline constexpr std::array<LectureLatency, kHierarchyLevelCount> kLectureLatencies = {{
    {HierarchyLevel::Registers, "registers", 1.0, false},
    {HierarchyLevel::L1, "l1", 4.0, true},
    {HierarchyLevel::L2, "l2", 10.0, true},
    {HierarchyLevel::L3, "l3", 40.0, true},
    {HierarchyLevel::Ram, "ram", 100.0, true},
    {HierarchyLevel::Ssd, "ssd", 10'000.0, false},
}};

// The level a lesson key names, or nothing.
std::optional<HierarchyLevel> hierarchyLevelFromKey(std::string_view key);

// The probe's name of a level's plateau ("L1", "L2", "L3", "DRAM"; LatencyPlateaus.h), or ""
// for the levels it does not measure.
std::string_view plateauName(HierarchyLevel level);

}  // namespace mlsyslab::memory
