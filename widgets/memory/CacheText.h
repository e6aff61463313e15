#pragma once

#include <QCoreApplication>
#include <QString>
#include <vector>

#include "memory/CacheHierarchy.h"

namespace mlsyslab::widgets {

// How the cache simulator words what happened, in one place so that the access list, the grid's
// caption and the tests agree.
class CacheText {
    Q_DECLARE_TR_FUNCTIONS(CacheText)
public:
    // "0x1a0": lower-case hex digits, as Lackey writes addresses.
    static QString hex(std::uint64_t value);
    // "L 0x1000, 4 B" (S for a store).
    static QString access(const memory::MemoryAccess& access);
    // "compulsory", "capacity", "conflict".
    static QString missKind(memory::MissKind kind);
    // What one access did at every level, and its cost:
    // "L1 miss (compulsory), L2 hit: 10 cycles"; "L1 miss (conflict, evicts dirty 0x80),
    // memory: 10 cycles"; an access split over two lines names each line: "0x3c: L1 hit;
    // 0x40: L1 miss (compulsory), memory: 11 cycles".
    static QString outcome(const std::vector<memory::ReferenceOutcome>& outcomes,
                           const memory::CacheConfig& config);
    // A row of the access list: "#5  L 0x00, 4 B  →  L1 miss …: 10 cycles", or without the
    // outcome for an access not yet made: "#6  L 0x10, 4 B". The number is padded on the left
    // to `numberWidth` digits so that the rows line up.
    static QString listRow(std::size_t index, const memory::MemoryAccess& access,
                           const std::vector<memory::ReferenceOutcome>* outcomes,
                           const memory::CacheConfig& config, int numberWidth = 1);
    // How a level splits an address: "0x84 = tag 0x1 · set 0 · offset 4".
    static QString addressFields(std::uint64_t address, const memory::CacheLevelConfig& level);
    // What the access shown did at one level, a clause per request there: "miss (conflict),
    // filled way 0, evicting 0x80 (dirty: written back to memory)"; "hit in way 2; then a
    // writeback of 0x80 from above: hit in way 1"; "not asked: a level above had the line".
    static QString levelStory(const std::vector<memory::ReferenceOutcome>& outcomes,
                              std::size_t level, const memory::CacheConfig& config);
    // "L1 1 KiB 4-way · L2 4 KiB 8-way · L3 16 KiB 16-way · 64 B lines · 4 / 10 / 40 / 100
    // cycles".
    static QString configSummary(const memory::CacheConfig& config);
    // One level and memory: "L1: 1 KiB, 4 sets × 4 ways of 64 B lines, 4 cycles · memory: 100
    // cycles".
    static QString levelSummary(const memory::CacheConfig& config, std::size_t level);
    // "1 KiB", "32 MiB", "48 KiB", "100 B".
    static QString bytes(std::uint64_t count);
    // "4-way", "direct mapped", "fully associative".
    static QString associativity(const memory::CacheLevelConfig& level);
    // A percentage with one decimal: "93.8 %".
    static QString percent(double fraction);
};

}  // namespace mlsyslab::widgets
