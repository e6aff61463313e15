#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "gpu/DeviceModel.h"

namespace mlsyslab::gpu {

// One key of a device file (docs/gpu-devices.md) and the DeviceModel member it fills. The table
// of them drives the reader, the "did you mean" suggestions and the documentation's key list.
enum class DeviceFieldKind {
    Identifier,   // lower-case letters, digits, '-' and '_': what --device names
    Text,         // any non-empty text
    WholeNumber,  // an integer in [minimum, maximum]
    Decimal,      // a number greater than 0 and at most maximum
};

struct DeviceField {
    std::string_view key;  // snake_case, as written in the file
    DeviceFieldKind kind;
    std::variant<std::string DeviceModel::*, int DeviceModel::*, std::int64_t DeviceModel::*,
                 double DeviceModel::*>
        member;
    std::int64_t minimum = 0;
    double maximum = 0;
    std::string_view meaning;  // for "missing" messages: "SMs on the GPU, like 132"
};

// Every key, in the order of DeviceModel (and of the built-in files).
const std::vector<DeviceField>& deviceFields();
// The keys alone, for suggestions and lists.
const std::vector<std::string>& deviceFieldKeys();

}  // namespace mlsyslab::gpu
