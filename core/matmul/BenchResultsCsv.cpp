#include "matmul/BenchResultsCsv.h"

#include <cstdio>

#include "common/Concat.h"
#include "matmul/MatmulBenchText.h"

namespace mlsyslab::matmul {

namespace {

// Nine significant digits keep a float's time to the nanosecond at a second; the speeds and
// errors are good to a few per cent at best.
std::string secondsText(double seconds) {
    char text[32];
    std::snprintf(text, sizeof text, "%.9g", seconds);
    return text;
}

std::string gflopsText(double gflops) {
    char text[32];
    std::snprintf(text, sizeof text, "%.6g", gflops);
    return text;
}

bool wasMeasured(const MatmulBenchResult& result) {
    return result.status == BenchStatus::Ok || result.status == BenchStatus::Wrong;
}

}  // namespace

std::string csvField(std::string_view text) {
    if (text.find_first_of(",\"\r\n") == std::string_view::npos) return std::string(text);
    std::string quoted = "\"";
    for (const char character : text) {
        if (character == '"') quoted += '"';
        quoted += character;
    }
    quoted += '"';
    return quoted;
}

std::string benchResultCsvLine(const MatmulBenchResult& result) {
    std::string line =
        concat(csvField(result.backend), ",", std::to_string(result.shape.m), ",",
               std::to_string(result.shape.n), ",", std::to_string(result.shape.k), ",",
               std::to_string(result.threads), ",", csvField(result.statusText()), ",");
    if (wasMeasured(result)) {
        const RunStatistics& statistics = result.statistics;
        line +=
            concat(secondsText(statistics.medianSeconds), ",", secondsText(statistics.minSeconds),
                   ",", secondsText(statistics.maxSeconds), ",", std::to_string(statistics.runs),
                   ",", gflopsText(result.gflops), ",", relativeErrorText(result.maxRelativeError),
                   ",", relativeErrorText(result.tolerance), ",", secondsText(result.uploadSeconds),
                   ",", secondsText(result.downloadSeconds), ",");
    } else {
        line += ",,,0,,,,,,";
    }
    line += csvField(result.detail);
    return line;
}

std::string benchResultsCsv(const std::vector<MatmulBenchResult>& results,
                            const MachineDescription* machine) {
    std::string csv;
    if (machine != nullptr) {
        const std::string text = describeMachineText(*machine);
        std::size_t start = 0;
        while (start < text.size()) {
            std::size_t end = text.find('\n', start);
            if (end == std::string::npos) end = text.size();
            csv += concat("# ", std::string_view(text).substr(start, end - start), "\n");
            start = end + 1;
        }
    }
    csv += concat(kBenchCsvHeader, "\n");
    for (const MatmulBenchResult& result : results) csv += concat(benchResultCsvLine(result), "\n");
    return csv;
}

}  // namespace mlsyslab::matmul
