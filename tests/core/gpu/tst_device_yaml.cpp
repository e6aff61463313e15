#include <QtTest>
#include <string>
#include <vector>

#include "gpu/BuiltinDeviceFiles.h"
#include "gpu/DeviceYaml.h"

using namespace mlsyslab::gpu;

// Device files: the built-in models load with the numbers the course quotes, and a malformed
// file is reported at its line and column with what is wrong.
class TestDeviceYaml : public QObject {
    Q_OBJECT

private:
    // A valid device (the H100's numbers), one key per line, so that line numbers are known:
    // line 1 is "id", line 7 "sm_count", and so on in DeviceModel's order.
    static std::vector<std::string> validLines() {
        return {
            "id: h100",                                      // 1
            "name: NVIDIA H100 SXM5 80GB",                   // 2
            "architecture: Hopper",                          // 3
            "compute_major: 9",                              // 4
            "compute_minor: 0",                              // 5
            "gpc_count: 8",                                  // 6
            "sm_count: 132",                                 // 7
            "fp32_cores_per_sm: 128",                        // 8
            "tensor_cores_per_sm: 4",                        // 9
            "warp_size: 32",                                 // 10
            "warp_schedulers_per_sm: 4",                     // 11
            "max_threads_per_sm: 2048",                      // 12
            "max_warps_per_sm: 64",                          // 13
            "max_blocks_per_sm: 32",                         // 14
            "max_threads_per_block: 1024",                   // 15
            "registers_per_sm: 65536",                       // 16
            "registers_per_block: 65536",                    // 17
            "max_registers_per_thread: 255",                 // 18
            "register_allocation_unit: 256",                 // 19
            "shared_memory_per_sm_bytes: 233472",            // 20
            "shared_memory_per_block_bytes: 49152",          // 21
            "shared_memory_per_block_optin_bytes: 232448",   // 22
            "shared_memory_allocation_unit_bytes: 128",      // 23
            "reserved_shared_memory_per_block_bytes: 1024",  // 24
            "l2_cache_bytes: 52428800",                      // 25
            "memory_bytes: 85899345920",                     // 26
            "memory_type: HBM3",                             // 27
            "memory_bandwidth_gbps: 3352",                   // 28
            "boost_clock_mhz: 1980",                         // 29
            "fp32_tflops: 66.9",                             // 30
            "tensor_fp16_tflops: 989.4",                     // 31
            "alu_latency_cycles: 4",                         // 32
            "fma_latency_cycles: 4",                         // 33
            "shared_memory_latency_cycles: 29",              // 34
            "global_memory_latency_cycles: 480",             // 35
        };
    }

    static std::string joined(const std::vector<std::string>& lines) {
        std::string text;
        for (const std::string& line : lines) text += line + "\n";
        return text;
    }

    // The valid text with line `line` (from 1) replaced; an empty replacement removes it.
    static std::string withLine(int line, const std::string& replacement) {
        std::vector<std::string> lines = validLines();
        if (replacement.empty()) {
            lines.erase(lines.begin() + (line - 1));
        } else {
            lines[static_cast<std::size_t>(line - 1)] = replacement;
        }
        return joined(lines);
    }

private slots:
    void everyBuiltinFileLoads() {
        const auto files = builtinDeviceFiles();
        QCOMPARE(files.size(), std::size_t{6});
        for (const EmbeddedDeviceFile& file : files) {
            const auto device = parseDeviceYaml(file.text, std::string(file.fileName));
            QVERIFY2(device.ok(), device.ok() ? "" : device.error().c_str());
            // Each file is named after its id.
            QCOMPARE(device->id + ".yaml", std::string(file.fileName));
        }
        std::vector<std::string> ids;
        for (const DeviceModel& device : builtinDevices()) ids.push_back(device.id);
        const std::vector<std::string> courseOrder = {"v100",    "t4",   "a100",
                                                      "rtx4090", "h100", "h200"};
        QCOMPARE(ids, courseOrder);
    }

