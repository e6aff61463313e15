#include <QtTest>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "common/Concat.h"
#include "matmul/BackendRegistry.h"
#include "matmul/CpuFeatures.h"
#include "matmul/MatmulBackend.h"
#include "matmul/MatmulReference.h"
#include "matmul/OpenBlasLibrary.h"

// OpenBLAS loaded at run time: the kernel-set table, the coretype the loader asks for, the
// summary people read, and cblas_sgemm (through the library and the "openblas" backend) against
// the float64 reference. The reload from a simulated "Prescott" has its own executable
// (tst_openblas_fallback), because it needs a process that has not loaded OpenBLAS yet.
namespace {

using mlsyslab::matmul::CpuFeatures;
using mlsyslab::matmul::MatmulOperands;
using mlsyslab::matmul::MatmulShape;
using mlsyslab::matmul::OpenBlasKernels;
using mlsyslab::matmul::OpenBlasLibrary;
using mlsyslab::matmul::SimdLevel;

CpuFeatures featuresWith(bool sse3, bool avx, bool avx2, bool fma, bool avx512, bool bf16) {
    CpuFeatures features;
    features.sse3 = sse3;
    features.avx = avx;
    features.avx2 = avx2;
    features.fma = fma;
    features.avx512 = avx512;
    features.avx512bf16 = bf16;
    return features;
}

// C = A·B with `library` on random operands, checked against the float64 reference.
mlsyslab::matmul::MatmulCheck multiplyAndCheck(const OpenBlasLibrary& library,
                                               const MatmulShape& shape, unsigned threads) {
    std::vector<float> a(std::size_t(shape.m * shape.k));
    std::vector<float> b(std::size_t(shape.k * shape.n));
    std::vector<float> c(std::size_t(shape.m * shape.n), -7.0f);
    mlsyslab::matmul::fillUniform(a.data(), std::int64_t(a.size()), 11);
    mlsyslab::matmul::fillUniform(b.data(), std::int64_t(b.size()), 12);
    library.sgemm(a.data(), b.data(), c.data(), shape.m, shape.n, shape.k, threads);
    const auto reference = mlsyslab::matmul::computeReference(a.data(), b.data(), shape);
    return mlsyslab::matmul::checkAgainstReference(c.data(), reference);
}

void addShapes() {
    QTest::addColumn<qint64>("m");
    QTest::addColumn<qint64>("n");
    QTest::addColumn<qint64>("k");
    QTest::addColumn<unsigned>("threads");
    for (const qint64 size : {1, 7, 16, 33, 64, 127, 257}) {
        for (const unsigned threads : {1u, 2u}) {
            const QByteArray name =
                QByteArray::number(size) + " cube, " + QByteArray::number(threads) + " thread(s)";
            QTest::newRow(name.constData()) << size << size << size << threads;
        }
    }
    QTest::newRow("1x257x3, 1 thread") << qint64(1) << qint64(257) << qint64(3) << 1u;
    QTest::newRow("65x17x129, 2 threads") << qint64(65) << qint64(17) << qint64(129) << 2u;
    QTest::newRow("200x3x31, 2 threads") << qint64(200) << qint64(3) << qint64(31) << 2u;
}

}  // namespace

Q_DECLARE_METATYPE(CpuFeatures)
Q_DECLARE_METATYPE(SimdLevel)

class TestOpenBlasLibrary : public QObject {
    Q_OBJECT

private slots:
    void kernelLevelOfEachCorename_data() {
        QTest::addColumn<QString>("corename");
        QTest::addColumn<SimdLevel>("level");
        for (const char* name :
             {"Prescott", "Katmai", "Atom", "Core2", "Penryn", "Dunnington", "Nehalem", "Opteron",
              "Opteron_SSE3", "Barcelona", "Bobcat", "Nano", "Unknown", ""})
            QTest::newRow(name) << QString(name) << SimdLevel::Sse;
        for (const char* name : {"Sandybridge", "Bulldozer", "Piledriver", "Steamroller"})
            QTest::newRow(name) << QString(name) << SimdLevel::Avx;
        for (const char* name : {"Haswell", "Zen", "Excavator"})
            QTest::newRow(name) << QString(name) << SimdLevel::Avx2Fma;
        for (const char* name : {"SkylakeX", "Cooperlake", "SapphireRapids"})
            QTest::newRow(name) << QString(name) << SimdLevel::Avx512;
        QTest::newRow("lowercase skylakex") << QString("skylakex") << SimdLevel::Avx512;
        QTest::newRow("uppercase HASWELL") << QString("HASWELL") << SimdLevel::Avx2Fma;
    }
    void kernelLevelOfEachCorename() {
        QFETCH(QString, corename);
        QFETCH(SimdLevel, level);
        QCOMPARE(mlsyslab::matmul::openBlasKernelLevel(corename.toStdString()), level);
    }

