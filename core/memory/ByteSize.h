#pragma once

#include <cstdint>
#include <string>

namespace mlsyslab::memory {

// The shortest exact spelling parseByteSize reads back: "48KiB", "2MiB", "1000".
std::string byteSizeText(std::uint64_t bytes);

}  // namespace mlsyslab::memory
