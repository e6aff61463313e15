// Benchmark (not a test): how long the pyvm simulator takes to show the next snapshot, which must
// stay under a frame (16 ms) for stepping to keep up with the lecture. Runs offscreen.
#include <benchmark/benchmark.h>

#include <QApplication>

#include "common/StepControls.h"
#include "pyvm/lesson/PyVmKind.h"
#include "pyvm/LessonVmRunner.h"
#include "pyvm/PyVmWidget.h"

namespace {

using mlsyslab::lesson::kinds::PyVmState;
using mlsyslab::widgets::PyVmWidget;
using mlsyslab::widgets::StepControls;

// A loop with calls: frames come and go and the stack changes on every step.
constexpr const char* kProgram = R"(def square(x):
    return x * x

total = 0
for i in range(1000):
    total += square(i)
print(total)
)";

void stepAndRender(benchmark::State& state) {
    PyVmState lessonState;
    lessonState.source = kProgram;
    lessonState.maxSteps = 20000;
    PyVmWidget widget(lessonState, mlsyslab::widgets::runOnLessonVm);
    widget.resize(1280, 800);
    widget.show();
    while (widget.isRunning()) QApplication::processEvents();
    auto* controls = widget.findChild<StepControls*>("stepControls");
    for (auto _ : state) {
        if (controls->position() + 1 >= controls->count()) controls->reset();
        controls->stepForward();
        QApplication::processEvents();  // the views' queued updates
        widget.repaint();
    }
    state.counters["snapshots"] = controls->count();
    state.SetLabel("one step rendered (target: under 16 ms)");
}
BENCHMARK(stepAndRender)->Unit(benchmark::kMillisecond);

}  // namespace

int main(int argc, char** argv) {
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication application(argc, argv);
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
