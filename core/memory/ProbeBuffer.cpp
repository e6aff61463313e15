#include "memory/ProbeBuffer.h"

#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <utility>

#if defined(__unix__) || defined(__APPLE__)
#include <sys/mman.h>
#include <unistd.h>
#endif

namespace mlsyslab::memory {

namespace {

// x86-64's and most ARM64 kernels' transparent huge page size.
constexpr std::uint64_t kHugePageBytes = 2 * 1024 * 1024;
constexpr std::size_t kFallbackAlignment = 4096;

}  // namespace

ProbeBuffer::ProbeBuffer(std::uint64_t sizeBytes) {
    if (sizeBytes == 0) return;
#if defined(__unix__) || defined(__APPLE__)
    void* mapped =
        mmap(nullptr, sizeBytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (mapped == MAP_FAILED) return;
#if defined(MADV_HUGEPAGE)
    if (sizeBytes >= kHugePageBytes) madvise(mapped, sizeBytes, MADV_HUGEPAGE);
#endif
    data_ = static_cast<std::byte*>(mapped);
#else
    const std::uint64_t rounded =
        (sizeBytes + kFallbackAlignment - 1) / kFallbackAlignment * kFallbackAlignment;
    data_ = static_cast<std::byte*>(std::aligned_alloc(kFallbackAlignment, rounded));
    if (data_ == nullptr) return;
#endif
    sizeBytes_ = sizeBytes;
}

ProbeBuffer::~ProbeBuffer() { release(); }

ProbeBuffer::ProbeBuffer(ProbeBuffer&& other) noexcept
    : data_(std::exchange(other.data_, nullptr)), sizeBytes_(std::exchange(other.sizeBytes_, 0)) {}

ProbeBuffer& ProbeBuffer::operator=(ProbeBuffer&& other) noexcept {
    if (this != &other) {
        release();
        data_ = std::exchange(other.data_, nullptr);
        sizeBytes_ = std::exchange(other.sizeBytes_, 0);
    }
    return *this;
}

void ProbeBuffer::release() {
    if (data_ == nullptr) return;
#if defined(__unix__) || defined(__APPLE__)
    munmap(data_, sizeBytes_);
#else
    std::free(data_);
#endif
    data_ = nullptr;
    sizeBytes_ = 0;
}

std::uint64_t availableMemoryBytes() {
    // Linux's own estimate of what can be allocated without swapping counts the page cache it
    // would drop; the free pages alone (sysconf) leave that out.
    std::ifstream memoryInfo("/proc/meminfo");
    std::string line;
    while (std::getline(memoryInfo, line)) {
        std::uint64_t kibibytes = 0;
        if (std::sscanf(line.c_str(), "MemAvailable: %" SCNu64 " kB", &kibibytes) == 1) {
            return kibibytes * 1024;
        }
    }
#if defined(_SC_AVPHYS_PAGES) && defined(_SC_PAGESIZE)
    const long pages = sysconf(_SC_AVPHYS_PAGES);
    const long pageBytes = sysconf(_SC_PAGESIZE);
    if (pages > 0 && pageBytes > 0) return std::uint64_t(pages) * std::uint64_t(pageBytes);
#endif
    return 0;
}

}  // namespace mlsyslab::memory
