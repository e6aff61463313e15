#include "cli/GpuDeviceOption.h"

#include <ostream>

#include "cli/FileErrorText.h"
#include "common/Concat.h"
#include "gpu/DeviceYaml.h"

namespace mlsyslab::cli {

std::optional<gpu::DeviceModel> readDeviceOption(const std::string& device,
                                                 std::string_view commandPrefix, Streams& streams,
                                                 int& exitCode) {
    const auto builtin = gpu::findBuiltinDevice(device);
    if (builtin) return *builtin;
    // findDevice answers with the built-in lookup's own error when D is not a file either.
    const auto found = gpu::findDevice(device);
    if (found) return *found;
    if (found.error() == builtin.error()) {
        exitCode = usageError(streams, concat(commandPrefix, builtin.error()));
    } else {
        streams.err << fileErrorText(device, found.error()) << '\n';
        exitCode = kExitFailed;
    }
    return std::nullopt;
}

}  // namespace mlsyslab::cli
