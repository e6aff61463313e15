#pragma once

#include <QString>
#include <cstdint>

#include "memory/ProbeControl.h"

namespace mlsyslab::widgets {

// How the latency views write their numbers, so the probe, the ladder and their tests agree.

// "4 KiB", "1.25 MiB", "256 MiB", "512 B".
QString byteSizeText(std::uint64_t bytes);
// Three significant digits at most, never an exponent: "1.2 ns", "23.5 ns", "216 ns".
QString nanosecondsText(double nanoseconds);
// "1 cycle", "4 cycles", "4.2 cycles", "747 cycles", "10,000 cycles".
QString cyclesText(double cycles);
// The analogy's duration for this many seconds: "1 s", "4.2 s", "40 s", "1 min 40 s",
// "2 h 47 min", "3 days 4 h". Below a minute to a tenth of a second under 10 s; from an hour
// on, to the minute.
QString humanDurationText(double seconds);
// "10.7 GB/s".
QString bandwidthText(double gigabytesPerSecond);
// "AMD EPYC · 3.46 GHz (estimated)" or what is known of it.
QString machineText(const QString& cpuModel, double clockGHz);
// The run bar's status while measuring: "Estimating the clock…", "Measuring latency: 16 MiB",
// "Measuring bandwidth on one thread…", "Measuring bandwidth on all threads…".
QString progressText(const memory::ProbeProgress& progress);

}  // namespace mlsyslab::widgets
