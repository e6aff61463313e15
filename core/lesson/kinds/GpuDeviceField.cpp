#include "lesson/kinds/GpuDeviceField.h"

#include "gpu/DeviceYaml.h"

namespace mlsyslab::lesson::kinds {

std::vector<std::string> builtinGpuDeviceIds() {
    std::vector<std::string> ids;
    for (const gpu::DeviceModel& device : gpu::builtinDevices()) ids.push_back(device.id);
    return ids;
}

std::optional<std::string> readGpuDeviceField(const StateField& field,
                                              std::vector<StateProblem>& problems) {
    return readChoiceField("device", field.value, field.problemMark(), builtinGpuDeviceIds(),
                           problems);
}

gpu::DeviceModel gpuDeviceOrDefault(const std::string& id) {
    if (const auto device = gpu::findBuiltinDevice(id)) return *device;
    if (const auto device = gpu::findBuiltinDevice(kDefaultGpuDevice)) return *device;
    const auto& devices = gpu::builtinDevices();
    return devices.empty() ? gpu::DeviceModel{} : devices.front();
}

}  // namespace mlsyslab::lesson::kinds
