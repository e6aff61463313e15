#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "matmul/MatmulRunner.h"
#include "matmul/MatvecProbe.h"
#include "matmul/Roofline.h"

namespace mlsyslab::matmul {

// This machine's roofline, measured, with points under it: what the roofline simulator shows.
//  1. the roof's flat part: the float32 FMA peak on every hardware thread (FmaPeak.h);
//  2. its slope: the STREAM triad bandwidth on every hardware thread, from the memory issue's
//     probe (memory/BandwidthProbe.h), so both simulators report the same GB/s;
//  3. the memory-bound point: a matrix-vector product (MatvecProbe.h);
//  4. a point per matmul backend at N×N×N (MatmulRunner.h), at matmul's compulsory intensity.
struct RooflineMeasureOptions {
    std::vector<std::string> backends;  // names from matmulBackendNames()
    std::int64_t size = 1024;
    bool matvec = true;
    unsigned threads = 0;  // for the threads and openblas rungs; 0: every hardware thread
    double peakSeconds = 0.25;
    std::uint64_t bandwidthArrayBytes = 64ull << 20;  // each of the triad's three arrays
    int bandwidthRuns = 5;
    MatvecProbeOptions matvecOptions;
    int matmulRepeats = 3;
    double maxSecondsPerCase = 4.0;
};

enum class RooflinePhase { Peak, Bandwidth, Matvec, Matmul };

struct RooflineProgress {
    RooflinePhase phase = RooflinePhase::Peak;
    double fraction = 0.0;  // of the whole measurement, 0..1, never decreasing
    std::string backend;    // the matmul backend running now (Matmul only)
};

struct RooflineMeasurement {
    double peakGflops = 0.0;
    double bandwidthGBps = 0.0;
    unsigned threads = 1;  // of the peak and the bandwidth, as run
    std::optional<MatvecResult> matvec;
    std::vector<MatmulBenchResult> matmul;  // one per backend, in the order asked
    bool cancelled = false;
    std::string error;  // the bandwidth probe's or the matvec's, or ""

    Roofline roofline() const { return {peakGflops, bandwidthGBps}; }
};

// Called on the measuring thread, each as soon as it is known, so that the roof is drawn before
// the points arrive.
struct RooflineEvents {
    std::function<void(const RooflineProgress&)> progress;
    std::function<void(double peakGflops, double bandwidthGBps)> roofMeasured;
    std::function<void(const MatvecResult&)> matvecMeasured;
    std::function<void(const MatmulBenchResult&)> matmulMeasured;
    const std::atomic<bool>* cancel = nullptr;
};

// Runs the four steps in order; after a cancel it stops and returns what it has (cancelled).
RooflineMeasurement measureRoofline(const RooflineMeasureOptions& options,
                                    const RooflineEvents& events = {});

}  // namespace mlsyslab::matmul
