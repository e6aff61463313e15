#include <QtTest>
#include <cmath>
#include <functional>

#include "WarpSimulatorTestSupport.h"
#include "gpu/BuiltinKernels.h"
#include "gpu/GlobalMemory.h"
#include "gpu/WarpSimulator.h"

using namespace mlsyslab::gpu;
using mlsyslab::testing::dim3Of;
using mlsyslab::testing::smallTestDevice;

namespace {

// A kernel's input array as the simulator fills it.
std::vector<float> inputOf(const KernelProgram& kernel, const std::string& name) {
    return arrayValues(kernel, initialGlobalMemory(kernel), name);
}

std::vector<float> expectedOutput(const KernelProgram& kernel, const Dim3& grid,
                                  const Dim3& block) {
    const std::string& id = kernel.id;
    if (id == "matrixAdd" || id == "vectorAdd") {
        const bool matrix = id == "matrixAdd";
        const std::vector<float> a = inputOf(kernel, matrix ? "A" : "a");
        const std::vector<float> b = inputOf(kernel, matrix ? "B" : "b");
        std::vector<float> c(a.size());
        for (std::size_t index = 0; index < a.size(); ++index) c[index] = a[index] + b[index];
        return c;
    }
    if (id == "matmulNaive" || id == "matmulTiled") {
        const std::vector<float> a = inputOf(kernel, "A");
        const std::vector<float> b = inputOf(kernel, "B");
        const auto n = static_cast<std::size_t>(std::llround(std::sqrt(double(a.size()))));
        std::vector<float> c(n * n);
        for (std::size_t row = 0; row < n; ++row) {
            for (std::size_t column = 0; column < n; ++column) {
                float sum = 0.0f;
                for (std::size_t k = 0; k < n; ++k) {
                    sum = std::fma(a[row * n + k], b[k * n + column], sum);
                }
                c[row * n + column] = sum;
            }
        }
        return c;
    }
    if (id == "divergent") {
        const std::vector<float> in = inputOf(kernel, "in");
        std::vector<float> out(in.size());
        for (std::size_t index = 0; index < in.size(); ++index) {
            const bool odd = (index % static_cast<std::size_t>(block.x)) % 2 == 1;
            out[index] = odd ? in[index] * 2.0f + 1.0f : (in[index] + 3.0f) * 0.5f;
        }
        return out;
    }
    if (id == "reduction") {
        const std::vector<float> in = inputOf(kernel, "in");
        std::vector<float> out(static_cast<std::size_t>(grid.x), 0.0f);
        for (std::size_t index = 0; index < in.size(); ++index) {
            out[index / static_cast<std::size_t>(block.x)] += in[index];
        }
        return out;
    }
    return {};
}

std::string outputName(const std::string& id) {
    if (id == "vectorAdd") return "c";
    if (id == "divergent" || id == "reduction") return "out";
    return "C";
}

}  // namespace