    void builtinNumbers_data() {
        QTest::addColumn<QString>("id");
        QTest::addColumn<int>("computeCapability");  // major * 10 + minor
        QTest::addColumn<int>("smCount");
        QTest::addColumn<int>("cudaCores");
        QTest::addColumn<int>("maxThreadsPerSm");
        QTest::addColumn<int>("maxBlocksPerSm");
        QTest::addColumn<qint64>("sharedPerSm");
        QTest::addColumn<qint64>("sharedOptin");
        QTest::addColumn<qint64>("sharedUnit");
        QTest::addColumn<qint64>("reserved");
        QTest::addColumn<double>("tensorTflops");
        // The occupancy columns are the programming guide's; the SM and core counts and the
        // tensor peaks are the ones the course quotes (seed 000: RTX 4090 128 SMs and 16,384
        // cores; H100 132 SMs; A100 312 and H100 ~1000 dense FP16 TFLOPS).
        QTest::newRow("v100") << "v100" << 70 << 80 << 5120 << 2048 << 32 << qint64{98304}
                              << qint64{98304} << qint64{256} << qint64{0} << 125.0;
        QTest::newRow("t4") << "t4" << 75 << 40 << 2560 << 1024 << 16 << qint64{65536}
                            << qint64{65536} << qint64{256} << qint64{0} << 65.0;
        QTest::newRow("a100") << "a100" << 80 << 108 << 6912 << 2048 << 32 << qint64{167936}
                              << qint64{166912} << qint64{128} << qint64{1024} << 312.0;
        QTest::newRow("rtx4090") << "rtx4090" << 89 << 128 << 16384 << 1536 << 24 << qint64{102400}
                                 << qint64{101376} << qint64{128} << qint64{1024} << 165.2;
        QTest::newRow("h100") << "h100" << 90 << 132 << 16896 << 2048 << 32 << qint64{233472}
                              << qint64{232448} << qint64{128} << qint64{1024} << 989.4;
        QTest::newRow("h200") << "h200" << 90 << 132 << 16896 << 2048 << 32 << qint64{233472}
                              << qint64{232448} << qint64{128} << qint64{1024} << 989.4;
    }

    void builtinNumbers() {
        QFETCH(QString, id);
        QFETCH(int, computeCapability);
        QFETCH(int, smCount);
        QFETCH(int, cudaCores);
        QFETCH(int, maxThreadsPerSm);
        QFETCH(int, maxBlocksPerSm);
        QFETCH(qint64, sharedPerSm);
        QFETCH(qint64, sharedOptin);
        QFETCH(qint64, sharedUnit);
        QFETCH(qint64, reserved);
        QFETCH(double, tensorTflops);
        const auto device = findBuiltinDevice(id.toStdString());
        QVERIFY(device.ok());
        QCOMPARE(device->computeMajor * 10 + device->computeMinor, computeCapability);
        QCOMPARE(device->smCount, smCount);
        QCOMPARE(device->cudaCores(), cudaCores);
        QCOMPARE(device->maxThreadsPerSm, maxThreadsPerSm);
        QCOMPARE(device->maxWarpsPerSm, maxThreadsPerSm / 32);
        QCOMPARE(device->maxBlocksPerSm, maxBlocksPerSm);
        QCOMPARE(device->maxThreadsPerBlock, 1024);
        QCOMPARE(device->registersPerSm, 65536);
        QCOMPARE(device->maxRegistersPerThread, 255);
        QCOMPARE(device->registerAllocationUnit, 256);
        QCOMPARE(device->warpSchedulersPerSm, 4);
        QCOMPARE(device->sharedMemoryPerSmBytes, sharedPerSm);
        QCOMPARE(device->sharedMemoryPerBlockBytes, qint64{49152});
        QCOMPARE(device->sharedMemoryPerBlockOptinBytes, sharedOptin);
        QCOMPARE(device->sharedMemoryAllocationUnitBytes, sharedUnit);
        QCOMPARE(device->reservedSharedMemoryPerBlockBytes, reserved);
        QCOMPARE(device->tensorFp16Tflops, tensorTflops);
    }

    void findsDevicesByIdOrPath() {
        const auto unknown = findBuiltinDevice("h10");
        QVERIFY(!unknown.ok());
        QCOMPARE(unknown.error(),
                 std::string("unknown device 'h10'; did you mean 'h100'? (built-in devices: "
                             "v100, t4, a100, rtx4090, h100, h200; or a path to a device file)"));
        QCOMPARE(findDevice("rtx4090")->smCount, 128);
        const std::string path = std::string(MLSYSLAB_SOURCE_DIR) + "/resources/devices/t4.yaml";
        QCOMPARE(findDevice(path)->id, std::string("t4"));
        const auto missing = findDevice("/nonexistent/gpu.yaml");
        QVERIFY(!missing.ok());
        QCOMPARE(missing.error(),
                 std::string("/nonexistent/gpu.yaml: cannot open the device file"));
    }

    void validTextLoads() {
        const auto device = parseDeviceYaml(joined(validLines()), "my.yaml");
        QVERIFY2(device.ok(), device.ok() ? "" : device.error().c_str());
        QCOMPARE(device->memoryBytes, qint64{85899345920});
        QCOMPARE(device->fp32Tflops, 66.9);
        QCOMPARE(device->name, std::string("NVIDIA H100 SXM5 80GB"));
    }

