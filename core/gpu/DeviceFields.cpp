#include "gpu/DeviceFields.h"

namespace mlsyslab::gpu {

namespace {

// Bounds that keep every product the engines form (registers per SM times blocks, bytes times
// counts) far from overflowing; no GPU comes near them.
constexpr std::int64_t kMostCount = 1 << 24;
constexpr std::int64_t kMostBytes = std::int64_t{1} << 50;  // 1 PiB
constexpr double kMostRate = 1e9;

DeviceField identifier(std::string_view key, std::string DeviceModel::*member,
                       std::string_view meaning) {
    return {key, DeviceFieldKind::Identifier, member, 0, 0, meaning};
}

DeviceField text(std::string_view key, std::string DeviceModel::*member, std::string_view meaning) {
    return {key, DeviceFieldKind::Text, member, 0, 0, meaning};
}

DeviceField count(std::string_view key, int DeviceModel::*member, std::int64_t minimum,
                  std::int64_t maximum, std::string_view meaning) {
    return {key,     DeviceFieldKind::WholeNumber, member,
            minimum, static_cast<double>(maximum), meaning};
}

DeviceField bytes(std::string_view key, std::int64_t DeviceModel::*member, std::int64_t minimum,
                  std::string_view meaning) {
    return {key,     DeviceFieldKind::WholeNumber,    member,
            minimum, static_cast<double>(kMostBytes), meaning};
}

DeviceField rate(std::string_view key, double DeviceModel::*member, std::string_view meaning) {
    return {key, DeviceFieldKind::Decimal, member, 0, kMostRate, meaning};
}

std::vector<DeviceField> makeFields() {
    using D = DeviceModel;
    return {
        identifier("id", &D::id, "the name --device and lessons use, like h100"),
        text("name", &D::name, "the product's name, like NVIDIA H100 SXM5 80GB"),
        text("architecture", &D::architecture, "like Hopper"),
        count("compute_major", &D::computeMajor, 1, 99, "compute capability, like 9 for 9.0"),
        count("compute_minor", &D::computeMinor, 0, 9, "compute capability, like 0 for 9.0"),
        count("gpc_count", &D::gpcCount, 1, kMostCount, "graphics processing clusters, like 8"),
        count("sm_count", &D::smCount, 1, kMostCount, "SMs on the GPU, like 132"),
        count("fp32_cores_per_sm", &D::fp32CoresPerSm, 1, kMostCount, "like 128"),
        count("tensor_cores_per_sm", &D::tensorCoresPerSm, 0, kMostCount, "like 4"),
        count("warp_size", &D::warpSize, 1, 1024, "threads per warp, 32"),
        count("warp_schedulers_per_sm", &D::warpSchedulersPerSm, 1, kMostCount, "like 4"),
        count("max_threads_per_sm", &D::maxThreadsPerSm, 1, kMostCount, "like 2048"),
        count("max_warps_per_sm", &D::maxWarpsPerSm, 1, kMostCount, "like 64"),
        count("max_blocks_per_sm", &D::maxBlocksPerSm, 1, kMostCount, "like 32"),
        count("max_threads_per_block", &D::maxThreadsPerBlock, 1, kMostCount, "like 1024"),
        count("registers_per_sm", &D::registersPerSm, 1, kMostCount,
              "32-bit registers, like 65536"),
        count("registers_per_block", &D::registersPerBlock, 1, kMostCount, "like 65536"),
        count("max_registers_per_thread", &D::maxRegistersPerThread, 1, kMostCount, "like 255"),
        count("register_allocation_unit", &D::registerAllocationUnit, 1, kMostCount,
              "registers granted to a warp at a time, like 256"),
        bytes("shared_memory_per_sm_bytes", &D::sharedMemoryPerSmBytes, 1, "like 233472"),
        bytes("shared_memory_per_block_bytes", &D::sharedMemoryPerBlockBytes, 1,
              "without opting in, like 49152"),
        bytes("shared_memory_per_block_optin_bytes", &D::sharedMemoryPerBlockOptinBytes, 1,
              "with cudaFuncSetAttribute, like 232448"),
        bytes("shared_memory_allocation_unit_bytes", &D::sharedMemoryAllocationUnitBytes, 1,
              "like 128"),
        bytes("reserved_shared_memory_per_block_bytes", &D::reservedSharedMemoryPerBlockBytes, 0,
              "kept by the driver, like 1024 (0 before compute capability 8.0)"),
        bytes("l2_cache_bytes", &D::l2CacheBytes, 1, "like 52428800"),
        bytes("memory_bytes", &D::memoryBytes, 1, "like 85899345920"),
        text("memory_type", &D::memoryType, "like HBM3"),
        rate("memory_bandwidth_gbps", &D::memoryBandwidthGBps, "GB/s, like 3352"),
        rate("boost_clock_mhz", &D::boostClockMHz, "like 1980"),
        rate("fp32_tflops", &D::fp32Tflops, "like 66.9"),
        rate("tensor_fp16_tflops", &D::tensorFp16Tflops, "dense, like 989.4"),
        count("alu_latency_cycles", &D::aluLatencyCycles, 1, kMostCount, "like 4"),
        count("fma_latency_cycles", &D::fmaLatencyCycles, 1, kMostCount, "like 4"),
        count("shared_memory_latency_cycles", &D::sharedMemoryLatencyCycles, 1, kMostCount,
              "like 29"),
        count("global_memory_latency_cycles", &D::globalMemoryLatencyCycles, 1, kMostCount,
              "like 480"),
    };
}

}  // namespace

const std::vector<DeviceField>& deviceFields() {
    static const std::vector<DeviceField> fields = makeFields();
    return fields;
}

const std::vector<std::string>& deviceFieldKeys() {
    static const std::vector<std::string> keys = [] {
        std::vector<std::string> names;
        for (const DeviceField& field : deviceFields()) names.emplace_back(field.key);
        return names;
    }();
    return keys;
}

}  // namespace mlsyslab::gpu
