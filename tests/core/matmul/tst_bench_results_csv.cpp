#include <QtTest>
#include <string>
#include <vector>

#include "matmul/BenchResultsCsv.h"
#include "matmul/MachineDescription.h"
#include "matmul/MatmulRunner.h"

// Results as CSV, field by field (RFC 4180 quoting), the machine as comment lines above them,
// and the machine description's text.
namespace {

using mlsyslab::matmul::BenchStatus;
using mlsyslab::matmul::GpuDescription;
using mlsyslab::matmul::MachineDescription;
using mlsyslab::matmul::MatmulBenchResult;
using mlsyslab::matmul::summarizeRuns;

MatmulBenchResult measuredResult() {
    MatmulBenchResult result;
    result.backend = "threads";
    result.shape = {256, 128, 64};
    result.threads = 2;
    result.status = BenchStatus::Ok;
    result.detail = "AVX-512, 16x16 micro-tile, \"packed\"";
    result.runSeconds = {0.002, 0.001, 0.004};
    result.statistics = summarizeRuns(result.runSeconds);
    result.gflops = 2.0 * 256 * 128 * 64 / 0.002 / 1e9;
    result.maxRelativeError = 2.5e-7;
    result.tolerance = 3.8e-6;
    return result;
}

MachineDescription twoCoreMachine() {
    MachineDescription machine;
    machine.cpuModel = "AMD EPYC";
    machine.logicalCores = 2;
    machine.physicalCores = 2;
    machine.simdLevel = "AVX-512";
    machine.fmaPeakGflopsOneThread = 112.4;
    machine.fmaPeakGflopsAllThreads = 223.6;
    machine.openBlas = "OpenBLAS 0.3.21, Cooperlake kernels (AVX-512)";
    machine.gpuUnavailableReason = "this build has no CUDA";
    return machine;
}

}  // namespace

class TestBenchResultsCsv : public QObject {
    Q_OBJECT

private slots:
    void fields_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("field");
        QTest::newRow("plain") << "naive"
                               << "naive";
        QTest::newRow("empty") << ""
                               << "";
        QTest::newRow("spaces and colons") << "unavailable: no device"
                                           << "unavailable: no device";
        QTest::newRow("comma") << "a, b"
                               << "\"a, b\"";
        QTest::newRow("quote") << "say \"hi\""
                               << "\"say \"\"hi\"\"\"";
        QTest::newRow("line break") << "one\ntwo"
                                    << "\"one\ntwo\"";
        QTest::newRow("carriage return") << "one\rtwo"
                                         << "\"one\rtwo\"";
    }
    void fields() {
        QFETCH(QString, text);
        QFETCH(QString, field);
        QCOMPARE(QString::fromStdString(mlsyslab::matmul::csvField(text.toStdString())), field);
    }

    void measuredLine() {
        QCOMPARE(mlsyslab::matmul::benchResultCsvLine(measuredResult()),
                 std::string("threads,256,128,64,2,ok,0.002,0.001,0.004,3,2.09715,2.5e-07,"
                             "3.8e-06,0,0,\"AVX-512, 16x16 micro-tile, \"\"packed\"\"\""));
    }

    // What did not run has no times: empty fields, not zeros.
    void unavailableLine() {
        MatmulBenchResult result;
        result.backend = "cublas";
        result.shape = {1024, 1024, 1024};
        result.status = BenchStatus::Unavailable;
        result.message = "no CUDA device: cudaGetDeviceCount: no CUDA-capable device, found";
        QCOMPARE(mlsyslab::matmul::benchResultCsvLine(result),
                 std::string("cublas,1024,1024,1024,1,\"unavailable: no CUDA device: "
                             "cudaGetDeviceCount: no CUDA-capable device, found\",,,,0,,,,,,"));
    }

    void wholeFileHasTheMachineThenTheHeader() {
        const MachineDescription machine = twoCoreMachine();
        const std::string csv = mlsyslab::matmul::benchResultsCsv({measuredResult()}, &machine);
        const std::string expected =
            "# CPU: AMD EPYC, 2 cores, AVX-512\n"
            "# FMA peak (float32, measured): 1 thread 112 GFLOPS, 2 threads 224 GFLOPS\n"
            "# BLAS: OpenBLAS 0.3.21, Cooperlake kernels (AVX-512)\n"
            "# GPU: none (this build has no CUDA)\n"
            "backend,m,n,k,threads,status,median_s,min_s,max_s,runs,gflops,max_rel_err,"
            "tolerance,upload_s,download_s,detail\n" +
            mlsyslab::matmul::benchResultCsvLine(measuredResult()) + "\n";
        QCOMPARE(csv, expected);
    }

    void withoutMachineOnlyTheTable() {
        const std::string csv = mlsyslab::matmul::benchResultsCsv({}, nullptr);
        QCOMPARE(csv, std::string(mlsyslab::matmul::kBenchCsvHeader) + "\n");
    }

    void machineTextWithGpusAndHardwareThreads() {
        MachineDescription machine = twoCoreMachine();
        machine.cpuModel = "Intel Xeon";
        machine.logicalCores = 16;
        machine.physicalCores = 8;
        machine.fmaPeakGflopsOneThread = 0.0;
        machine.gpus.push_back(GpuDescription{"NVIDIA H100 80GB HBM3", 85'045'280'768, 9, 0, 132});
        machine.gpuUnavailableReason.clear();
        QCOMPARE(mlsyslab::matmul::describeMachineText(machine),
                 std::string("CPU: Intel Xeon, 8 cores (16 hardware threads), AVX-512\n"
                             "FMA peak: not measured\n"
                             "BLAS: OpenBLAS 0.3.21, Cooperlake kernels (AVX-512)\n"
                             "GPU: NVIDIA H100 80GB HBM3, 79.2 GiB, compute capability 9.0, "
                             "132 SMs\n"));
    }

    void machineTextOnOneCore() {
        MachineDescription machine = twoCoreMachine();
        machine.logicalCores = 1;
        machine.physicalCores = 1;
        const std::string text = mlsyslab::matmul::describeMachineText(machine);
        QVERIFY2(text.starts_with("CPU: AMD EPYC, 1 core, AVX-512\n"
                                  "FMA peak (float32, measured): 1 thread 112 GFLOPS\n"),
                 text.c_str());
    }
};

QTEST_APPLESS_MAIN(TestBenchResultsCsv)
#include "tst_bench_results_csv.moc"
