#include <cuda_occupancy.h>

#include <QtTest>
#include <algorithm>
#include <climits>
#include <cstdint>
#include <string>
#include <vector>

#include "gpu/DeviceYaml.h"
#include "gpu/Occupancy.h"

using namespace mlsyslab::gpu;

// computeOccupancy against NVIDIA's own calculator, cudaOccMaxActiveBlocksPerMultiprocessor in
// the CUDA toolkit's cuda_occupancy.h (host C++, no GPU needed), fed a cudaOccDeviceProp built
// from our device model. The header's tables (blocks per SM, allocation units, carve-out sizes,
// sub-partitions) are its own, so this also checks the numbers in resources/devices/*.yaml.
// Compared exactly, for every built-in device: resident blocks, warps, the limiting factors,
// each resource's block limit and the registers and shared memory a block is granted.
class TestOccupancyReference : public QObject {
    Q_OBJECT

private:
    struct Config {
        int threadsPerBlock;
        int registersPerThread;
        std::int64_t dynamicSharedBytes;
        std::int64_t staticSharedBytes;
    };

    static cudaOccDeviceProp properties(const DeviceModel& device) {
        cudaOccDeviceProp properties;
        properties.computeMajor = device.computeMajor;
        properties.computeMinor = device.computeMinor;
        properties.maxThreadsPerBlock = device.maxThreadsPerBlock;
        properties.maxThreadsPerMultiprocessor = device.maxThreadsPerSm;
        properties.regsPerBlock = device.registersPerBlock;
        properties.regsPerMultiprocessor = device.registersPerSm;
        properties.warpSize = device.warpSize;
        properties.sharedMemPerBlock = static_cast<size_t>(device.sharedMemoryPerBlockBytes);
        properties.sharedMemPerMultiprocessor = static_cast<size_t>(device.sharedMemoryPerSmBytes);
        properties.numSms = device.smCount;
        properties.sharedMemPerBlockOptin =
            static_cast<size_t>(device.sharedMemoryPerBlockOptinBytes);
        properties.reservedSharedMemPerBlock =
            static_cast<size_t>(device.reservedSharedMemoryPerBlockBytes);
        return properties;
    }

    // A kernel as cudaFuncGetAttributes describes one (one barrier, __syncthreads), opted in to
    // the largest dynamic shared memory its static shared memory leaves.
    static cudaOccFuncAttributes attributes(const DeviceModel& device, const Config& config) {
        cudaOccFuncAttributes attributes;
        attributes.maxThreadsPerBlock = device.maxThreadsPerBlock;
        attributes.numRegs = config.registersPerThread;
        attributes.sharedSizeBytes = static_cast<size_t>(config.staticSharedBytes);
        attributes.partitionedGCConfig = PARTITIONED_GC_OFF;
        attributes.shmemLimitConfig = FUNC_SHMEM_LIMIT_OPTIN;
        attributes.maxDynamicSharedSizeBytes =
            static_cast<size_t>(device.sharedMemoryPerBlockOptinBytes - config.staticSharedBytes);
        attributes.numBlockBarriers = 1;
        attributes.virtualResourceCount = 0;
        return attributes;
    }

    // The header's "does not use it" (INT_MAX) is our device maximum.
    static int shownLimit(int headerLimit, const DeviceModel& device) {
        return headerLimit == INT_MAX ? device.maxBlocksPerSm : headerLimit;
    }

    static std::vector<OccupancyLimiter> limitersOf(unsigned int factors) {
        std::vector<OccupancyLimiter> limiters;
        if (factors & OCC_LIMIT_WARPS) limiters.push_back(OccupancyLimiter::Warps);
        if (factors & OCC_LIMIT_REGISTERS) limiters.push_back(OccupancyLimiter::Registers);
        if (factors & OCC_LIMIT_SHARED_MEMORY) limiters.push_back(OccupancyLimiter::SharedMemory);
        if (factors & OCC_LIMIT_BLOCKS) limiters.push_back(OccupancyLimiter::Blocks);
        return limiters;
    }

