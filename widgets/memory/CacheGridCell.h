#pragma once

#include <QFont>
#include <QPalette>
#include <QRect>
#include <optional>

#include "memory/CacheHierarchy.h"

class QPainter;

namespace mlsyslab::widgets {

// How the current access marked a way of the grid.
enum class CacheCellMark { None, Hit, Miss, Writeback };

// Everything one way of the cache grid shows.
struct CacheCellLook {
    memory::CacheLineState line;
    CacheCellMark mark = CacheCellMark::None;
    std::optional<std::uint64_t> evictedLine;  // the line this access's fill replaced
    double flashProgress = 1.0;                // 0 = the flash's strongest colour, 1 = the tint
    bool showsLineAddress = true;              // false when the cell is too narrow for it
};

struct CacheCellFonts {
    QFont tag;    // large, for the tag
    QFont small;  // for the D badge, the line address and the recency
    int padding = 0;
};

// Draws one way: an empty way as a grey "—"; a line as its tag (top), and a bottom row with a
// D badge when dirty, the line address (or "evicted 0x80" in the eviction colour when this
// access replaced a line) and the recency. A hit or miss fills the cell with the flash colour
// fading to a pale tint and outlines it; a dirty line, or a way that took a writeback, is
// outlined in the dirty colour; an evicting fill gets a dashed outline in the gap around it.
void paintCacheCell(QPainter& painter, const QRect& cell, const CacheCellLook& look,
                    const CacheCellFonts& fonts, const QPalette& colors);

}  // namespace mlsyslab::widgets
