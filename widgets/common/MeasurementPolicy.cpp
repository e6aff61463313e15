#include "common/MeasurementPolicy.h"

#include <atomic>

namespace mlsyslab::widgets {

namespace {
std::atomic<bool> startOnOpen{true};
}  // namespace

bool measurementsStartOnOpen() { return startOnOpen.load(); }

void setMeasurementsStartOnOpen(bool start) { startOnOpen.store(start); }

}  // namespace mlsyslab::widgets
