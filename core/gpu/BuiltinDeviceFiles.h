#pragma once

#include <span>
#include <string_view>

namespace mlsyslab::gpu {

// One device file shipped in resources/devices/, as it was at build time.
struct EmbeddedDeviceFile {
    std::string_view fileName;  // e.g. "h100.yaml"
    std::string_view text;
};

// Every built-in device file, in the course's order (v100, t4, a100, rtx4090, h100, h200).
// Defined in a source that cmake/EmbedFiles.cmake generates.
std::span<const EmbeddedDeviceFile> builtinDeviceFiles();

}  // namespace mlsyslab::gpu
