#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "matmul/MachineDescription.h"
#include "matmul/MatmulRunner.h"

namespace mlsyslab::matmul {

// Benchmark results as CSV (RFC 4180, with "\n" line ends), for a spreadsheet or a plotting
// script: first the machine as comment lines ("# CPU: ..."; pandas reads them with
// comment='#'), then the header, then one line per result in the runner's order.
//
// Times in seconds; the measured columns (median_s to download_s) are empty for results that
// did not run (unavailable, refused, cancelled), so that no 0 passes for a measurement.
inline constexpr std::string_view kBenchCsvHeader =
    "backend,m,n,k,threads,status,median_s,min_s,max_s,runs,gflops,max_rel_err,tolerance,"
    "upload_s,download_s,detail";

// A field as RFC 4180 writes it: as it is, or in double quotes (quotes inside doubled) when it
// holds a comma, a double quote or a line break.
std::string csvField(std::string_view text);

// One result's line, without the line end.
std::string benchResultCsvLine(const MatmulBenchResult& result);

// The whole file; `machine` may be null (no comment lines then).
std::string benchResultsCsv(const std::vector<MatmulBenchResult>& results,
                            const MachineDescription* machine);

}  // namespace mlsyslab::matmul
