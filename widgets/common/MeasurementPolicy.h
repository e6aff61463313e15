#pragma once

namespace mlsyslab::widgets {

// Whether a view that measures this machine (a benchmark, a latency probe) starts measuring as
// soon as its step opens. The app does, so that a projected step shows its numbers without a
// click; tests that only lay steps out (tst_lesson_fit) turn it off, so that they neither wait
// for a measurement nor load the machine while other tests time it. The view's Run button
// measures either way.
bool measurementsStartOnOpen();
void setMeasurementsStartOnOpen(bool start);

}  // namespace mlsyslab::widgets
