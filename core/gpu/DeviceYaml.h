#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "common/Result.h"
#include "gpu/DeviceModel.h"

namespace mlsyslab::gpu {

// Reads a device file (resources/devices/*.yaml; the format is in docs/gpu-devices.md).
// Errors name `fileName:line:col` and the key that is missing, unknown or out of range.
Result<DeviceModel> parseDeviceYaml(std::string_view text, const std::string& fileName);
Result<DeviceModel> loadDeviceFile(const std::string& path);

// The devices shipped with MLSysLab (v100, t4, a100, rtx4090, h100, h200), compiled in from
// resources/devices/ so the app and the CLI need no install paths. In the order listed above.
const std::vector<DeviceModel>& builtinDevices();
// Their ids, in the same order.
std::vector<std::string> builtinDeviceIds();
// A built-in device by id, or an error listing the ids there are.
Result<DeviceModel> findBuiltinDevice(std::string_view id);
// What the CLI's `--device D` names: a built-in id, else the path of a device file (anything
// with a '/' or a .yaml/.yml ending, or an existing file). Lessons name built-in ids only.
Result<DeviceModel> findDevice(std::string_view idOrPath);

}  // namespace mlsyslab::gpu
