#pragma once

namespace mlsyslab::memory {

// The time the probes measure with: the CPU time of the calling thread, in nanoseconds, from an
// arbitrary start. Not wall time: on a machine shared with other programs (a student's laptop
// compiling in the background, a lab server) the scheduler pauses the probe now and then, and
// wall time would count a 4 ms pause inside a 5 ms run as load latency, doubling it. The CPU
// time of the thread does not advance while it waits. Falls back to a steady wall clock where
// the system has no per-thread CPU clock.
double threadCpuNanoseconds();

}  // namespace mlsyslab::memory