    void preferredCoretypeForEachCpu_data() {
        QTest::addColumn<CpuFeatures>("features");
        QTest::addColumn<QString>("coretype");  // empty: none
        QTest::newRow("AVX-512 with BF16 (Cooper Lake, Sapphire Rapids, Zen 4)")
            << featuresWith(true, true, true, true, true, true) << "Cooperlake";
        QTest::newRow("AVX-512 (Skylake-SP)")
            << featuresWith(true, true, true, true, true, false) << "SkylakeX";
        QTest::newRow("AVX2 and FMA (Haswell, Zen)")
            << featuresWith(true, true, true, true, false, false) << "Haswell";
        QTest::newRow("AVX2 without FMA")
            << featuresWith(true, true, true, false, false, false) << "Sandybridge";
        QTest::newRow("AVX (Sandy Bridge)")
            << featuresWith(true, true, false, false, false, false) << "Sandybridge";
        QTest::newRow("SSE3 only") << featuresWith(true, false, false, false, false, false) << "";
        QTest::newRow("nothing") << featuresWith(false, false, false, false, false, false) << "";
    }
    void preferredCoretypeForEachCpu() {
        QFETCH(CpuFeatures, features);
        QFETCH(QString, coretype);
        const std::optional<std::string> preferred =
            mlsyslab::matmul::preferredOpenBlasCoretype(features);
        if (coretype.isEmpty()) {
            QVERIFY(!preferred.has_value());
        } else {
            QVERIFY(preferred.has_value());
            QCOMPARE(QString::fromStdString(*preferred), coretype);
        }
    }

    void summarySaysWhenTheKernelsStayNarrowerThanTheCpu() {
        OpenBlasKernels kernels;
        kernels.version = "0.3.21";
        kernels.corename = "Prescott";
        kernels.kernelLevel = SimdLevel::Sse;
        const SimdLevel cpuLevel = mlsyslab::matmul::bestSimdLevel(mlsyslab::matmul::cpuFeatures());
        const std::string expected =
            cpuLevel > SimdLevel::Sse
                ? mlsyslab::concat(
                      "OpenBLAS 0.3.21, Prescott kernels (SSE; narrower than this "
                      "CPU's ",
                      mlsyslab::matmul::simdLevelName(cpuLevel),
                      ", and loading it again with OPENBLAS_CORETYPE did not change "
                      "that)")
                : std::string("OpenBLAS 0.3.21, Prescott kernels (SSE)");
        QCOMPARE(QString::fromStdString(kernels.summary()), QString::fromStdString(expected));
    }

    void summarySaysWhichFallbackWasReplaced() {
        OpenBlasKernels kernels;
        kernels.version = "0.3.21";
        kernels.corename = "SkylakeX";
        kernels.kernelLevel = SimdLevel::Avx512;
        kernels.fallbackReplaced = "Prescott";
        QCOMPARE(QString::fromStdString(kernels.summary()),
                 QString("OpenBLAS 0.3.21, SkylakeX kernels (AVX-512; it chose Prescott, SSE "
                         "kernels, on this CPU, so MLSysLab set OPENBLAS_CORETYPE=SkylakeX)"));
    }

    void summaryWithoutAVersion() {
        OpenBlasKernels kernels;
        kernels.corename = "SkylakeX";
        kernels.kernelLevel = SimdLevel::Avx512;
        QCOMPARE(QString::fromStdString(kernels.summary()),
                 QString("OpenBLAS (version unknown), SkylakeX kernels (AVX-512)"));
    }

    void processLibraryUsesTheWidestKernelsOrTheUsersChoice() {
        OpenBlasLibrary* library = OpenBlasLibrary::instance();
        if (library == nullptr) QSKIP(OpenBlasLibrary::loadError().c_str());
        QVERIFY(OpenBlasLibrary::loadError().empty());
        const OpenBlasKernels& kernels = library->kernels();
        QVERIFY(!kernels.corename.empty());
        QVERIFY(kernels.version.starts_with("0."));
        QCOMPARE(kernels.kernelLevel, mlsyslab::matmul::openBlasKernelLevel(kernels.corename));
        const SimdLevel cpuLevel = mlsyslab::matmul::bestSimdLevel(mlsyslab::matmul::cpuFeatures());
        if (!kernels.coretypeFromUser && cpuLevel >= SimdLevel::Sse)
            QCOMPARE(kernels.kernelLevel, cpuLevel);
        const QString summary = QString::fromStdString(kernels.summary());
        QVERIFY2(summary.contains(QString::fromStdString(kernels.corename)), qPrintable(summary));
        QVERIFY2(summary.startsWith("OpenBLAS " + QString::fromStdString(kernels.version)),
                 qPrintable(summary));
    }

    void separateLoadSharesTheProcessLibrary() {
        if (OpenBlasLibrary::instance() == nullptr) QSKIP(OpenBlasLibrary::loadError().c_str());
        std::string error;
        const std::unique_ptr<OpenBlasLibrary> library = OpenBlasLibrary::load({}, &error);
        QVERIFY2(library != nullptr, error.c_str());
        QCOMPARE(library->kernels().corename, OpenBlasLibrary::instance()->kernels().corename);
    }

