#include <QtTest>

#include "gpu/DeviceHierarchy.h"

using namespace mlsyslab::gpu;

namespace {

// The counts the hierarchy needs, as the device files give them (resources/devices/), written
// out here so this suite tests the arithmetic alone.
DeviceModel deviceWith(int gpcs, int sms, int fp32CoresPerSm, int tensorCoresPerSm,
                       int maxWarpsPerSm) {
    DeviceModel device;
    device.gpcCount = gpcs;
    device.smCount = sms;
    device.fp32CoresPerSm = fp32CoresPerSm;
    device.tensorCoresPerSm = tensorCoresPerSm;
    device.warpSchedulersPerSm = 4;
    device.maxWarpsPerSm = maxWarpsPerSm;
    device.registersPerSm = 65536;
    return device;
}

DeviceModel rtx4090() { return deviceWith(11, 128, 128, 4, 48); }
DeviceModel h100() { return deviceWith(8, 132, 128, 4, 64); }
DeviceModel v100() { return deviceWith(6, 80, 64, 8, 64); }

}  // namespace

// How a device's SMs, cores, warp slots and registers divide among GPCs and warp schedulers.
class TestDeviceHierarchy : public QObject {
    Q_OBJECT

private slots:
    void smsSplitEvenlyOverGpcs_data() {
        QTest::addColumn<int>("gpcs");
        QTest::addColumn<int>("sms");
        QTest::addColumn<QList<int>>("expected");
        // 128 = 7 x 12 + 4 x 11: the first 128 mod 11 = 7 GPCs get the extra SM.
        QTest::newRow("RTX 4090") << 11 << 128
                                  << QList<int>{12, 12, 12, 12, 12, 12, 12, 11, 11, 11, 11};
        QTest::newRow("H100") << 8 << 132 << QList<int>{17, 17, 17, 17, 16, 16, 16, 16};
        QTest::newRow("A100") << 7 << 108 << QList<int>{16, 16, 16, 15, 15, 15, 15};
        QTest::newRow("T4") << 5 << 40 << QList<int>{8, 8, 8, 8, 8};
        QTest::newRow("no GPC count in the file: one") << 0 << 10 << QList<int>{10};
    }

    void smsSplitEvenlyOverGpcs() {
        QFETCH(int, gpcs);
        QFETCH(int, sms);
        QFETCH(QList<int>, expected);
        const DeviceModel device = deviceWith(gpcs, sms, 128, 4, 48);
        const std::vector<int> counts = smsPerGpc(device);
        QCOMPARE(QList<int>(counts.begin(), counts.end()), expected);
        // Walking the SMs in order visits each GPC's SMs together, first SM first.
        int sm = 0;
        for (int gpc = 0; gpc < expected.size(); ++gpc) {
            QCOMPARE(firstSmOfGpc(device, gpc), sm);
            for (int inGpc = 0; inGpc < expected[gpc]; ++inGpc, ++sm) {
                QCOMPARE(gpcOfSm(device, sm), gpc);
            }
        }
        QCOMPARE(sm, sms);
    }

    void schedulerPartitions_data() {
        QTest::addColumn<QString>("device");
        QTest::addColumn<int>("cores");
        QTest::addColumn<int>("tensorCores");
        QTest::addColumn<int>("warpSlots");
        QTest::addColumn<int>("registers");
        QTest::addColumn<int>("cycles");
        QTest::newRow("RTX 4090: 32 cores a scheduler, a warp a clock")
            << "rtx4090" << 32 << 1 << 12 << 16384 << 1;
        QTest::newRow("H100") << "h100" << 32 << 1 << 16 << 16384 << 1;
        QTest::newRow("V100: 16 cores, a warp in two halves")
            << "v100" << 16 << 2 << 16 << 16384 << 2;
    }

    void schedulerPartitions() {
        QFETCH(QString, device);
        QFETCH(int, cores);
        QFETCH(int, tensorCores);
        QFETCH(int, warpSlots);
        QFETCH(int, registers);
        QFETCH(int, cycles);
        const DeviceModel model = device == "rtx4090" ? rtx4090()
                                  : device == "h100"  ? h100()
                                                      : v100();
        QCOMPARE(fp32CoresPerScheduler(model), cores);
        QCOMPARE(tensorCoresPerScheduler(model), tensorCores);
        QCOMPARE(warpSlotsPerScheduler(model), warpSlots);
        QCOMPARE(registersPerScheduler(model), registers);
        QCOMPARE(cyclesPerWarpInstruction(model), cycles);
        // The partitions add up to the SM.
        QCOMPARE(fp32CoresPerScheduler(model) * model.warpSchedulersPerSm, model.fp32CoresPerSm);
        QCOMPARE(warpSlotsPerScheduler(model) * model.warpSchedulersPerSm, model.maxWarpsPerSm);
    }

    void warpsAndLanesFindTheirSchedulerAndCore() {
        const DeviceModel device = rtx4090();
        const QList<int> schedulers = {0, 1, 2, 3, 0, 1, 2, 3, 0};
        for (int warp = 0; warp < schedulers.size(); ++warp) {
            QCOMPARE(schedulerOfWarp(device, warp), schedulers[warp]);
        }
        QCOMPARE(schedulerOfWarp(device, 47), 3);
        // 32 cores: lane i on core i. 16 cores: lanes 16 to 31 reuse cores 0 to 15.
        for (int lane = 0; lane < 32; ++lane) {
            QCOMPARE(coreOfLane(device, lane), lane);
            QCOMPARE(coreOfLane(v100(), lane), lane % 16);
        }
    }

    void emptyDeviceDoesNotDivideByZero() {
        const DeviceModel empty;
        QCOMPARE(smsPerGpc(empty), std::vector<int>{0});
        QCOMPARE(fp32CoresPerScheduler(empty), 0);
        QCOMPARE(cyclesPerWarpInstruction(empty), 32);
        QCOMPARE(schedulerOfWarp(empty, 5), 0);
        QCOMPARE(coreOfLane(empty, 5), 0);
    }
};

QTEST_APPLESS_MAIN(TestDeviceHierarchy)
#include "tst_device_hierarchy.moc"
