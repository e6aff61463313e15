// The lesson VM in run mode (no trace) on the two programs scripts/bench-pyvm also times with
// CPython 3.11: recursive fib(27) (calls and returns) and a nested numeric loop (module-level
// names, int arithmetic, range iteration). Compile time is included, as `py run` pays it too.
#include <benchmark/benchmark.h>

#include <string>

#include "pyvm/Vm.h"

namespace {

const char* const kFibonacci =
    "def fib(n):\n"
    "    if n < 2:\n"
    "        return n\n"
    "    return fib(n - 1) + fib(n - 2)\n"
    "print(fib(27))\n";

const char* const kNestedLoop =
    "s = 0\n"
    "for i in range(1000):\n"
    "    for j in range(1000):\n"
    "        s += i * j % 7\n"
    "print(s)\n";

void runSource(benchmark::State& state, const char* source) {
    mlsyslab::pyvm::RunOptions options;
    options.limits.maxSteps = 1'000'000'000;
    std::int64_t steps = 0;
    for (auto _ : state) {
        const auto result = mlsyslab::pyvm::runProgram(source, options);
        if (result.error) state.SkipWithError(result.error->line().c_str());
        steps = result.steps;
        benchmark::DoNotOptimize(result.output);
    }
    state.counters["instructions"] = static_cast<double>(steps);
    state.counters["instructions_per_second"] =
        benchmark::Counter(static_cast<double>(steps) * static_cast<double>(state.iterations()),
                           benchmark::Counter::kIsRate);
}

void fibonacci27(benchmark::State& state) { runSource(state, kFibonacci); }
void nestedLoop(benchmark::State& state) { runSource(state, kNestedLoop); }

}  // namespace

BENCHMARK(fibonacci27)->Unit(benchmark::kMillisecond)->MinTime(1.0);
BENCHMARK(nestedLoop)->Unit(benchmark::kMillisecond)->MinTime(1.0);

BENCHMARK_MAIN();
