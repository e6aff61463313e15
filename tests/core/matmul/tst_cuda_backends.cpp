#include <QtTest>
#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include "matmul/BackendRegistry.h"
#include "matmul/MatmulBackend.h"
#include "matmul/MatmulReference.h"
#include "matmul/cuda/CudaDevices.h"

// The four GPU rungs. Everywhere: they are listed, describe themselves, and without a device (or
// without CUDA in the build) say why they cannot run. With a CUDA device: every rung against the
// float64 reference for the sizes, and the failures they must report in words.
namespace {

using mlsyslab::matmul::MatmulBackend;
using mlsyslab::matmul::MatmulOperands;
using mlsyslab::matmul::MatmulShape;

const char* const gpuRungs[] = {"cuda-naive", "cuda-tiled", "cuda-regtile", "cublas"};

bool haveDevice() { return !mlsyslab::matmul::cudaDevices().devices.empty(); }

QString noDeviceMessage() {
    return QString::fromStdString(mlsyslab::matmul::cudaDevices().unavailableReason);
}

void addRungs() {
    QTest::addColumn<QString>("backend");
    for (const char* name : gpuRungs) QTest::newRow(name) << QString(name);
}

}  // namespace

class TestCudaBackends : public QObject {
    Q_OBJECT

private slots:
    void registryListsEveryGpuRung_data() { addRungs(); }
    void registryListsEveryGpuRung() {
        QFETCH(QString, backend);
        const auto rung = mlsyslab::matmul::makeMatmulBackend(backend.toStdString());
        QVERIFY(rung != nullptr);
        QCOMPARE(QString::fromStdString(std::string(rung->name())), backend);
        QVERIFY(rung->runsOnGpu());
        QCOMPARE(rung->threadsUsed(8), 1u);
        QVERIFY(!rung->title().empty());
        QVERIFY(!rung->idea().empty());
    }

    void gpuRungsComeLastInTheLadder() {
        const auto& names = mlsyslab::matmul::matmulBackendNames();
        QVERIFY(names.size() >= 4);
        for (std::size_t i = 0; i < 4; ++i)
            QCOMPARE(names[names.size() - 4 + i], std::string_view(gpuRungs[i]));
    }

    void withoutADeviceTheReasonMentionsCuda() {
        if (haveDevice()) QSKIP("a CUDA device is present");
        const std::string& reason = mlsyslab::matmul::cudaDevices().unavailableReason;
        QVERIFY(!reason.empty());
        QVERIFY2(reason.find("CUDA") != std::string::npos, reason.c_str());
        QVERIFY(mlsyslab::matmul::cudaDevices().devices.empty());
    }

    void withoutADeviceEachRungSaysWhy_data() { addRungs(); }
    void withoutADeviceEachRungSaysWhy() {
        QFETCH(QString, backend);
        if (haveDevice()) QSKIP("a CUDA device is present");
        const auto rung = mlsyslab::matmul::makeMatmulBackend(backend.toStdString());
        const auto availability = rung->availability();
        QVERIFY(!availability.available);
        QCOMPARE(availability.reason, mlsyslab::matmul::cudaDevices().unavailableReason);
        std::vector<float> a(4, 1.0f), b(4, 1.0f), c(4, 0.0f);
        QVERIFY(!mlsyslab::matmul::multiplyOnce(
            *rung, MatmulOperands{a.data(), b.data(), c.data(), {2, 2, 2}}, 1));
    }

    void withADeviceEachRungIsAvailableAndNamesIt_data() { addRungs(); }
    void withADeviceEachRungIsAvailableAndNamesIt() {
        QFETCH(QString, backend);
        if (!haveDevice()) QSKIP(qPrintable(noDeviceMessage()));
        const auto rung = mlsyslab::matmul::makeMatmulBackend(backend.toStdString());
        const auto availability = rung->availability();
        QVERIFY2(availability.available, availability.reason.c_str());
        const QString detail = QString::fromStdString(rung->detail());
        QVERIFY2(detail.startsWith(
                     QString::fromStdString(mlsyslab::matmul::cudaDevices().devices.front().name)),
                 qPrintable(detail));
        QVERIFY2(detail.contains("compute capability"), qPrintable(detail));
        QCOMPARE(rung->workspaceBytes(MatmulShape{3, 5, 7}),
                 std::uint64_t(4 * (3 * 7 + 7 * 5 + 3 * 5)));
    }

