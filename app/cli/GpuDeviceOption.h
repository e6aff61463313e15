#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "cli/CommandLine.h"
#include "gpu/DeviceModel.h"

namespace mlsyslab::cli {

// The GPU a `gpu` command's `--device D` names: a built-in id, else a device file. On failure it
// prints the problem and sets `exitCode`: an unknown id is bad usage (2, one line with
// `commandPrefix`, e.g. "gpu run: "), a bad file a failure (1, FILE:LINE:COL: error: ...).
std::optional<gpu::DeviceModel> readDeviceOption(const std::string& device,
                                                 std::string_view commandPrefix, Streams& streams,
                                                 int& exitCode);

}  // namespace mlsyslab::cli
