#include "cli/CacheRunOutput.h"

#include <algorithm>
#include <cstdio>
#include <ostream>
#include <string>
#include <vector>

#include "cli/JsonLine.h"
#include "common/Concat.h"
#include "memory/CacheHierarchy.h"

namespace mlsyslab::cli {

namespace {

std::string fixed(double value, int decimals) {
    char text[48];
    std::snprintf(text, sizeof text, "%.*f", decimals, value);
    return text;
}

std::string percent(const memory::LevelStats& level) {
    return level.requests() == 0 ? "-" : concat(fixed(100.0 * level.hitRate(), 2), "%");
}

// Columns of text, the first left-aligned and the others right-aligned, two spaces apart.
void printTable(const std::vector<std::vector<std::string>>& rows, std::ostream& out) {
    std::vector<std::size_t> widths;
    for (const auto& row : rows) {
        widths.resize(std::max(widths.size(), row.size()), 0);
        for (std::size_t column = 0; column < row.size(); ++column) {
            widths[column] = std::max(widths[column], row[column].size());
        }
    }
    for (const auto& row : rows) {
        std::string line;
        for (std::size_t column = 0; column < row.size(); ++column) {
            const std::string padding(widths[column] - row[column].size(), ' ');
            if (column > 0) line += "  ";
            line += column == 0 ? row[column] + padding : padding + row[column];
        }
        out << line << '\n';
    }
}

std::string levelGeometry(const memory::CacheLevelConfig& level) {
    const std::string ways = level.associativity == 0 ? "fully associative"
                             : level.associativity == 1
                                 ? "direct mapped"
                                 : concat(std::to_string(level.associativity), "-way");
    return concat(std::to_string(level.sizeBytes), " B, ", ways, ", ",
                  std::to_string(level.lineBytes), " B lines, ",
                  memory::replacementName(level.replacement), ", write-",
                  memory::writePolicyName(level.write), ", ", std::to_string(level.latencyCycles),
                  level.latencyCycles == 1 ? " cycle" : " cycles");
}

// "t1 + m1*(t2 + m2*t_mem)" for as many levels as the configuration has.
std::string textbookFormula(std::size_t levelCount) {
    std::string inner = "t_mem";
    for (std::size_t index = levelCount; index >= 1; --index) {
        const std::string number = std::to_string(index);
        const bool last = index == levelCount;
        inner = concat("t", number, " + m", number, "*", last ? inner : concat("(", inner, ")"));
    }
    return inner;
}

}  // namespace

void printCacheRunText(const CacheRunReport& report, std::ostream& out) {
    const memory::CacheStats& stats = report.stats;
    const auto& levels = report.config.levels;
    for (std::size_t index = 0; index < levels.size(); ++index) {
        out << levels[index].name << ": " << levelGeometry(levels[index]) << '\n';
    }
    out << "memory: " << report.config.memoryLatencyCycles << " cycles\n";
    out << "accesses: " << report.accesses << " (" << stats.lineReferences << " line references)";
    if (report.skippedLines > 0) out << ", " << report.skippedLines << " malformed lines skipped";
    out << "\n\n";

    std::vector<std::vector<std::string>> rows{{"level", "hits", "misses", "hit rate", "evictions",
                                                "writebacks", "compulsory", "capacity",
                                                "conflict"}};
    for (std::size_t index = 0; index < stats.levels.size() && index < levels.size(); ++index) {
        const memory::LevelStats& level = stats.levels[index];
        rows.push_back(
            {levels[index].name, std::to_string(level.hits), std::to_string(level.misses),
             percent(level), std::to_string(level.evictions), std::to_string(level.writebacks),
             std::to_string(level.compulsoryMisses), std::to_string(level.capacityMisses),
             std::to_string(level.conflictMisses)});
    }
    printTable(rows, out);
    out << '\n';
    out << "memory reads: " << stats.memoryReads << '\n'
        << "memory writes: " << stats.memoryWrites << '\n'
        << "total cycles: " << stats.totalCycles << '\n'
        << "AMAT: " << fixed(stats.averageMemoryAccessTime(), 4)
        << " cycles (total cycles / line references, load-to-use latencies)\n"
        << "textbook AMAT: " << fixed(memory::textbookAmat(report.config, stats), 4) << " cycles ("
        << textbookFormula(levels.size()) << ", local miss rates, each latency as an increment)\n";
}

void printCacheRunJson(const CacheRunReport& report, std::ostream& out) {
    const memory::CacheStats& stats = report.stats;
    Json levels = Json::array();
    for (std::size_t index = 0; index < stats.levels.size() && index < report.config.levels.size();
         ++index) {
        const memory::LevelStats& level = stats.levels[index];
        Json entry;
        entry["name"] = report.config.levels[index].name;
        entry["hits"] = level.hits;
        entry["misses"] = level.misses;
        entry["evictions"] = level.evictions;
        entry["writebacks"] = level.writebacks;
        entry["compulsory"] = level.compulsoryMisses;
        entry["capacity"] = level.capacityMisses;
        entry["conflict"] = level.conflictMisses;
        entry["hit_rate"] = jsonNumber(level.hitRate());
        levels.push_back(std::move(entry));
    }
    Json object;
    object["levels"] = std::move(levels);
    object["memory"] = {{"reads", stats.memoryReads}, {"writes", stats.memoryWrites}};
    object["total_cycles"] = stats.totalCycles;
    object["amat"] = jsonNumber(stats.averageMemoryAccessTime());
    object["textbook_amat"] = jsonNumber(memory::textbookAmat(report.config, stats));
    object["accesses"] = report.accesses;
    object["references"] = stats.lineReferences;
    object["skipped_lines"] = report.skippedLines;
    out << jsonLine(object) << '\n';
}

}  // namespace mlsyslab::cli
