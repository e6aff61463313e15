// Floating-point additions per second through the adder datapath (significands through the
// gate netlist of a ripple-carry adder/subtractor): one pair at a time, 64 pairs at a time
// through the bit-sliced netlist (what `logic fpadd` batch mode runs), and full traces with
// their explanations (what the fp-add view and `--steps` build).
#include <benchmark/benchmark.h>

#include <cstdint>
#include <random>
#include <vector>

#include "logic/FloatAdder.h"
#include "numeric/FloatFormat.h"

namespace {

using mlsyslab::logic::FloatAdder;
namespace numeric = mlsyslab::numeric;

constexpr std::size_t kPairs = 4096;

const numeric::FloatFormat& formatOf(const benchmark::State& state) {
    return state.range(0) == 16 ? numeric::kFp16 : numeric::kFp32;
}

// Random patterns with the exponents of each pair close together half the time, so aligning,
// cancelling and rounding all take place (random bits alone mostly shift one operand away).
struct Operands {
    std::vector<std::uint64_t> a, b;
    explicit Operands(const numeric::FloatFormat& format) {
        std::mt19937_64 random(2024);
        const std::uint64_t mask = format.signBit() | format.magnitudeMask();
        const std::uint64_t nearby =
            format.signBit() | format.mantissaMask() | (std::uint64_t{3} << format.mantissaBits);
        for (std::size_t index = 0; index < kPairs; ++index) {
            const std::uint64_t first = random() & mask;
            std::uint64_t second = random() & mask;
            if (index % 2 == 1) second = (second & nearby) | (first & ~nearby & mask);
            a.push_back(first);
            b.push_back(second);
        }
    }
};

void addOneAtATime(benchmark::State& state) {
    const FloatAdder adder = *FloatAdder::create(formatOf(state));
    const Operands operands(adder.format());
    std::size_t index = 0;
    for (auto _ : state) {
        benchmark::DoNotOptimize(adder.add(operands.a[index], operands.b[index]));
        index = (index + 1) % kPairs;
    }
    state.SetItemsProcessed(state.iterations());
    state.SetLabel(std::string(adder.format().name));
}

void addManyBitSliced(benchmark::State& state) {
    const FloatAdder adder = *FloatAdder::create(formatOf(state));
    const Operands operands(adder.format());
    std::vector<std::uint64_t> sums(kPairs);
    for (auto _ : state) {
        adder.addMany(operands.a, operands.b, sums);
        benchmark::DoNotOptimize(sums.data());
    }
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(kPairs));
    state.SetLabel(std::string(adder.format().name));
}

void traceWithExplanations(benchmark::State& state) {
    const FloatAdder adder = *FloatAdder::create(formatOf(state));
    const Operands operands(adder.format());
    std::size_t index = 0;
    for (auto _ : state) {
        benchmark::DoNotOptimize(adder.trace(operands.a[index], operands.b[index]).resultBits);
        index = (index + 1) % kPairs;
    }
    state.SetItemsProcessed(state.iterations());
    state.SetLabel(std::string(adder.format().name));
}

BENCHMARK(addOneAtATime)->Arg(16)->Arg(32);
BENCHMARK(addManyBitSliced)->Arg(16)->Arg(32);
BENCHMARK(traceWithExplanations)->Arg(16)->Arg(32);

}  // namespace

BENCHMARK_MAIN();
