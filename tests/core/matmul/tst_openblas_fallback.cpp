#include <QtTest>
#include <cstdint>
#include <string>
#include <vector>

#include "matmul/CpuFeatures.h"
#include "matmul/MatmulReference.h"
#include "matmul/OpenBlasLibrary.h"

// OpenBLAS 0.3.21 falls back to its SSE3 "Prescott" kernels on CPUs it does not know (Sapphire
// and Emerald Rapids). This suite makes OpenBLAS start from that choice, as if it had made it,
// and checks that the loader notices, reloads it with the CPU's own kernel set and says so.
// It has an executable of its own: the simulation needs a process that has not loaded OpenBLAS.
namespace {

using mlsyslab::matmul::OpenBlasLibrary;
using mlsyslab::matmul::SimdLevel;

}  // namespace

class TestOpenBlasFallback : public QObject {
    Q_OBJECT

private slots:
    void prescottIsReplacedByTheCpusKernels() {
        const SimdLevel cpuLevel = mlsyslab::matmul::bestSimdLevel(mlsyslab::matmul::cpuFeatures());
        if (cpuLevel <= SimdLevel::Sse) QSKIP("this CPU has no kernels wider than Prescott's SSE");
        OpenBlasLibrary::LoadOptions options;
        options.simulateInitialCoretype = "Prescott";
        std::string error;
        const std::unique_ptr<OpenBlasLibrary> library = OpenBlasLibrary::load(options, &error);
        if (library == nullptr && error.starts_with("OpenBLAS could not be loaded"))
            QSKIP(error.c_str());
        QVERIFY2(library != nullptr, error.c_str());

        const auto& kernels = library->kernels();
        QCOMPARE(QString::fromStdString(kernels.fallbackReplaced), QString("Prescott"));
        QVERIFY(!kernels.coretypeFromUser);
        QCOMPARE(kernels.kernelLevel, cpuLevel);
        const auto preferred =
            mlsyslab::matmul::preferredOpenBlasCoretype(mlsyslab::matmul::cpuFeatures());
        QVERIFY(preferred.has_value());
        if (cpuLevel == SimdLevel::Avx512) {
            // Cooperlake where the CPU has AVX-512 BF16 (this development machine), else SkylakeX.
            QVERIFY2(kernels.corename == "Cooperlake" || kernels.corename == "SkylakeX",
                     kernels.corename.c_str());
        } else {
            QCOMPARE(QString::fromStdString(kernels.corename), QString::fromStdString(*preferred));
        }
        QCOMPARE(QString::fromStdString(kernels.summary()),
                 QString("OpenBLAS %1, %2 kernels (%3; it chose Prescott, SSE kernels, on this "
                         "CPU, so MLSysLab set OPENBLAS_CORETYPE=%2)")
                     .arg(QString::fromStdString(kernels.version),
                          QString::fromStdString(kernels.corename),
                          QString::fromStdString(
                              std::string(mlsyslab::matmul::simdLevelName(kernels.kernelLevel)))));

        // The reloaded library computes: a 33×33×33 product against the float64 reference.
        const mlsyslab::matmul::MatmulShape shape{33, 33, 33};
        std::vector<float> a(33 * 33), b(33 * 33), c(33 * 33, -7.0f);
        mlsyslab::matmul::fillUniform(a.data(), std::int64_t(a.size()), 1);
        mlsyslab::matmul::fillUniform(b.data(), std::int64_t(b.size()), 2);
        library->sgemm(a.data(), b.data(), c.data(), 33, 33, 33, 2);
        const auto check = mlsyslab::matmul::checkAgainstReference(
            c.data(), mlsyslab::matmul::computeReference(a.data(), b.data(), shape));
        QVERIFY2(check.passed(), qPrintable(QString::number(check.maxRelativeError)));
    }

    void theProcessLibraryLoadsAfterTheSimulation() {
        // The simulated library was unloaded; the process's own load starts afresh and ends with
        // the CPU's kernels too.
        OpenBlasLibrary* library = OpenBlasLibrary::instance();
        if (library == nullptr) QSKIP(OpenBlasLibrary::loadError().c_str());
        if (library->kernels().coretypeFromUser) QSKIP("OPENBLAS_CORETYPE is set by the user");
        QVERIFY(library->kernels().kernelLevel >=
                mlsyslab::matmul::bestSimdLevel(mlsyslab::matmul::cpuFeatures()));
    }
};

QTEST_APPLESS_MAIN(TestOpenBlasFallback)
#include "tst_openblas_fallback.moc"
