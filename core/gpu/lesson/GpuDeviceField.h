#pragma once

#include <optional>
#include <string>
#include <vector>

#include "gpu/DeviceModel.h"
#include "lesson/StateFields.h"

namespace mlsyslab::lesson::kinds {

// The `device:` field the GPU simulators share: the id of a device built into MLSysLab
// (gpu::builtinDevices(): v100, t4, a100, rtx4090, h100, h200).

inline constexpr const char* kDefaultGpuDevice = "rtx4090";

// The id when it names a built-in device, or nothing and an error "device must be v100, t4, ...
// or h200; did you mean 'h100'?" at the value.
std::optional<std::string> readGpuDeviceField(const StateField& field,
                                              std::vector<StateProblem>& problems);

// The built-in device with this id; the default device when there is none (a state reader has
// already reported the bad id). An empty model only when no device is built in at all.
gpu::DeviceModel gpuDeviceOrDefault(const std::string& id);

}  // namespace mlsyslab::lesson::kinds