    // Compares one configuration; describes the first difference, or returns "".
    static std::string compare(const DeviceModel& device, const Config& config) {
        const cudaOccDeviceProp deviceProperties = properties(device);
        const cudaOccFuncAttributes functionAttributes = attributes(device, config);
        const cudaOccDeviceState state;
        cudaOccResult expected{};
        const cudaOccError status = cudaOccMaxActiveBlocksPerMultiprocessor(
            &expected, &deviceProperties, &functionAttributes, &state, config.threadsPerBlock,
            static_cast<size_t>(config.dynamicSharedBytes));
        const OccupancyResult actual =
            computeOccupancy(device, {config.threadsPerBlock, config.registersPerThread,
                                      config.dynamicSharedBytes, config.staticSharedBytes});
        const std::string where = device.id + " block " + std::to_string(config.threadsPerBlock) +
                                  " regs " + std::to_string(config.registersPerThread) +
                                  " dynamic smem " + std::to_string(config.dynamicSharedBytes) +
                                  " static smem " + std::to_string(config.staticSharedBytes) + ": ";
        if (status != CUDA_OCC_SUCCESS) return where + "the header refused the input";
        const int warpsPerBlock = (config.threadsPerBlock + device.warpSize - 1) / device.warpSize;
        const auto differs = [&](const char* what, std::int64_t ours, std::int64_t theirs) {
            return where + what + " is " + std::to_string(ours) + ", the header says " +
                   std::to_string(theirs);
        };
        if (actual.activeBlocksPerSm != expected.activeBlocksPerMultiprocessor)
            return differs("active blocks", actual.activeBlocksPerSm,
                           expected.activeBlocksPerMultiprocessor);
        if (actual.activeWarpsPerSm != expected.activeBlocksPerMultiprocessor * warpsPerBlock)
            return differs("active warps", actual.activeWarpsPerSm,
                           expected.activeBlocksPerMultiprocessor * warpsPerBlock);
        if (expected.limitingFactors & ~unsigned{0xF})
            return where + "the header names a barrier or virtual-resource limit";
        if (actual.limiters != limitersOf(expected.limitingFactors))
            return differs("the limiter set", static_cast<std::int64_t>(actual.limiters.size()),
                           static_cast<std::int64_t>(limitersOf(expected.limitingFactors).size()));
        if (actual.blocksLimitedByWarps != expected.blockLimitWarps)
            return differs("the warps limit", actual.blocksLimitedByWarps,
                           expected.blockLimitWarps);
        if (actual.blocksLimitedByRegisters != shownLimit(expected.blockLimitRegs, device))
            return differs("the registers limit", actual.blocksLimitedByRegisters,
                           shownLimit(expected.blockLimitRegs, device));
        if (actual.blocksLimitedBySharedMemory != shownLimit(expected.blockLimitSharedMem, device))
            return differs("the shared memory limit", actual.blocksLimitedBySharedMemory,
                           shownLimit(expected.blockLimitSharedMem, device));
        if (actual.blocksLimitedByBlocks != expected.blockLimitBlocks)
            return differs("the blocks limit", actual.blocksLimitedByBlocks,
                           expected.blockLimitBlocks);
        if (std::int64_t{actual.registersPerWarpAllocated} * warpsPerBlock !=
            expected.allocatedRegistersPerBlock)
            return differs("registers per block",
                           std::int64_t{actual.registersPerWarpAllocated} * warpsPerBlock,
                           expected.allocatedRegistersPerBlock);
        if (actual.sharedBytesPerBlockAllocated !=
            static_cast<std::int64_t>(expected.allocatedSharedMemPerBlock))
            return differs("shared bytes per block", actual.sharedBytesPerBlockAllocated,
                           static_cast<std::int64_t>(expected.allocatedSharedMemPerBlock));
        if (actual.possible() != (expected.activeBlocksPerMultiprocessor > 0))
            return where + "possible() disagrees with the header's block count";
        return {};
    }

    // Every multiple of 32 up to 1024, odd sizes around warp and sub-partition edges, and
    // sizes over the limit (the header answers 0 for them too).
    static std::vector<int> blockSizes() {
        std::vector<int> sizes = {1,   2,   7,   31,   33,   63,   65,   97,  100,
                                  127, 129, 255, 257,  333,  500,  511,  513, 700,
                                  767, 769, 999, 1000, 1023, 1025, 1056, 2048};
        for (int size = 32; size <= 1024; size += 32) sizes.push_back(size);
        std::sort(sizes.begin(), sizes.end());
        return sizes;
    }

    // From 0 to past the opt-in limit: each allocation-unit edge (unit - 1, unit, unit + 1) at
    // the sizes where the number of blocks per SM changes, and the limits themselves.
    static std::vector<std::int64_t> sharedSizes(const DeviceModel& device) {
        const std::int64_t unit = device.sharedMemoryAllocationUnitBytes;
        const std::int64_t optin = device.sharedMemoryPerBlockOptinBytes;
        std::vector<std::int64_t> sizes = {0, 1, unit - 1, unit, unit + 1};
        for (int blocks = 1; blocks <= device.maxBlocksPerSm + 8; ++blocks) {
            const std::int64_t share =
                device.sharedMemoryPerSmBytes / blocks - device.reservedSharedMemoryPerBlockBytes;
            const std::int64_t edge = share / unit * unit;
            for (const std::int64_t size : {edge - 1, edge, edge + 1}) {
                if (size >= 0) sizes.push_back(size);
            }
        }
        for (const std::int64_t size :
             {device.sharedMemoryPerBlockBytes, device.sharedMemoryPerBlockBytes + 1, optin - 1,
              optin, optin + 1, optin + unit}) {
            sizes.push_back(size);
        }
        std::sort(sizes.begin(), sizes.end());
        sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
        return sizes;
    }