    void badFilesAreReportedWhereTheyAreWrong_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("error");
        const auto row = [](const char* name, const std::string& text, const char* error) {
            QTest::newRow(name) << QString::fromStdString(text) << QString(error);
        };
        row("misspelt key", withLine(7, "sm_cout: 132"),
            "my.yaml:7:1: unknown key 'sm_cout'; did you mean 'sm_count'?");
        row("missing key", withLine(10, ""),
            "my.yaml:1:1: missing 'warp_size' (threads per warp, 32)");
        row("key twice", joined(validLines()) + "sm_count: 132\n",
            "my.yaml:36:1: 'sm_count' is given twice");
        row("word for a number", withLine(7, "sm_count: many"),
            "my.yaml:7:11: 'sm_count' must be a whole number (SMs on the GPU, like 132), not "
            "'many'");
        row("fraction for a whole number", withLine(7, "sm_count: 13.5"),
            "my.yaml:7:11: 'sm_count' must be a whole number (SMs on the GPU, like 132), not "
            "'13.5'");
        row("list for a number", withLine(7, "sm_count: [1, 2]"),
            "my.yaml:7:11: 'sm_count' must be a whole number (SMs on the GPU, like 132), not a "
            "list");
        row("no value", withLine(7, "sm_count:"),
            "my.yaml:7:1: 'sm_count' must be a whole number (SMs on the GPU, like 132), not "
            "nothing");
        row("zero SMs", withLine(7, "sm_count: 0"),
            "my.yaml:7:11: 'sm_count' is 0; it must be from 1 to 16777216");
        row("negative rate", withLine(30, "fp32_tflops: -1"),
            "my.yaml:30:14: 'fp32_tflops' is -1; it must be greater than 0 and at most 1e9");
        row("text for a rate", withLine(28, "memory_bandwidth_gbps: fast"),
            "my.yaml:28:24: 'memory_bandwidth_gbps' must be a number (GB/s, like 3352), not "
            "'fast'");
        row("upper-case id", withLine(1, "id: H100"),
            "my.yaml:1:5: 'id' must be lower-case letters, digits, '-' and '_' (the name "
            "--device and lessons use, like h100), not 'H100'");
        row("warps times warp size", withLine(13, "max_warps_per_sm: 48"),
            "my.yaml:13:19: max_warps_per_sm: 48 warps x 32 threads = 1536, but "
            "max_threads_per_sm is 2048");
        row("block larger than an SM", withLine(15, "max_threads_per_block: 4096"),
            "my.yaml:15:24: max_threads_per_block: a block of 4096 threads would not fit an SM "
            "of 2048");
        row("registers per block over the SM", withLine(17, "registers_per_block: 131072"),
            "my.yaml:17:22: registers_per_block: 131072 registers per block, but the SM has "
            "65536");
        row("shared memory off the unit",
            withLine(22, "shared_memory_per_block_optin_bytes: 232449"),
            "my.yaml:22:38: shared_memory_per_block_optin_bytes: 232449 bytes is not a whole "
            "number of allocation units (128 bytes)");
        row("opt-in and reservation over the SM",
            withLine(22, "shared_memory_per_block_optin_bytes: 233472"),
            "my.yaml:22:38: shared_memory_per_block_optin_bytes: a block at the opt-in limit "
            "takes 234496 bytes with the reservation, more than the SM has (233472)");
        row("reservation before Ampere", withLine(4, "compute_major: 7"),
            "my.yaml:24:41: reserved_shared_memory_per_block_bytes: the driver reserves shared "
            "memory per block only from compute capability 8.0: use 0");
        row("FP32 peak off", withLine(30, "fp32_tflops: 80"),
            "my.yaml:30:14: fp32_tflops: SMs x FP32 cores x 2 FLOPs x boost clock = 66.91 "
            "TFLOPS, more than 2 % away from 80");
        row("YAML syntax", withLine(7, "sm_count: [1, 2"),
            "my.yaml:8:18: invalid YAML: end of sequence flow not found");
        row("not a map", "- 1\n- 2\n",
            "my.yaml:1:1: a device file is a map of keys, one per line, like 'sm_count: 132' "
            "(docs/gpu-devices.md lists them)");
        row("empty file", "",
            "my.yaml:1:1: a device file is a map of keys, one per line, like 'sm_count: 132' "
            "(docs/gpu-devices.md lists them)");
    }

    void badFilesAreReportedWhereTheyAreWrong() {
        QFETCH(QString, text);
        QFETCH(QString, error);
        const auto device = parseDeviceYaml(text.toStdString(), "my.yaml");
        QVERIFY(!device.ok());
        QCOMPARE(QString::fromStdString(device.error()), error);
    }

    void anUnknownKeyFarFromAnyListsTheKeys() {
        const auto device = parseDeviceYaml(joined(validLines()) + "colour: green\n", "my.yaml");
        QVERIFY(!device.ok());
        QVERIFY(device.error().starts_with(
            "my.yaml:36:1: unknown key 'colour' (keys: id, name, architecture, compute_major,"));
        QVERIFY(device.error().ends_with("global_memory_latency_cycles)"));
    }
};

QTEST_GUILESS_MAIN(TestDeviceYaml)
#include "tst_device_yaml.moc"
