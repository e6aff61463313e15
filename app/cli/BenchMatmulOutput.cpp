#include "cli/BenchMatmulOutput.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ostream>

#include "cli/JsonLine.h"
#include "common/Concat.h"
#include "matmul/MatmulBenchText.h"

namespace mlsyslab::cli {

namespace {

using matmul::BenchStatus;
using matmul::MatmulBenchResult;

bool wasMeasured(const MatmulBenchResult& result) {
    return result.status == BenchStatus::Ok || result.status == BenchStatus::Wrong;
}

std::string printed(const char* format, double value) {
    char text[48];
    std::snprintf(text, sizeof text, format, value);
    return text;
}

// "33.6 MFLOP", "17.2 GFLOP": the work of one multiplication.
std::string flopsText(double flops) {
    static constexpr const char* kUnits[] = {"FLOP", "kFLOP", "MFLOP", "GFLOP", "TFLOP", "PFLOP"};
    std::size_t unit = 0;
    while (flops >= 999.95 && unit + 1 < std::size(kUnits)) {
        flops /= 1000.0;
        ++unit;
    }
    return concat(printed(unit == 0 ? "%.0f" : "%.1f", flops), " ", kUnits[unit]);
}

// Three significant figures or so, without the exponent a table reader trips on.
std::string gflopsText(double gflops) {
    if (gflops < 10.0) return printed("%.2f", gflops);
    if (gflops < 100.0) return printed("%.1f", gflops);
    return printed("%.0f", gflops);
}

// Four significant figures in plain decimals (at most 6 after the point): "1455", "1.455",
// "0.3051", "0.000123".
std::string millisecondsText(double seconds) {
    const double milliseconds = seconds * 1e3;
    if (!(milliseconds > 0.0)) return "0";
    const int decimals = std::clamp(3 - int(std::floor(std::log10(milliseconds))), 0, 6);
    char text[48];
    std::snprintf(text, sizeof text, "%.*f", decimals, milliseconds);
    return text;
}

std::string speedupText(double speedup) {
    return concat(printed(speedup < 100.0 ? "%.1f" : "%.0f", speedup), "x");
}

// The backend the speedups are over: naive where it was measured, else the first that was.
const MatmulBenchResult* speedupBaseline(const std::vector<MatmulBenchResult>& results) {
    const MatmulBenchResult* first = nullptr;
    for (const MatmulBenchResult& result : results) {
        if (!wasMeasured(result) || result.statistics.medianSeconds <= 0.0) continue;
        if (result.backend == "naive") return &result;
        if (first == nullptr) first = &result;
    }
    return first;
}

Json machineJson(const matmul::MachineDescription& machine) {
    Json object;
    object["cpu"] = machine.cpuModel;
    object["logical_cores"] = machine.logicalCores;
    object["physical_cores"] = machine.physicalCores;
    object["simd"] = machine.simdLevel;
    object["fma_peak_gflops_one_thread"] = jsonNumber(machine.fmaPeakGflopsOneThread);
    object["fma_peak_gflops_all_threads"] = jsonNumber(machine.fmaPeakGflopsAllThreads);
    object["openblas"] = machine.openBlas;
    Json gpus = Json::array();
    for (const matmul::GpuDescription& gpu : machine.gpus) {
        gpus.push_back(
            {{"name", gpu.name},
             {"memory_bytes", gpu.memoryBytes},
             {"compute_capability", concat(std::to_string(gpu.computeCapabilityMajor), ".",
                                           std::to_string(gpu.computeCapabilityMinor))},
             {"multiprocessors", gpu.multiprocessors}});
    }
    object["gpus"] = std::move(gpus);
    object["gpu_unavailable_reason"] = machine.gpuUnavailableReason;
    return object;
}

// A figure that only a measured run has: null for the others (an error, a skipped backend).
Json resultJson(const MatmulBenchResult& result) {
    const bool measured = wasMeasured(result);
    const auto measuredNumber = [&](double value) {
        return measured ? jsonNumber(value) : Json(nullptr);
    };
    Json object;
    object["backend"] = result.backend;
    object["m"] = result.shape.m;
    object["n"] = result.shape.n;
    object["k"] = result.shape.k;
    object["threads"] = result.threads;
    object["median_s"] = measuredNumber(result.statistics.medianSeconds);
    object["gflops"] = measuredNumber(result.gflops);
    object["max_rel_err"] = measuredNumber(result.maxRelativeError);
    object["status"] = result.statusText();
    object["min_s"] = measuredNumber(result.statistics.minSeconds);
    object["max_s"] = measuredNumber(result.statistics.maxSeconds);
    object["relative_spread"] = measuredNumber(result.statistics.relativeSpread);
    object["runs"] = result.runSeconds.size();
    Json runSeconds = Json::array();
    for (const double seconds : result.runSeconds) runSeconds.push_back(jsonNumber(seconds));
    object["run_s"] = std::move(runSeconds);
    object["tolerance"] = measuredNumber(result.tolerance);
    object["upload_s"] = measuredNumber(result.uploadSeconds);
    object["download_s"] = measuredNumber(result.downloadSeconds);
    object["detail"] = result.detail;
    return object;
}

}  // namespace

void printBenchMachineText(const matmul::MachineDescription& machine, std::ostream& out) {
    out << matmul::describeMachineText(machine) << '\n';
}

void printBenchShapeTable(const std::vector<MatmulBenchResult>& shapeResults,
                          const BenchTableSettings& settings,
                          std::set<std::string>& describedBackends, std::ostream& out) {
    if (shapeResults.empty()) return;
    const matmul::MatmulShape& shape = shapeResults.front().shape;
    const MatmulBenchResult* baseline = speedupBaseline(shapeResults);
    out << matmul::matmulShapeText(shape) << ": " << flopsText(shape.flops())
        << " per multiplication; median of " << settings.repeats << " timed run"
        << (settings.repeats == 1 ? "" : "s") << " after " << settings.warmupRuns << " warm-up"
        << (settings.warmupRuns == 1 ? "" : "s");
    if (baseline != nullptr) out << "; speedup over " << baseline->backend;
    out << '\n';

    std::vector<std::vector<std::string>> rows{{"backend", "threads", "median ms", "spread",
                                                "GFLOPS", "speedup", "max rel err", "status"}};
    for (const MatmulBenchResult& result : shapeResults) {
        if (!wasMeasured(result)) {
            rows.push_back({result.backend, "-", "-", "-", "-", "-", "-", result.statusText()});
            continue;
        }
        const double median = result.statistics.medianSeconds;
        const std::string speedup = baseline != nullptr && median > 0.0
                                        ? speedupText(baseline->statistics.medianSeconds / median)
                                        : "-";
        rows.push_back({result.backend, std::to_string(result.threads), millisecondsText(median),
                        concat(printed("%.1f", result.statistics.relativeSpread * 100.0), "%"),
                        gflopsText(result.gflops), speedup,
                        matmul::relativeErrorText(result.maxRelativeError), result.statusText()});
    }
    std::vector<std::size_t> widths(rows.front().size(), 0);
    for (const auto& row : rows) {
        for (std::size_t column = 0; column < row.size(); ++column)
            widths[column] = std::max(widths[column], row[column].size());
    }
    for (const auto& row : rows) {
        std::string line;
        for (std::size_t column = 0; column < row.size(); ++column) {
            const std::string& cell = row[column];
            const std::string padding(widths[column] - cell.size(), ' ');
            if (column == 0) {
                line += concat(cell, padding);  // names to the left
            } else if (column + 1 == row.size()) {
                line += concat("  ", cell);  // the status last, as long as it is
            } else {
                line += concat("  ", padding, cell);  // numbers to the right
            }
        }
        out << line << '\n';
    }
    for (const MatmulBenchResult& result : shapeResults) {
        if (result.detail.empty() || describedBackends.count(result.backend) > 0) continue;
        describedBackends.insert(result.backend);
        out << "  " << result.backend << ": " << result.detail << '\n';
    }
    out << '\n';
}

void printBenchMatmulJson(const matmul::MachineDescription& machine,
                          const std::vector<MatmulBenchResult>& results, std::ostream& out) {
    Json object;
    object["machine"] = machineJson(machine);
    Json resultObjects = Json::array();
    for (const MatmulBenchResult& result : results) resultObjects.push_back(resultJson(result));
    object["results"] = std::move(resultObjects);
    out << jsonLine(object) << '\n';
}

}  // namespace mlsyslab::cli
