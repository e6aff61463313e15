#pragma once

#include <cstddef>
#include <cstdint>

namespace mlsyslab::memory {

// A large block of memory for the probes: page aligned, uninitialised, returned to the system
// when the object goes. On Linux it is mapped directly (mmap) and, when it is at least one huge
// page, advised to use transparent huge pages (madvise MADV_HUGEPAGE): with 4 KiB pages a random
// walk over 256 MiB touches 65,536 pages, far more than the TLB holds, so every load would also
// pay for a page-table walk and the "DRAM" plateau would measure the TLB as much as the memory.
// With 2 MiB pages the same walk touches 128 pages, which the second-level TLB covers. The
// advice is only a request: the kernel may refuse (transparent huge pages set to "never").
class ProbeBuffer {
public:
    ProbeBuffer() = default;
    explicit ProbeBuffer(std::uint64_t sizeBytes);  // empty (data() == nullptr) when refused
    ~ProbeBuffer();
    ProbeBuffer(ProbeBuffer&& other) noexcept;
    ProbeBuffer& operator=(ProbeBuffer&& other) noexcept;
    ProbeBuffer(const ProbeBuffer&) = delete;
    ProbeBuffer& operator=(const ProbeBuffer&) = delete;

    std::byte* data() const { return data_; }
    std::uint64_t sizeBytes() const { return sizeBytes_; }
    bool empty() const { return data_ == nullptr; }

private:
    void release();

    std::byte* data_ = nullptr;
    std::uint64_t sizeBytes_ = 0;
};

// How many bytes of memory are free now (0 when the system does not say). The probes stay well
// below it rather than push the machine into swapping.
std::uint64_t availableMemoryBytes();

}  // namespace mlsyslab::memory
