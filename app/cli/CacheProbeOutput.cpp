#include "cli/CacheProbeOutput.h"

#include <cstdio>
#include <ostream>
#include <string>

#include "cli/JsonLine.h"
#include "common/Concat.h"

namespace mlsyslab::cli {

namespace {

using memory::CacheInfo;
using memory::CacheType;

// Measured figures are good to a few per cent: more digits would be noise.
constexpr int kNanosecondDecimals = 3;
constexpr int kCycleDecimals = 2;
constexpr int kGigahertzDecimals = 3;
constexpr int kBandwidthDecimals = 2;

std::string fixed(double value, int decimals) {
    char text[48];
    std::snprintf(text, sizeof text, "%.*f", decimals, value);
    return text;
}

// "32 KiB", "1 MiB", "1.25 MiB", "512 B": for the comment lines a person reads.
std::string sizeText(std::uint64_t bytes) {
    const char* units[] = {"B", "KiB", "MiB", "GiB"};
    double value = double(bytes);
    int unit = 0;
    while (value >= 1024.0 && unit < 3) {
        value /= 1024.0;
        ++unit;
    }
    char text[48];
    std::snprintf(text, sizeof text, "%.4g %s", value, units[unit]);
    return text;
}

std::string cacheName(const CacheInfo& cache) {
    const std::string level = concat("L", std::to_string(cache.level));
    switch (cache.type) {
        case CacheType::Data:
            return concat(level, "d");
        case CacheType::Instruction:
            return concat(level, "i");
        case CacheType::Unified:
            return level;
    }
    return level;
}

std::string lowerTypeName(CacheType type) {
    switch (type) {
        case CacheType::Data:
            return "data";
        case CacheType::Instruction:
            return "instruction";
        case CacheType::Unified:
            return "unified";
    }
    return "unified";
}

double cyclesOf(double nanoseconds, double clockGHz) { return nanoseconds * clockGHz; }

}  // namespace

void printCacheProbeText(const CacheProbeReport& report, std::ostream& out) {
    const memory::MachineMeasurement& measured = report.measurement;
    const std::string cpu =
        measured.topology.cpuModel.empty() ? "unknown" : measured.topology.cpuModel;
    out << "# cpu: " << cpu << '\n';
    out << "# clock: " << fixed(measured.clockGHz, kGigahertzDecimals)
        << " GHz (estimated: a chain of dependent additions, one cycle each)\n";
    std::string caches;
    for (const CacheInfo& cache : measured.topology.caches) {
        if (!caches.empty()) caches += ", ";
        caches += concat(cacheName(cache), " ", sizeText(cache.sizeBytes));
        if (cache.ways > 0) caches += concat(" ", std::to_string(cache.ways), "-way");
    }
    out << "# caches: " << (caches.empty() ? "not reported by the system" : caches) << '\n';
    if (report.memoryLimitBytes > 0) {
        out << "# note: working sets above " << sizeText(report.memoryLimitBytes)
            << " left out (a quarter of the free memory)\n";
    }
    out << "# SIZE_BYTES NS_PER_LOAD\n";
    for (const memory::LatencyPoint& point : measured.curve.points) {
        out << point.workingSetBytes << ' ' << fixed(point.nanosecondsPerLoad, kNanosecondDecimals)
            << '\n';
    }
    out << "# plateaus: LEVEL SIZE_BYTES NS CYCLES\n";
    for (const memory::LevelLatency& level : measured.levels) {
        out << "# " << level.name << ' ' << level.sizeBytes << ' '
            << fixed(level.nanoseconds, kNanosecondDecimals) << ' '
            << fixed(level.cycles, kCycleDecimals) << '\n';
    }
    if (measured.oneThread && measured.allThreads) {
        out << "# triad bandwidth: " << fixed(measured.oneThread->bestGBps, kBandwidthDecimals)
            << " GB/s on 1 thread, " << fixed(measured.allThreads->bestGBps, kBandwidthDecimals)
            << " GB/s on " << measured.allThreads->threads << " threads (best of "
            << report.bandwidthRuns << " runs, arrays of "
            << sizeText(measured.oneThread->arrayBytes) << ", STREAM's byte count)\n";
    }
}

void printCacheProbeJson(const CacheProbeReport& report, std::ostream& out) {
    const memory::MachineMeasurement& measured = report.measurement;
    Json object;
    object["cpu"] = measured.topology.cpuModel;
    object["clock_ghz"] = jsonRounded(measured.clockGHz, kGigahertzDecimals);
    Json caches = Json::array();
    for (const CacheInfo& cache : measured.topology.caches) {
        caches.push_back({{"level", cache.level},
                          {"type", lowerTypeName(cache.type)},
                          {"size_bytes", cache.sizeBytes},
                          {"ways", cache.ways},
                          {"line_bytes", cache.lineBytes}});
    }
    object["caches"] = std::move(caches);
    Json points = Json::array();
    for (const memory::LatencyPoint& point : measured.curve.points) {
        const double cycles = cyclesOf(point.nanosecondsPerLoad, measured.clockGHz);
        points.push_back(
            {{"working_set_bytes", point.workingSetBytes},
             {"ns_per_load", jsonRounded(point.nanosecondsPerLoad, kNanosecondDecimals)},
             {"cycles_per_load", jsonRounded(cycles, kCycleDecimals)}});
    }
    object["points"] = std::move(points);
    Json levels = Json::array();
    for (const memory::LevelLatency& level : measured.levels) {
        levels.push_back({{"name", level.name},
                          {"size_bytes", level.sizeBytes},
                          {"ns", jsonRounded(level.nanoseconds, kNanosecondDecimals)},
                          {"cycles", jsonRounded(level.cycles, kCycleDecimals)}});
    }
    object["levels"] = std::move(levels);
    if (measured.oneThread && measured.allThreads) {
        object["bandwidth_gbps"] = {
            {"one_thread", jsonRounded(measured.oneThread->bestGBps, kBandwidthDecimals)},
            {"all_threads", jsonRounded(measured.allThreads->bestGBps, kBandwidthDecimals)}};
        object["bandwidth_threads"] = measured.allThreads->threads;
        object["bandwidth_array_bytes"] = measured.oneThread->arrayBytes;
    } else {
        object["bandwidth_gbps"] = nullptr;
        object["bandwidth_threads"] = nullptr;
        object["bandwidth_array_bytes"] = nullptr;
    }
    out << jsonLine(object) << '\n';
}

}  // namespace mlsyslab::cli
