#pragma once

#include <QString>

#include "logic/EventSimulation.h"
#include "logic/Netlist.h"

namespace mlsyslab::widgets {

// The sentences under the gates simulator's controls, from a run of the event simulation.

// What happens at the snapshot shown: "t = 1: xor1 → 1, carry → 0", "t = 2: no change";
// ". Settled." after the last one; a hint to click when the run changed nothing.
QString gatesEventsText(const logic::Netlist& netlist, const logic::SimulationRun& run,
                        int position);

// "Settles at t = 2 after 7 gate evaluations; no input change takes longer than 3 (the
// critical path)." Empty when the run changed nothing.
QString gatesSettleText(const logic::Netlist& netlist, const logic::SimulationRun& run);

// One line per wire that changed more than once: "Glitch: y goes 0 → 1 → 0 (at t = 1 and
// t = 2) before it settles." Empty when there is none.
QString gatesGlitchText(const logic::Netlist& netlist, const logic::SimulationRun& run);

}  // namespace mlsyslab::widgets
