#pragma once

#include <vector>

#include "logic/AdderCircuits.h"
#include "logic/EventSimulation.h"

namespace mlsyslab::widgets {

// Where the adder simulator's two stepping modes stop in one simulation run. Plain C++: it
// reads the engine's events and decides nothing about the circuit itself.
//
// "By time unit" shows every snapshot, t = 0 .. settleTime. "Bit by bit" shows t = 0 (the new
// inputs, nothing computed yet) and then, for k = 0 .. W-1, the first moment at which bits
// 0..k all have their final sum and carry-out: the moment the carry has passed bit k, as the
// lecture narrates a ripple adder. A lookahead adder settles several bits at once, so several
// of its bit steps show the same time, which is the point of lookahead.

// The time of the last change of s_k or c_{k+1}, for each bit k (0 when neither changed).
std::vector<int> bitSettleTimes(const logic::AdderCircuit& adder, const logic::SimulationRun& run);

// The time each "bit by bit" position shows: 0, then the running maximum of bitSettleTimes
// (W + 1 positions, never decreasing).
std::vector<int> bitStepTimes(const logic::AdderCircuit& adder, const logic::SimulationRun& run);

}  // namespace mlsyslab::widgets
