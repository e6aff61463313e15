#include "cli/CacheProbeOutput.h"

#include <cstdio>
#include <ostream>
#include <string>

#include "cli/JsonText.h"
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
    std::string json = "{\"cpu\": ";
    appendJsonString(json, measured.topology.cpuModel);
    json += concat(", \"clock_ghz\": ", fixed(measured.clockGHz, kGigahertzDecimals));
    json += ", \"caches\": [";
    for (std::size_t index = 0; index < measured.topology.caches.size(); ++index) {
        const CacheInfo& cache = measured.topology.caches[index];
        if (index > 0) json += ", ";
        json += concat("{\"level\": ", std::to_string(cache.level), ", \"type\": \"",
                       lowerTypeName(cache.type),
                       "\", \"size_bytes\": ", std::to_string(cache.sizeBytes),
                       ", \"ways\": ", std::to_string(cache.ways),
                       ", \"line_bytes\": ", std::to_string(cache.lineBytes), "}");
    }
    json += "], \"points\": [";
    for (std::size_t index = 0; index < measured.curve.points.size(); ++index) {
        const memory::LatencyPoint& point = measured.curve.points[index];
        if (index > 0) json += ", ";
        json += concat("{\"working_set_bytes\": ", std::to_string(point.workingSetBytes),
                       ", \"ns_per_load\": ", fixed(point.nanosecondsPerLoad, kNanosecondDecimals),
                       ", \"cycles_per_load\": ",
                       fixed(cyclesOf(point.nanosecondsPerLoad, measured.clockGHz), kCycleDecimals),
                       "}");
    }
    json += "], \"levels\": [";
    for (std::size_t index = 0; index < measured.levels.size(); ++index) {
        const memory::LevelLatency& level = measured.levels[index];
        if (index > 0) json += ", ";
        json += "{\"name\": ";
        appendJsonString(json, level.name);
        json += concat(", \"size_bytes\": ", std::to_string(level.sizeBytes),
                       ", \"ns\": ", fixed(level.nanoseconds, kNanosecondDecimals),
                       ", \"cycles\": ", fixed(level.cycles, kCycleDecimals), "}");
    }
    json += "]";
    if (measured.oneThread && measured.allThreads) {
        json +=
            concat(", \"bandwidth_gbps\": {\"one_thread\": ",
                   fixed(measured.oneThread->bestGBps, kBandwidthDecimals),
                   ", \"all_threads\": ", fixed(measured.allThreads->bestGBps, kBandwidthDecimals),
                   "}, \"bandwidth_threads\": ", std::to_string(measured.allThreads->threads),
                   ", \"bandwidth_array_bytes\": ", std::to_string(measured.oneThread->arrayBytes));
    } else {
        json +=
            ", \"bandwidth_gbps\": null, \"bandwidth_threads\": null, "
            "\"bandwidth_array_bytes\": null";
    }
    json += "}\n";
    out << json;
}

}  // namespace mlsyslab::cli
