#include "matmul/MachineSurvey.h"

#include "matmul/BackendRegistry.h"

namespace mlsyslab::widgets {

const BackendInfo* MachineSurvey::find(const std::string& name) const {
    for (const BackendInfo& backend : backends) {
        if (backend.name == name) return &backend;
    }
    return nullptr;
}

MachineSurvey surveyMachine(const std::vector<std::string>& backendNames, bool measurePeak,
                            const std::atomic<bool>* cancel) {
    MachineSurvey survey;
    survey.machine = matmul::describeMachine(measurePeak, cancel);
    for (const std::string& name : backendNames) {
        BackendInfo info;
        info.name = name;
        info.title = name;
        const std::unique_ptr<matmul::MatmulBackend> backend = matmul::makeMatmulBackend(name);
        if (backend == nullptr) {
            info.reason = matmul::unknownBackendMessage(name);
        } else {
            info.title = std::string(backend->title());
            info.idea = std::string(backend->idea());
            const matmul::BackendAvailability availability = backend->availability();
            info.available = availability.available;
            info.reason = availability.reason;
            if (info.available) info.detail = backend->detail();
        }
        survey.backends.push_back(std::move(info));
    }
    return survey;
}

}  // namespace mlsyslab::widgets
