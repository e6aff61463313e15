#pragma once

#include <atomic>
#include <string>
#include <vector>

#include "matmul/MachineDescription.h"

namespace mlsyslab::widgets {

// What the matmul views need to know about this machine before they run anything: its
// description (the line above every plot) and which backends can run here, and if not, why.
// Reading it loads OpenBLAS and asks the CUDA driver for devices, which can take a second on a
// machine with a GPU: the views read it on their worker thread (MatmulWorker), never on the
// GUI thread.
struct BackendInfo {
    std::string name;   // "simd"
    std::string title;  // "Blocked + SIMD", or the name when the backend is not built
    std::string idea;   // one sentence, for the tooltip
    bool available = false;
    std::string reason;  // why not, when not available
    std::string detail;  // the kernel set, micro-tile or GPU, when available
};

struct MachineSurvey {
    matmul::MachineDescription machine;
    std::vector<BackendInfo> backends;  // in the order asked

    const BackendInfo* find(const std::string& name) const;
};

// `measurePeak`: also measure the FMA peak (a quarter of a second).
MachineSurvey surveyMachine(const std::vector<std::string>& backendNames, bool measurePeak,
                            const std::atomic<bool>* cancel = nullptr);

}  // namespace mlsyslab::widgets
