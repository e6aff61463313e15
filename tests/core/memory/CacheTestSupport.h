#pragma once

#include <QString>
#include <QStringList>
#include <QtGlobal>
#include <cstdint>
#include <vector>

#include "memory/CacheHierarchy.h"

// Small builders and a readable rendering of LevelEvents for the cache simulator's tests: a
// hand-worked trace is written as the lines a person would write on paper, one per request.
namespace cachetest {

using namespace mlsyslab::memory;

inline CacheLevelConfig level(const char* name, std::uint64_t sizeBytes,
                              std::uint32_t associativity, std::uint32_t lineBytes,
                              std::uint32_t latencyCycles,
                              Replacement replacement = Replacement::Lru,
                              WritePolicy write = WritePolicy::Back) {
    CacheLevelConfig config;
    config.name = name;
    config.sizeBytes = sizeBytes;
    config.associativity = associativity;
    config.lineBytes = lineBytes;
    config.latencyCycles = latencyCycles;
    config.replacement = replacement;
    config.write = write;
    return config;
}

// A configuration that must be valid (a test's own mistake stops the test program).
inline CacheConfig hierarchy(std::vector<CacheLevelConfig> levels,
                             std::uint32_t memoryLatencyCycles = 100) {
    CacheConfig config;
    config.levels = std::move(levels);
    config.memoryLatencyCycles = memoryLatencyCycles;
    const auto valid = validateCacheConfig(config);
    if (!valid) qFatal("invalid test configuration: %s", valid.error().c_str());
    return *valid;
}

inline MemoryAccess load(std::uint64_t address, std::uint32_t sizeBytes = 1) {
    return {AccessKind::Load, address, sizeBytes};
}
inline MemoryAccess store(std::uint64_t address, std::uint32_t sizeBytes = 1) {
    return {AccessKind::Store, address, sizeBytes};
}

inline QString hex(std::uint64_t value) { return QStringLiteral("0x%1").arg(value, 0, 16); }

inline QString missKindName(MissKind kind) {
    switch (kind) {
        case MissKind::Compulsory:
            return QStringLiteral("compulsory");
        case MissKind::Capacity:
            return QStringLiteral("capacity");
        case MissKind::Conflict:
            return QStringLiteral("conflict");
    }
    return {};
}

// "L1 load 0x40 set 0: hit way 1", "L2 writeback 0x0 set 0: conflict miss, filled way 0,
// evicted 0x80 dirty", "L1 store 0x0 set 0: compulsory miss, forwarded".
inline QString describe(const LevelEvent& event) {
    QString text = QStringLiteral("L%1 ").arg(event.level + 1);
    text += event.isWriteback                 ? QStringLiteral("writeback")
            : event.kind == AccessKind::Store ? QStringLiteral("store")
                                              : QStringLiteral("load");
    text += QStringLiteral(" %1 set %2: ").arg(hex(event.lineAddress)).arg(event.set);
    if (event.hit) {
        text += QStringLiteral("hit way %1").arg(event.way);
    } else {
        if (event.missKind) text += missKindName(*event.missKind) + QStringLiteral(" ");
        text += QStringLiteral("miss");
        if (event.filled) text += QStringLiteral(", filled way %1").arg(event.way);
        if (event.evictedLineAddress) {
            text += QStringLiteral(", evicted ") + hex(*event.evictedLineAddress);
            if (event.evictedDirty) text += QStringLiteral(" dirty");
        }
    }
    if (event.forwarded) text += QStringLiteral(", forwarded");
    return text;
}

// Every event of every line reference, each reference closed by what served it and its cost:
// "served by L2, 10 cycles" or "served by memory, 100 cycles".
inline QStringList describe(const std::vector<ReferenceOutcome>& outcomes) {
    QStringList lines;
    for (const ReferenceOutcome& outcome : outcomes) {
        for (const LevelEvent& event : outcome.events) lines << describe(event);
        lines << (outcome.servedByLevel
                      ? QStringLiteral("served by L%1, %2 cycles")
                            .arg(*outcome.servedByLevel + 1)
                            .arg(outcome.cycles)
                      : QStringLiteral("served by memory, %1 cycles").arg(outcome.cycles));
    }
    return lines;
}

// "way 0: 0x40 (tag 2) dirty, recency 1" for each valid way of a set; "way 1: empty".
inline QStringList describe(const std::vector<CacheLineState>& ways) {
    QStringList lines;
    for (std::size_t way = 0; way < ways.size(); ++way) {
        const CacheLineState& state = ways[way];
        if (!state.valid) {
            lines << QStringLiteral("way %1: empty").arg(way);
            continue;
        }
        lines << QStringLiteral("way %1: %2 (tag %3)%4, recency %5")
                     .arg(way)
                     .arg(hex(state.lineAddress))
                     .arg(state.tag)
                     .arg(state.dirty ? QStringLiteral(" dirty") : QString())
                     .arg(state.recency);
    }
    return lines;
}

}  // namespace cachetest
