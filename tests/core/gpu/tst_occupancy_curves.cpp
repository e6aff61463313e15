#include <QtTest>
#include <cstdint>

#include "gpu/DeviceYaml.h"
#include "gpu/OccupancyCurves.h"

using namespace mlsyslab::gpu;

namespace {

// A kernel in the middle of every curve: 256 threads, 48 registers, 8 KiB of shared memory.
KernelResources middleKernel() {
    KernelResources kernel;
    kernel.threadsPerBlock = 256;
    kernel.registersPerThread = 48;
    kernel.dynamicSharedBytesPerBlock = 8192;
    return kernel;
}

}  // namespace

// The occupancy calculator's three curves: each point is computeOccupancy with one resource
// changed, over the range the device allows.
class TestOccupancyCurves : public QObject {
    Q_OBJECT

private slots:
    void curvesCoverTheDeviceRanges_data() {
        QTest::addColumn<QString>("deviceId");
        for (const DeviceModel& device : builtinDevices()) {
            QTest::newRow(device.id.c_str()) << QString::fromStdString(device.id);
        }
    }
    void curvesCoverTheDeviceRanges() {
        QFETCH(QString, deviceId);
        const DeviceModel device = *findBuiltinDevice(deviceId.toStdString());
        const KernelResources kernel = middleKernel();

        // Threads per block: one warp, two, ..., the device's most.
        const OccupancyCurve byBlock = occupancyByBlockSize(device, kernel);
        QCOMPARE(byBlock.x.size(), std::size_t(device.maxThreadsPerBlock / device.warpSize));
        QCOMPARE(byBlock.occupancyPct.size(), byBlock.x.size());
        QCOMPARE(byBlock.x.front(), double(device.warpSize));
        QCOMPARE(byBlock.x.back(), double(device.maxThreadsPerBlock));
        for (std::size_t index = 0; index < byBlock.x.size(); ++index) {
            KernelResources varied = kernel;
            varied.threadsPerBlock = int(byBlock.x[index]);
            QCOMPARE(byBlock.occupancyPct[index], computeOccupancy(device, varied).occupancyPct);
        }

        // Registers per thread: every count from 0 to the device's most.
        const OccupancyCurve byRegisters = occupancyByRegisters(device, kernel);
        QCOMPARE(byRegisters.x.size(), std::size_t(device.maxRegistersPerThread + 1));
        for (std::size_t index = 0; index < byRegisters.x.size(); ++index) {
            QCOMPARE(byRegisters.x[index], double(index));
            KernelResources varied = kernel;
            varied.registersPerThread = int(index);
            QCOMPARE(byRegisters.occupancyPct[index],
                     computeOccupancy(device, varied).occupancyPct);
        }

        // Shared memory, in KiB: 0 to the opt-in limit, one allocation unit apart.
        const OccupancyCurve byShared = occupancyBySharedMemory(device, kernel);
        QCOMPARE(byShared.x.front(), 0.0);
        QCOMPARE(byShared.x.back() * kBytesPerKibibyte,
                 double(device.sharedMemoryPerBlockOptinBytes));
        QCOMPARE(byShared.x[1] * kBytesPerKibibyte, double(device.sharedMemoryAllocationUnitBytes));
        for (std::size_t index = 0; index < byShared.x.size(); ++index) {
            KernelResources varied = kernel;
            varied.dynamicSharedBytesPerBlock = std::int64_t(byShared.x[index] * kBytesPerKibibyte);
            QCOMPARE(byShared.occupancyPct[index], computeOccupancy(device, varied).occupancyPct);
        }
    }

    // The curves follow the other two resources: more registers lower the block-size curve.
    void curvesFollowTheOtherResources() {
        const DeviceModel device = *findBuiltinDevice("h100");
        KernelResources light = middleKernel();
        KernelResources heavy = middleKernel();
        heavy.registersPerThread = 128;
        const OccupancyCurve lightCurve = occupancyByBlockSize(device, light);
        const OccupancyCurve heavyCurve = occupancyByBlockSize(device, heavy);
        QCOMPARE(lightCurve.x, heavyCurve.x);
        QVERIFY(heavyCurve.occupancyPct[7] < lightCurve.occupancyPct[7]);  // 256 threads
    }
};

QTEST_APPLESS_MAIN(TestOccupancyCurves)
#include "tst_occupancy_curves.moc"