    void everyRungMatchesTheReference_data() {
        QTest::addColumn<QString>("backend");
        QTest::addColumn<qint64>("m");
        QTest::addColumn<qint64>("n");
        QTest::addColumn<qint64>("k");
        const std::vector<MatmulShape> shapes = {
            {1, 1, 1},       {7, 7, 7},       {16, 16, 16},  {33, 33, 33}, {64, 64, 64},
            {127, 127, 127}, {257, 257, 257}, {65, 17, 129}, {1, 257, 3},  {200, 3, 31},
            {130, 260, 12},  {129, 128, 9},   {5, 132, 4}};
        for (const char* name : gpuRungs) {
            for (const MatmulShape& shape : shapes) {
                const QByteArray row = QByteArray(name) + " " + QByteArray::number(shape.m) + "x" +
                                       QByteArray::number(shape.n) + "x" +
                                       QByteArray::number(shape.k);
                QTest::newRow(row.constData())
                    << QString(name) << qint64(shape.m) << qint64(shape.n) << qint64(shape.k);
            }
        }
    }
    void everyRungMatchesTheReference() {
        QFETCH(QString, backend);
        QFETCH(qint64, m);
        QFETCH(qint64, n);
        QFETCH(qint64, k);
        const auto rung = mlsyslab::matmul::makeMatmulBackend(backend.toStdString());
        if (const auto availability = rung->availability(); !availability.available)
            QSKIP(availability.reason.c_str());
        const MatmulShape shape{m, n, k};
        std::vector<float> a(std::size_t(m * k));
        std::vector<float> b(std::size_t(k * n));
        std::vector<float> c(std::size_t(m * n), -7.0f);
        mlsyslab::matmul::fillUniform(a.data(), std::int64_t(a.size()), 31);
        mlsyslab::matmul::fillUniform(b.data(), std::int64_t(b.size()), 32);
        const auto prepared = rung->prepare(MatmulOperands{a.data(), b.data(), c.data(), shape}, 1);
        QVERIFY2(prepared->failure().empty(), prepared->failure().c_str());
        const std::optional<double> seconds = prepared->run(nullptr);
        QVERIFY2(seconds.has_value(), prepared->failure().c_str());
        QVERIFY(*seconds >= 0.0);
        QVERIFY(prepared->finish() >= 0.0);
        QVERIFY2(prepared->failure().empty(), prepared->failure().c_str());
        QVERIFY(prepared->uploadSeconds() >= 0.0);
        const auto check = mlsyslab::matmul::checkAgainstReference(
            c.data(), mlsyslab::matmul::computeReference(a.data(), b.data(), shape));
        QCOMPARE(check.elementsChecked, m * n);
        QVERIFY2(check.passed(), qPrintable(QString("max relative error %1, bound %2, first bad "
                                                    "element C[%3][%4]")
                                                .arg(check.maxRelativeError)
                                                .arg(check.tolerance)
                                                .arg(check.firstBadRow)
                                                .arg(check.firstBadColumn)));
    }

    void aCancelledRunDoesNotLaunch() {
        const auto rung = mlsyslab::matmul::makeMatmulBackend("cuda-naive");
        if (const auto availability = rung->availability(); !availability.available)
            QSKIP(availability.reason.c_str());
        std::vector<float> a(16, 1.0f), b(16, 1.0f), c(16, -7.0f);
        const auto prepared =
            rung->prepare(MatmulOperands{a.data(), b.data(), c.data(), {4, 4, 4}}, 1);
        std::atomic<bool> cancel{true};
        QVERIFY(!prepared->run(&cancel).has_value());
        QVERIFY(prepared->failure().empty());
        cancel = false;
        QVERIFY(prepared->run(&cancel).has_value());
        prepared->finish();
        QCOMPARE(c[0], 4.0f);
    }

    void tooLittleDeviceMemoryIsReportedInWords_data() { addRungs(); }
    void tooLittleDeviceMemoryIsReportedInWords() {
        QFETCH(QString, backend);
        const auto rung = mlsyslab::matmul::makeMatmulBackend(backend.toStdString());
        if (const auto availability = rung->availability(); !availability.available)
            QSKIP(availability.reason.c_str());
        // C alone would be 2⁴⁰ floats (4 TiB). The check comes before any copy, so the host
        // matrices need not exist at that size.
        const MatmulShape shape{1 << 20, 1 << 20, 1};
        std::vector<float> a(1 << 20, 1.0f), b(1 << 20, 1.0f);
        const auto prepared = rung->prepare(MatmulOperands{a.data(), b.data(), nullptr, shape}, 1);
        const QString failure = QString::fromStdString(prepared->failure());
        QVERIFY2(failure.startsWith("1048576×1048576×1 needs "), qPrintable(failure));
        QVERIFY2(failure.contains(" of device memory; "), qPrintable(failure));
        QVERIFY(!prepared->run(nullptr).has_value());
        QCOMPARE(prepared->finish(), 0.0);
    }
};

QTEST_APPLESS_MAIN(TestCudaBackends)
#include "tst_cuda_backends.moc"
