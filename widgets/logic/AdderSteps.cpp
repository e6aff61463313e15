#include "logic/AdderSteps.h"

#include <algorithm>

namespace mlsyslab::widgets {

std::vector<int> bitSettleTimes(const logic::AdderCircuit& adder, const logic::SimulationRun& run) {
    std::vector<int> lastChange(adder.netlist.allSignals().size(), 0);
    for (const logic::SignalEvent& event : run.events) lastChange[event.signal] = event.time;
    std::vector<int> times;
    times.reserve(adder.width);
    for (int bit = 0; bit < adder.width; ++bit) {
        times.push_back(std::max(lastChange[adder.sum[bit]], lastChange[adder.carries[bit + 1]]));
    }
    return times;
}

std::vector<int> bitStepTimes(const logic::AdderCircuit& adder, const logic::SimulationRun& run) {
    std::vector<int> times{0};
    for (const int settled : bitSettleTimes(adder, run)) {
        times.push_back(std::max(times.back(), settled));
    }
    return times;
}

}  // namespace mlsyslab::widgets
