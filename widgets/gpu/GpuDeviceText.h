#pragma once

#include <QString>
#include <cstdint>

#include "gpu/DeviceModel.h"

namespace mlsyslab::widgets {

// How the GPU views write a device and its numbers.

// "16,384": English digit grouping, as the lecture writes counts.
QString countText(std::int64_t count);
// "RTX 4090", "H100 SXM5 80GB": the name without the maker's prefixes, for tight spaces.
QString shortDeviceName(const gpu::DeviceModel& device);
// "72 MB", "80 GB", "100 KB": sizes in binary units written as NVIDIA and the lecture write them
// ("80 GB HBM3", "50 MB L2"), with at most one decimal.
QString memorySizeText(std::int64_t bytes);
// "1,008 GB/s", "3.35 TB/s".
QString memoryBandwidthText(double gigabytesPerSecond);

}  // namespace mlsyslab::widgets