// The built-in kernels compute what their CUDA source says: every output element equals a plain
// CPU computation of the same thing, on the values the simulator's memory starts with.
class TestBuiltinKernels : public QObject {
    Q_OBJECT

private slots:
    void resultsMatchTheCpu_data() {
        QTest::addColumn<QString>("kernel");
        QTest::addColumn<QString>("grid");
        QTest::addColumn<QString>("block");
        QTest::addColumn<int>("schedulers");
        QTest::addColumn<QString>("policy");
        QTest::newRow("matrixAdd seed 002") << "matrixAdd"
                                            << "3,2"
                                            << "4,3" << 1 << "lrr";
        QTest::newRow("matrixAdd 64 x 48") << "matrixAdd"
                                           << "4,3"
                                           << "16,16" << 4 << "gto";
        QTest::newRow("vectorAdd") << "vectorAdd"
                                   << "5"
                                   << "96" << 2 << "lrr";
        QTest::newRow("vectorAdd partial warps") << "vectorAdd"
                                                 << "3"
                                                 << "50" << 1 << "gto";
        QTest::newRow("matmulNaive 32") << "matmulNaive"
                                        << "2,2"
                                        << "16,16" << 4 << "lrr";
        QTest::newRow("matmulNaive bounds") << "matmulNaive"
                                            << "3,2"
                                            << "8,8" << 2 << "gto";
        QTest::newRow("matmulTiled 32") << "matmulTiled"
                                        << "2,2"
                                        << "16,16" << 4 << "gto";
        QTest::newRow("matmulTiled 24") << "matmulTiled"
                                        << "3,3"
                                        << "8,8" << 1 << "lrr";
        QTest::newRow("divergent") << "divergent"
                                   << "3"
                                   << "64" << 2 << "lrr";
        QTest::newRow("divergent 2D block") << "divergent"
                                            << "2"
                                            << "8,4" << 1 << "gto";
        QTest::newRow("reduction 256") << "reduction"
                                       << "4"
                                       << "256" << 4 << "lrr";
        QTest::newRow("reduction 32") << "reduction"
                                      << "5"
                                      << "32" << 1 << "gto";
    }
    void resultsMatchTheCpu() {
        QFETCH(QString, kernel);
        QFETCH(QString, grid);
        QFETCH(QString, block);
        QFETCH(int, schedulers);
        QFETCH(QString, policy);
        SimulationConfig config;
        config.grid = dim3Of(grid.toStdString());
        config.block = dim3Of(block.toStdString());
        const auto program = buildKernel(kernel.toStdString(), config.grid, config.block);
        QVERIFY2(program.ok(), program.ok() ? "" : program.error().c_str());
        config.kernel = *program;
        config.device = smallTestDevice(schedulers, 2);
        config.schedulerPolicy = policy.toStdString();
        config.recordedSm = -1;
        const auto result = simulateLaunch(config);
        QVERIFY2(result.ok(), result.ok() ? "" : result.error().c_str());
        QVERIFY(result->impossibleReason.empty());
        const std::vector<float> expected = expectedOutput(*program, config.grid, config.block);
        const std::vector<float> actual =
            arrayValues(*program, result->globalMemory, outputName(program->id));
        QCOMPARE(actual.size(), expected.size());
        QVERIFY(!expected.empty());
        for (std::size_t index = 0; index < expected.size(); ++index) {
            if (actual[index] != expected[index]) {
                QFAIL(qPrintable(QString("element %1: %2, expected %3")
                                     .arg(index)
                                     .arg(actual[index])
                                     .arg(expected[index])));
            }
        }
        // The inputs are not touched.
        for (const KernelArray& array : program->arrays) {
            if (!array.input) continue;
            QCOMPARE(arrayValues(*program, result->globalMemory, array.name),
                     inputOf(*program, array.name));
        }
    }

    // Seed 002's launch: 12 x 6 matrices, the sizes written into the source shown.
    void matrixAddSourceFollowsTheLaunch() {
        const auto kernel = buildKernel("matrixAdd", Dim3{3, 2, 1}, Dim3{4, 3, 1});
        QVERIFY(kernel.ok());
        QCOMPARE(QString::fromStdString(kernel->sourceLines[0]),
                 QString("const int Nx = 12;  // gridDim.x * blockDim.x"));
        QCOMPARE(QString::fromStdString(kernel->sourceLines[1]),
                 QString("const int Ny = 6;  // gridDim.y * blockDim.y"));
        QCOMPARE(kernel->parameterValues[3], 12);
        QCOMPARE(kernel->parameterValues[4], 6);
        QCOMPARE(kernel->arrays.size(), std::size_t{3});
        QCOMPARE(kernel->arrays[2].name, std::string("C"));
        QCOMPARE(kernel->arrays[2].elements, 72);
        // Arrays start on 256-byte boundaries: A at 0, B after A's 288 bytes at 512.
        QCOMPARE(kernel->arrays[1].baseByteAddress, 512);
        QCOMPARE(QString::fromStdString(kernel->code[9].text), QString("ld.global.f32 r6, [r5]"));
        QCOMPARE(QString::fromStdString(kernel->code[5].text), QString("@!r2 bra      END"));
        QCOMPARE(QString::fromStdString(kernel->code.back().text), QString("END: exit"));
    }

