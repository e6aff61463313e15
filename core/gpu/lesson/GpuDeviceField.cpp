#include "gpu/lesson/GpuDeviceField.h"

namespace mlsyslab::lesson::kinds {

gpu::DeviceModel gpuDeviceOrDefault(const std::string& id) {
    if (const auto device = gpu::findBuiltinDevice(id)) return *device;
    if (const auto device = gpu::findBuiltinDevice(kDefaultGpuDevice)) return *device;
    const auto& devices = gpu::builtinDevices();
    return devices.empty() ? gpu::DeviceModel{} : devices.front();
}

}  // namespace mlsyslab::lesson::kinds
