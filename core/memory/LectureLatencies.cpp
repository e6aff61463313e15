#include "memory/LectureLatencies.h"

namespace mlsyslab::memory {

std::optional<HierarchyLevel> hierarchyLevelFromKey(std::string_view key) {
    for (const LectureLatency& latency : kLectureLatencies) {
        if (latency.key == key) return latency.level;
    }
    return std::nullopt;
}

std::string_view plateauName(HierarchyLevel level) {
    switch (level) {
        case HierarchyLevel::L1:
            return "L1";
        case HierarchyLevel::L2:
            return "L2";
        case HierarchyLevel::L3:
            return "L3";
        case HierarchyLevel::Ram:
            return "DRAM";
        case HierarchyLevel::Registers:
        case HierarchyLevel::Ssd:
            return "";
    }
    return "";
}

}  // namespace mlsyslab::memory