    // Every kernel: each instruction comes from a line of its source and has its text; the
    // register counts are nvcc's (sm_90, CUDA 13.0, --resource-usage).
    void everyKernelIsWellFormed_data() {
        QTest::addColumn<QString>("kernel");
        QTest::addColumn<int>("registers");
        QTest::addColumn<int>("sharedBytes");
        QTest::newRow("matrixAdd") << "matrixAdd" << 14 << 0;
        QTest::newRow("vectorAdd") << "vectorAdd" << 12 << 0;
        QTest::newRow("matmulNaive") << "matmulNaive" << 32 << 0;
        QTest::newRow("matmulTiled") << "matmulTiled" << 32 << 2048;
        QTest::newRow("divergent") << "divergent" << 12 << 0;
        QTest::newRow("reduction") << "reduction" << 10 << 1024;
    }
    void everyKernelIsWellFormed() {
        QFETCH(QString, kernel);
        QFETCH(int, registers);
        QFETCH(int, sharedBytes);
        const bool oneDimensional = kernel == "reduction";
        const Dim3 grid = oneDimensional ? Dim3{2, 1, 1} : Dim3{2, 2, 1};
        const Dim3 block = oneDimensional ? Dim3{256, 1, 1} : Dim3{16, 16, 1};
        const auto program = buildKernel(kernel.toStdString(), grid, block);
        QVERIFY(program.ok());
        QCOMPARE(QString::fromStdString(program->id), kernel);
        QCOMPARE(program->registersPerThread, registers);
        QCOMPARE(program->staticSharedBytesPerBlock, sharedBytes);
        QVERIFY(!program->title.empty());
        QCOMPARE(program->parameterNames.size(), program->parameterValues.size());
        for (const Instruction& instruction : program->code) {
            QVERIFY(instruction.sourceLine >= 0);
            QVERIFY(instruction.sourceLine < static_cast<int>(program->sourceLines.size()));
            QVERIFY(
                !program->sourceLines[static_cast<std::size_t>(instruction.sourceLine)].empty());
            QVERIFY(!instruction.text.empty());
        }
        QCOMPARE(program->code.back().opcode, Opcode::Exit);
    }

    void kernelIdsInCourseOrder() {
        const std::vector<std::string> expected{"matrixAdd",   "vectorAdd", "matmulNaive",
                                                "matmulTiled", "divergent", "reduction"};
        QCOMPARE(builtinKernelIds(), expected);
    }

    void launchesAKernelCannotTake_data() {
        QTest::addColumn<QString>("kernel");
        QTest::addColumn<QString>("grid");
        QTest::addColumn<QString>("block");
        QTest::addColumn<QString>("message");
        QTest::newRow("unknown") << "matrixMul"
                                 << "1"
                                 << "32"
                                 << "unknown kernel 'matrixMul': the built-in kernels are "
                                    "matrixAdd, vectorAdd, matmulNaive, matmulTiled, divergent, "
                                    "reduction";
        QTest::newRow("tiled rectangle") << "matmulTiled"
                                         << "2,2"
                                         << "16,8"
                                         << "matmulTiled needs square tiles";
        QTest::newRow("tiled grid") << "matmulTiled"
                                    << "2,1"
                                    << "16,16"
                                    << "matmulTiled needs square tiles";
        QTest::newRow("reduction 2D") << "reduction"
                                      << "2"
                                      << "16,16"
                                      << "reduction needs a 1D block";
        QTest::newRow("reduction 100") << "reduction"
                                       << "2"
                                       << "100"
                                       << "reduction needs a 1D block";
        QTest::newRow("too large") << "matrixAdd"
                                   << "65535,65535"
                                   << "32,32"
                                   << "the simulator holds at most";
    }
    void launchesAKernelCannotTake() {
        QFETCH(QString, kernel);
        QFETCH(QString, grid);
        QFETCH(QString, block);
        QFETCH(QString, message);
        const Dim3 gridSize = dim3Of(grid.toStdString());
        const Dim3 blockSize = dim3Of(block.toStdString());
        const auto program = buildKernel(kernel.toStdString(), gridSize, blockSize);
        QVERIFY(!program.ok());
        QVERIFY2(QString::fromStdString(program.error()).contains(message),
                 program.error().c_str());
    }

    // Deterministic inputs: element e of array a is ((3 + 5a + 7e) mod 17 - 8) / 4.
    void initialValues() {
        QCOMPARE(initialArrayValue(0, 0), -1.25f);
        QCOMPARE(initialArrayValue(0, 1), 0.5f);
        QCOMPARE(initialArrayValue(1, 0), 0.0f);
        QCOMPARE(initialArrayValue(0, 17), initialArrayValue(0, 0));
        const auto kernel = buildKernel("vectorAdd", Dim3{1, 1, 1}, Dim3{40, 1, 1});
        const std::vector<float> memory = initialGlobalMemory(*kernel);
        const std::vector<float> b = arrayValues(*kernel, memory, "b");
        for (std::size_t element = 0; element < b.size(); ++element) {
            QCOMPARE(b[element], initialArrayValue(1, static_cast<std::int64_t>(element)));
        }
        for (const float value : arrayValues(*kernel, memory, "c")) QCOMPARE(value, 0.0f);
    }
};

QTEST_APPLESS_MAIN(TestBuiltinKernels)
#include "tst_builtin_kernels.moc"