    void simulatedFirstChoiceIsRefusedOnceLoaded() {
        if (OpenBlasLibrary::instance() == nullptr) QSKIP(OpenBlasLibrary::loadError().c_str());
        std::string error;
        OpenBlasLibrary::LoadOptions options;
        options.simulateInitialCoretype = "Prescott";
        QVERIFY(OpenBlasLibrary::load(options, &error) == nullptr);
        QCOMPARE(QString::fromStdString(error),
                 QString("OpenBLAS is already loaded in this process: a simulated first choice "
                         "needs a process that has not loaded it yet"));
        // The process's library is untouched.
        QCOMPARE(
            OpenBlasLibrary::instance()->kernels().kernelLevel,
            mlsyslab::matmul::openBlasKernelLevel(OpenBlasLibrary::instance()->kernels().corename));
    }

    void sgemmMatchesTheReference_data() { addShapes(); }
    void sgemmMatchesTheReference() {
        QFETCH(qint64, m);
        QFETCH(qint64, n);
        QFETCH(qint64, k);
        QFETCH(unsigned, threads);
        const OpenBlasLibrary* library = OpenBlasLibrary::instance();
        if (library == nullptr) QSKIP(OpenBlasLibrary::loadError().c_str());
        const auto check = multiplyAndCheck(*library, MatmulShape{m, n, k}, threads);
        QCOMPARE(check.elementsChecked, m * n);
        QVERIFY2(check.passed(), qPrintable(QString("max relative error %1, bound %2")
                                                .arg(check.maxRelativeError)
                                                .arg(check.tolerance)));
    }

    void backendDescribesItself() {
        const auto backend = mlsyslab::matmul::makeMatmulBackend("openblas");
        QVERIFY(backend != nullptr);
        QCOMPARE(backend->name(), std::string_view("openblas"));
        QVERIFY(!backend->runsOnGpu());
        QCOMPARE(backend->threadsUsed(1), 1u);
        QCOMPARE(backend->threadsUsed(4), 4u);
        QVERIFY(!backend->title().empty());
        QVERIFY(!backend->idea().empty());
        const auto availability = backend->availability();
        if (OpenBlasLibrary::instance() == nullptr) {
            QVERIFY(!availability.available);
            QCOMPARE(availability.reason, OpenBlasLibrary::loadError());
            return;
        }
        QVERIFY(availability.available);
        QVERIFY(availability.reason.empty());
        QCOMPARE(backend->detail(), OpenBlasLibrary::instance()->kernels().summary());
    }

    void backendMatchesTheReference_data() { addShapes(); }
    void backendMatchesTheReference() {
        QFETCH(qint64, m);
        QFETCH(qint64, n);
        QFETCH(qint64, k);
        QFETCH(unsigned, threads);
        const auto backend = mlsyslab::matmul::makeMatmulBackend("openblas");
        if (!backend->availability().available) QSKIP(backend->availability().reason.c_str());
        const MatmulShape shape{m, n, k};
        std::vector<float> a(std::size_t(m * k));
        std::vector<float> b(std::size_t(k * n));
        std::vector<float> c(std::size_t(m * n), -7.0f);
        mlsyslab::matmul::fillUniform(a.data(), std::int64_t(a.size()), 21);
        mlsyslab::matmul::fillUniform(b.data(), std::int64_t(b.size()), 22);
        QVERIFY(mlsyslab::matmul::multiplyOnce(
            *backend, MatmulOperands{a.data(), b.data(), c.data(), shape}, threads));
        const auto check = mlsyslab::matmul::checkAgainstReference(
            c.data(), mlsyslab::matmul::computeReference(a.data(), b.data(), shape));
        QVERIFY2(check.passed(), qPrintable(QString::number(check.maxRelativeError)));
    }

    void backendStopsBeforeStartingWhenCancelled() {
        const auto backend = mlsyslab::matmul::makeMatmulBackend("openblas");
        if (!backend->availability().available) QSKIP(backend->availability().reason.c_str());
        std::vector<float> a(16, 1.0f), b(16, 1.0f), c(16, -7.0f);
        const auto prepared =
            backend->prepare(MatmulOperands{a.data(), b.data(), c.data(), {4, 4, 4}}, 1);
        std::atomic<bool> cancel{true};
        QVERIFY(!prepared->run(&cancel).has_value());
        QCOMPARE(c[0], -7.0f);
        cancel = false;
        QVERIFY(prepared->run(&cancel).has_value());
        QCOMPARE(c[0], 4.0f);
        QVERIFY(prepared->failure().empty());
    }
};

QTEST_APPLESS_MAIN(TestOpenBlasLibrary)
#include "tst_openblas_library.moc"
