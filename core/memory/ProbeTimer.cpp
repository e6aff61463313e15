#include "memory/ProbeTimer.h"

#include <chrono>
#include <ctime>

namespace mlsyslab::memory {

double threadCpuNanoseconds() {
#if defined(CLOCK_THREAD_CPUTIME_ID)
    timespec now{};
    if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now) == 0) {
        return double(now.tv_sec) * 1e9 + double(now.tv_nsec);
    }
#endif
    const auto sinceStart = std::chrono::steady_clock::now().time_since_epoch();
    return std::chrono::duration<double, std::nano>(sinceStart).count();
}

}  // namespace mlsyslab::memory
