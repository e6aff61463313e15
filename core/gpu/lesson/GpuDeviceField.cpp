#include "gpu/lesson/GpuDeviceField.h"

#include "gpu/DeviceYaml.h"

namespace mlsyslab::lesson::kinds {

std::optional<std::string> readGpuDeviceField(const StateField& field,
                                              std::vector<StateProblem>& problems) {
    return readChoiceField("device", field.value, field.problemMark(), gpu::builtinDeviceIds(),
                           problems);
}

gpu::DeviceModel gpuDeviceOrDefault(const std::string& id) {
    if (const auto device = gpu::findBuiltinDevice(id)) return *device;
    if (const auto device = gpu::findBuiltinDevice(kDefaultGpuDevice)) return *device;
    const auto& devices = gpu::builtinDevices();
    return devices.empty() ? gpu::DeviceModel{} : devices.front();
}

}  // namespace mlsyslab::lesson::kinds
