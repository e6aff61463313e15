#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <functional>

namespace mlsyslab::memory {

// What the probes of this machine are doing, for a progress line ("Measuring latency: 16 MiB").
enum class ProbePhase : std::uint8_t { Clock, Latency, BandwidthOneThread, BandwidthAllThreads };

struct ProbeProgress {
    ProbePhase phase = ProbePhase::Latency;
    double fraction = 0.0;              // of the whole measurement, 0 to 1, never decreasing
    std::uint64_t workingSetBytes = 0;  // what is being measured now (0: nothing in particular)
};

// How a caller watches and stops a measurement. The probes run for seconds, usually on a worker
// thread: they call `progress` from that thread at least every run (tens of milliseconds) and
// read `cancel` at least every few milliseconds, so a Cancel button answers well within 100 ms.
// A measurement split in phases gives each phase a part of the whole (part()), so one progress
// bar goes from 0 to 1 exactly once.
struct ProbeControl {
    std::function<void(const ProbeProgress&)> progress;
    const std::atomic<bool>* cancel = nullptr;
    ProbePhase phase = ProbePhase::Latency;
    double partBegin = 0.0;  // this phase's share of the whole, as fractions of it
    double partEnd = 1.0;

    bool cancelled() const { return cancel != nullptr && cancel->load(std::memory_order_relaxed); }

    // `partFraction` of this phase done (clamped to 0..1), mapped onto the whole.
    void report(double partFraction, std::uint64_t workingSetBytes = 0) const {
        if (!progress) return;
        const double clamped = std::clamp(partFraction, 0.0, 1.0);
        progress({phase, partBegin + (partEnd - partBegin) * clamped, workingSetBytes});
    }

    // The control of a phase that takes fractions `from` to `to` of this one.
    ProbeControl part(ProbePhase partPhase, double from, double to) const {
        ProbeControl control = *this;
        control.phase = partPhase;
        control.partBegin = partBegin + (partEnd - partBegin) * from;
        control.partEnd = partBegin + (partEnd - partBegin) * to;
        return control;
    }
};

}  // namespace mlsyslab::memory
