#pragma once

#include <string>
#include <utility>

#include "gpu/DeviceModel.h"
#include "gpu/DeviceYaml.h"
#include "lesson/KindFields.h"

namespace mlsyslab::lesson::kinds {

// The `device:` field the GPU simulators share: the id of a device built into MLSysLab
// (gpu::builtinDevices(): v100, t4, a100, rtx4090, h100, h200).

inline constexpr const char* kDefaultGpuDevice = "rtx4090";

// "device: h100" into State::device; a wrong id is an error "device must be v100, t4, ... or
// h200; did you mean 'h100'?" at the value. `doc` names every device.
template <typename State>
KindField<State> gpuDeviceField(std::string doc) {
    return choiceField("device", &State::device, gpu::builtinDeviceIds(), std::move(doc));
}

// The built-in device with this id; the default device when there is none (a state reader has
// already reported the bad id). An empty model only when no device is built in at all.
gpu::DeviceModel gpuDeviceOrDefault(const std::string& id);

}  // namespace mlsyslab::lesson::kinds