    static std::vector<Config> sweep(const DeviceModel& device) {
        std::vector<Config> configs;
        const std::vector<int> blocks = blockSizes();
        const std::vector<std::int64_t> shared = sharedSizes(device);
        // Block size x registers, dense, at a few shared memory sizes.
        const std::int64_t optin = device.sharedMemoryPerBlockOptinBytes;
        for (const std::int64_t smem : {std::int64_t{0}, std::int64_t{4096}, optin / 3, optin}) {
            for (const int block : blocks) {
                for (int registers = 0; registers <= 255; ++registers)
                    configs.push_back({block, registers, smem, 0});
            }
        }
        // Block size x shared memory at a few register counts.
        for (const int registers : {0, 16, 32, 40, 64, 128, 255}) {
            for (const int block : blocks) {
                for (const std::int64_t smem : shared)
                    configs.push_back({block, registers, smem, 0});
            }
        }
        // Registers x shared memory at common block sizes.
        for (const int block : {64, 128, 256, 384, 512}) {
            for (int registers = 0; registers <= 255; registers += 3) {
                for (const std::int64_t smem : shared)
                    configs.push_back({block, registers, smem, 0});
            }
        }
        // Static shared memory beside dynamic.
        for (const std::int64_t staticBytes : {std::int64_t{1000}, std::int64_t{12288}, optin}) {
            for (const std::int64_t smem : shared) {
                if (smem <= optin) configs.push_back({256, 32, smem, staticBytes});
            }
        }
        return configs;
    }

private slots:
    void matchesCudaOccupancyHeader_data() {
        QTest::addColumn<QString>("deviceId");
        for (const DeviceModel& device : builtinDevices())
            QTest::newRow(device.id.c_str()) << QString::fromStdString(device.id);
    }

    void matchesCudaOccupancyHeader() {
        QFETCH(QString, deviceId);
        const auto device = findBuiltinDevice(deviceId.toStdString());
        QVERIFY2(device.ok(), device.ok() ? "" : device.error().c_str());
        std::int64_t compared = 0;
        std::int64_t impossible = 0;
        std::vector<std::string> differences;
        for (const Config& config : sweep(*device)) {
            std::string difference = compare(*device, config);
            ++compared;
            if (computeOccupancy(*device, {config.threadsPerBlock, config.registersPerThread,
                                           config.dynamicSharedBytes, config.staticSharedBytes})
                    .activeBlocksPerSm == 0)
                ++impossible;
            if (!difference.empty() && differences.size() < 10)
                differences.push_back(std::move(difference));
        }
        qInfo("%s: compared %lld configurations with cuda_occupancy.h (%lld of them cannot run)",
              qPrintable(deviceId), static_cast<long long>(compared),
              static_cast<long long>(impossible));
        for (const std::string& difference : differences) qWarning("%s", difference.c_str());
        QVERIFY2(differences.empty(), "computeOccupancy differs from cuda_occupancy.h");
    }

    // The comparison has teeth: a device model with one number wrong disagrees with the header
    // (whose own tables know the truth for the compute capability) somewhere in the sweep.
    void noticesAWrongDeviceModel_data() {
        QTest::addColumn<QString>("deviceId");
        QTest::addColumn<QString>("mistake");
        QTest::newRow("t4 with 32 blocks per SM") << "t4"
                                                  << "blocks";
        QTest::newRow("a100 with a 256-byte shared unit") << "a100"
                                                          << "shared unit";
        QTest::newRow("h100 with 4 warp schedulers' registers in 2") << "h100"
                                                                     << "sub-partitions";
        QTest::newRow("v100 with a 128-register unit") << "v100"
                                                       << "register unit";
        QTest::newRow("rtx4090 with 64 KiB per SM") << "rtx4090"
                                                    << "shared per sm";
    }

    void noticesAWrongDeviceModel() {
        QFETCH(QString, deviceId);
        QFETCH(QString, mistake);
        auto device = *findBuiltinDevice(deviceId.toStdString());
        if (mistake == "blocks") device.maxBlocksPerSm = 32;
        if (mistake == "shared unit") device.sharedMemoryAllocationUnitBytes = 256;
        if (mistake == "sub-partitions") device.warpSchedulersPerSm = 2;
        if (mistake == "register unit") device.registerAllocationUnit = 128;
        if (mistake == "shared per sm") device.sharedMemoryPerSmBytes = 65536;
        const std::vector<Config> configs = sweep(*findBuiltinDevice(deviceId.toStdString()));
        const bool noticed = std::any_of(configs.begin(), configs.end(), [&](const Config& config) {
            return !compare(device, config).empty();
        });
        QVERIFY(noticed);
    }
};

QTEST_GUILESS_MAIN(TestOccupancyReference)
#include "tst_occupancy_reference.moc"
