#include <filesystem>

#include "common/Concat.h"
#include "common/Suggestion.h"
#include "gpu/BuiltinDeviceFiles.h"
#include "gpu/DeviceYaml.h"

namespace mlsyslab::gpu {

const std::vector<DeviceModel>& builtinDevices() {
    // The files are checked by tests/core/gpu/tst_device_yaml; one that failed to parse would be
    // a build defect, and is left out rather than stopping the program.
    static const std::vector<DeviceModel> devices = [] {
        std::vector<DeviceModel> parsed;
        for (const EmbeddedDeviceFile& file : builtinDeviceFiles()) {
            auto device = parseDeviceYaml(file.text, concat("resources/devices/", file.fileName));
            if (device) parsed.push_back(*device);
        }
        return parsed;
    }();
    return devices;
}

std::vector<std::string> builtinDeviceIds() {
    std::vector<std::string> ids;
    for (const DeviceModel& device : builtinDevices()) ids.push_back(device.id);
    return ids;
}

Result<DeviceModel> findBuiltinDevice(std::string_view id) {
    for (const DeviceModel& device : builtinDevices()) {
        if (device.id == id) return device;
    }
    const std::vector<std::string> ids = builtinDeviceIds();
    std::string message = concat("unknown device '", id, "'");
    if (const auto suggestion = closestMatch(id, ids)) {
        message += concat("; did you mean '", *suggestion, "'?");
    }
    return Result<DeviceModel>::failure(
        concat(message, " (built-in devices: ", keyList(ids), "; or a path to a device file)"));
}

Result<DeviceModel> findDevice(std::string_view idOrPath) {
    auto builtin = findBuiltinDevice(idOrPath);
    if (builtin) return builtin;
    const std::string path(idOrPath);
    std::error_code error;
    const bool looksLikePath =
        path.find('/') != std::string::npos || path.ends_with(".yaml") || path.ends_with(".yml");
    if (looksLikePath || std::filesystem::is_regular_file(path, error)) return loadDeviceFile(path);
    return builtin;
}

}  // namespace mlsyslab::gpu
