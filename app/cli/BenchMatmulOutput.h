#pragma once

#include <iosfwd>
#include <set>
#include <string>
#include <vector>

#include "matmul/MachineDescription.h"
#include "matmul/MatmulRunner.h"

namespace mlsyslab::cli {

// For people: the machine's lines (CPU, FMA peak, BLAS, GPU) and a blank line.
void printBenchMachineText(const matmul::MachineDescription& machine, std::ostream& out);

// For people: one size's table, printed as soon as the size is done. A heading (the shape,
// its flops, the runs), then per backend: threads, median ms, spread, GFLOPS, speedup over
// naive (or over the first backend measured), max relative error and status; then the
// details (kernel set, micro-tile, GPU) of backends not described in an earlier table.
struct BenchTableSettings {
    int repeats = 5;
    int warmupRuns = 1;
};
void printBenchShapeTable(const std::vector<matmul::MatmulBenchResult>& shapeResults,
                          const BenchTableSettings& settings,
                          std::set<std::string>& describedBackends, std::ostream& out);

// One JSON object (docs/cli.md): machine {cpu, logical_cores, physical_cores, simd,
// fma_peak_gflops_one_thread, fma_peak_gflops_all_threads, openblas, gpus [{name,
// memory_bytes, compute_capability, multiprocessors}], gpu_unavailable_reason}, results
// [{backend, m, n, k, threads, median_s, gflops, max_rel_err, status (the contract's fields,
// first and in this order), then min_s, max_s, relative_spread, runs, run_s, tolerance,
// upload_s, download_s, detail}]. What was not measured is null.
void printBenchMatmulJson(const matmul::MachineDescription& machine,
                          const std::vector<matmul::MatmulBenchResult>& results, std::ostream& out);

}  // namespace mlsyslab::cli
