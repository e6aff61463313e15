// 8-bit additions per second through the gate netlist, for the ripple-carry and the
// carry-lookahead adder: zero-delay evaluation (the fast path of exhaustive tests and the FP
// datapath) and the full event-driven simulation (what the adder view and `logic add` run).
#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

#include "logic/AdderCircuits.h"
#include "logic/EventSimulation.h"

namespace {

using mlsyslab::logic::AdderCircuit;
using mlsyslab::logic::AdderKind;
namespace logic = mlsyslab::logic;

constexpr int kWidth = 8;

AdderCircuit buildAdder(const benchmark::State& state) {
    const AdderKind kind = state.range(0) == 0 ? AdderKind::RippleCarry : AdderKind::CarryLookahead;
    return *logic::buildAdder(kind, kWidth, false);
}

// Walks through all 65,536 operand pairs, so no input pattern is favoured.
struct PairCounter {
    std::uint32_t next = 0;
    void advance(std::uint64_t& a, std::uint64_t& b) {
        a = next & 0xFF;
        b = (next >> 8) & 0xFF;
        next = (next + 1) & 0xFFFF;
    }
};

// evaluateAdder: builds the input vector and the signal values on every call.
void addThroughEvaluate(benchmark::State& state) {
    const AdderCircuit adder = buildAdder(state);
    PairCounter pairs;
    std::uint64_t a = 0;
    std::uint64_t b = 0;
    for (auto _ : state) {
        pairs.advance(a, b);
        benchmark::DoNotOptimize(logic::evaluateAdder(adder, a, b, false).sum);
    }
    state.SetItemsProcessed(state.iterations());
    state.SetLabel(std::string(logic::adderKindName(adder.kind)));
}

// evaluateInto with buffers kept across adds: the allocation-free loop.
void addThroughEvaluateInto(benchmark::State& state) {
    const AdderCircuit adder = buildAdder(state);
    PairCounter pairs;
    std::uint64_t a = 0;
    std::uint64_t b = 0;
    std::vector<bool> inputs(adder.netlist.inputs().size(), false);
    std::vector<bool> signalValues;
    for (auto _ : state) {
        pairs.advance(a, b);
        for (int bit = 0; bit < kWidth; ++bit) {
            inputs[bit] = ((a >> bit) & 1) != 0;
            inputs[kWidth + bit] = ((b >> bit) & 1) != 0;
        }
        adder.netlist.evaluateInto(inputs, signalValues);
        benchmark::DoNotOptimize(logic::readAdderOutcome(adder, signalValues).sum);
    }
    state.SetItemsProcessed(state.iterations());
    state.SetLabel(std::string(logic::adderKindName(adder.kind)));
}

// The event-driven simulation from the all-zero state, with every snapshot, as `logic add`.
void addThroughEventSimulation(benchmark::State& state) {
    const AdderCircuit adder = buildAdder(state);
    PairCounter pairs;
    std::uint64_t a = 0;
    std::uint64_t b = 0;
    for (auto _ : state) {
        pairs.advance(a, b);
        const logic::SimulationRun run =
            logic::simulateFromZero(adder.netlist, logic::adderInputValues(adder, a, b, false));
        benchmark::DoNotOptimize(run.settleTime);
    }
    state.SetItemsProcessed(state.iterations());
    state.SetLabel(std::string(logic::adderKindName(adder.kind)));
}

}  // namespace

// Argument 0: ripple carry, 1: carry lookahead.
BENCHMARK(addThroughEvaluate)->Arg(0)->Arg(1);
BENCHMARK(addThroughEvaluateInto)->Arg(0)->Arg(1);
BENCHMARK(addThroughEventSimulation)->Arg(0)->Arg(1);

BENCHMARK_MAIN();
