#include <QtTest>
#include <algorithm>
#include <atomic>
#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "matmul/BackendRegistry.h"
#include "matmul/MatmulReference.h"

using mlsyslab::matmul::checkAgainstReference;
using mlsyslab::matmul::computeReference;
using mlsyslab::matmul::fillUniform;
using mlsyslab::matmul::makeMatmulBackend;
using mlsyslab::matmul::MatmulBackend;
using mlsyslab::matmul::matmulBackendNames;
using mlsyslab::matmul::MatmulCheck;
using mlsyslab::matmul::MatmulOperands;
using mlsyslab::matmul::MatmulShape;
using mlsyslab::matmul::PreparedMatmul;
using mlsyslab::matmul::unknownBackendMessage;

// Every backend in the ladder, CPU and GPU, against the float64 reference: square sizes that
// are and are not multiples of any tile or vector width, thin and flat shapes, one thread and
// all of them. A backend that cannot run here skips with its reason.
namespace {

// The square sizes and the non-square shapes (M×K by K×N) every backend must get right.
struct NamedShape {
    const char* name;
    MatmulShape shape;
};

std::vector<NamedShape> shapesToTest() {
    std::vector<NamedShape> shapes = {{"1", {1, 1, 1}},        {"7", {7, 7, 7}},
                                      {"16", {16, 16, 16}},    {"33", {33, 33, 33}},
                                      {"64", {64, 64, 64}},    {"127", {127, 127, 127}},
                                      {"257", {257, 257, 257}}};
    // MatmulShape is {m, n, k}; the names read M×K×N, as A (M×K) by B (K×N).
    const std::vector<NamedShape> nonSquare = {{"1x300x7", {1, 7, 300}},
                                               {"65x3x129", {65, 129, 3}},
                                               {"17x250x31", {17, 31, 250}},
                                               {"300x1x1", {300, 1, 1}},
                                               {"2x513x3", {2, 3, 513}},
                                               {"1x1x1030", {1, 1030, 1}},
                                               {"129x64x1 (matrix-vector)", {129, 1, 64}},
                                               {"5x1100x5", {5, 5, 1100}},
                                               {"31x17x47", {31, 47, 17}},
                                               {"70x260x600", {70, 600, 260}}};
    shapes.insert(shapes.end(), nonSquare.begin(), nonSquare.end());
    return shapes;
}

std::vector<unsigned> threadCounts() {
    const unsigned hardware = std::max(1u, std::thread::hardware_concurrency());
    return hardware == 1 ? std::vector<unsigned>{1} : std::vector<unsigned>{1, hardware};
}

// The backend called `name`, or a skip that says why it cannot be tested here.
std::unique_ptr<MatmulBackend> backendOrSkipReason(const std::string& name, QString* skipReason) {
    std::unique_ptr<MatmulBackend> backend = makeMatmulBackend(name);
    if (!backend) {
        *skipReason = QString("%1 is not registered (describesItself fails)")
                          .arg(QString::fromStdString(name));
        return nullptr;
    }
    const auto availability = backend->availability();
    if (!availability.available) {
        *skipReason =
            QString("%1 unavailable: %2")
                .arg(QString::fromStdString(name), QString::fromStdString(availability.reason));
        return nullptr;
    }
    return backend;
}

struct Matrices {
    std::vector<float> a;
    std::vector<float> b;
    std::vector<float> c;  // NaN until a backend writes it, so an element left out fails
};

Matrices randomMatrices(const MatmulShape& shape) {
    Matrices matrices{std::vector<float>(std::size_t(shape.m * shape.k)),
                      std::vector<float>(std::size_t(shape.k * shape.n)),
                      std::vector<float>(std::size_t(shape.m * shape.n),
                                         std::numeric_limits<float>::quiet_NaN())};
    fillUniform(matrices.a.data(), shape.m * shape.k, 11 + std::uint64_t(shape.m));
    fillUniform(matrices.b.data(), shape.k * shape.n, 23 + std::uint64_t(shape.n));
    return matrices;
}

// prepare, run, finish (multiplyOnce, with the device's failure in words when there is one).
QString multiplyOnceOrFailure(MatmulBackend& backend, const MatmulOperands& operands,
                              unsigned threads) {
    std::unique_ptr<PreparedMatmul> prepared = backend.prepare(operands, threads);
    if (!prepared->run(nullptr).has_value())
        return QString("run failed: %1").arg(QString::fromStdString(prepared->failure()));
    prepared->finish();
    return QString::fromStdString(prepared->failure());
}

QString describeFailure(const MatmulCheck& check) {
    return QString(
               "%1 of %2 elements outside the rounding bound, first at (%3, %4); max relative "
               "error %5, tolerance %6")
        .arg(check.elementsOutsideBound)
        .arg(check.elementsChecked)
        .arg(check.firstBadRow)
        .arg(check.firstBadColumn)
        .arg(check.maxRelativeError)
        .arg(check.tolerance);
}

}  // namespace

Q_DECLARE_METATYPE(MatmulShape)

class TestMatmulBackends : public QObject {
    Q_OBJECT

private slots:
    // C = A·B within the rounding bound for every element; C entirely overwritten (it starts
    // as NaN); A and B untouched.
    void matchesReference_data() {
        QTest::addColumn<QString>("backendName");
        QTest::addColumn<MatmulShape>("shape");
        QTest::addColumn<unsigned>("threads");
        for (const std::string_view name : matmulBackendNames())
            for (const NamedShape& shape : shapesToTest())
                for (const unsigned threads : threadCounts())
                    QTest::addRow("%s %s, %u thread(s)", std::string(name).c_str(), shape.name,
                                  threads)
                        << QString::fromUtf8(name.data(), qsizetype(name.size())) << shape.shape
                        << threads;
    }

    void matchesReference() {
        QFETCH(QString, backendName);
        QFETCH(MatmulShape, shape);
        QFETCH(unsigned, threads);
        QString skipReason;
        const auto backend = backendOrSkipReason(backendName.toStdString(), &skipReason);
        if (!backend) QSKIP(qPrintable(skipReason));

        Matrices matrices = randomMatrices(shape);
        const std::vector<float> originalA = matrices.a;
        const std::vector<float> originalB = matrices.b;
        const MatmulOperands operands{matrices.a.data(), matrices.b.data(), matrices.c.data(),
                                      shape};
        const QString failure = multiplyOnceOrFailure(*backend, operands, threads);
        QVERIFY2(failure.isEmpty(), qPrintable(failure));

        const MatmulCheck check = checkAgainstReference(
            matrices.c.data(), computeReference(originalA.data(), originalB.data(), shape));
        QVERIFY2(check.passed(), qPrintable(describeFailure(check)));
        QCOMPARE(check.elementsChecked, shape.m * shape.n);
        QVERIFY(matrices.a == originalA);
        QVERIFY(matrices.b == originalB);
    }

    // The runner times several runs of one prepared multiplication: each run must compute C
    // afresh, not add to what the previous run left there.
    void repeatedRunsGiveTheSameResult_data() {
        QTest::addColumn<QString>("backendName");
        QTest::addColumn<MatmulShape>("shape");
        for (const std::string_view name : matmulBackendNames()) {
            const std::string text(name);
            QTest::addRow("%s 33", text.c_str())
                << QString::fromStdString(text) << MatmulShape{33, 33, 33};
            QTest::addRow("%s 70x260x600", text.c_str())
                << QString::fromStdString(text) << MatmulShape{70, 600, 260};
        }
    }

    void repeatedRunsGiveTheSameResult() {
        QFETCH(QString, backendName);
        QFETCH(MatmulShape, shape);
        QString skipReason;
        const auto backend = backendOrSkipReason(backendName.toStdString(), &skipReason);
        if (!backend) QSKIP(qPrintable(skipReason));

        Matrices matrices = randomMatrices(shape);
        const MatmulOperands operands{matrices.a.data(), matrices.b.data(), matrices.c.data(),
                                      shape};
        const unsigned threads = threadCounts().back();
        std::unique_ptr<PreparedMatmul> prepared = backend->prepare(operands, threads);
        QVERIFY2(prepared->run(nullptr).has_value(), prepared->failure().c_str());
        prepared->finish();
        const std::vector<float> first = matrices.c;
        for (int run = 0; run < 3; ++run) {
            const auto seconds = prepared->run(nullptr);
            QVERIFY2(seconds.has_value(), prepared->failure().c_str());
            QVERIFY(*seconds >= 0.0);
        }
        prepared->finish();
        QVERIFY2(prepared->failure().empty(), prepared->failure().c_str());
        const MatmulCheck check = checkAgainstReference(
            matrices.c.data(), computeReference(matrices.a.data(), matrices.b.data(), shape));
        QVERIFY2(check.passed(), qPrintable(describeFailure(check)));
        // Same inputs, same code path: the same bits (no backend here is nondeterministic).
        QVERIFY(matrices.c == first);
    }

    // A cancel already requested stops the CPU loop rungs before they compute anything more.
    void cancelStopsTheLoopRungs_data() {
        QTest::addColumn<QString>("backendName");
        QTest::newRow("naive") << QString("naive");
        QTest::newRow("ikj") << QString("ikj");
        QTest::newRow("blocked") << QString("blocked");
    }

    void cancelStopsTheLoopRungs() {
        QFETCH(QString, backendName);
        QString skipReason;
        const auto backend = backendOrSkipReason(backendName.toStdString(), &skipReason);
        if (!backend) QSKIP(qPrintable(skipReason));
        const MatmulShape shape{64, 64, 64};
        Matrices matrices = randomMatrices(shape);
        const MatmulOperands operands{matrices.a.data(), matrices.b.data(), matrices.c.data(),
                                      shape};
        const std::atomic<bool> cancel{true};
        QVERIFY(!backend->prepare(operands, 1)->run(&cancel).has_value());
        const std::atomic<bool> goOn{false};
        QVERIFY(backend->prepare(operands, 1)->run(&goOn).has_value());
    }

    // What the app shows about each rung: its CLI name, a title and one sentence of idea.
    void describesItself_data() {
        QTest::addColumn<QString>("backendName");
        for (const std::string_view name : matmulBackendNames())
            QTest::newRow(std::string(name).c_str()) << QString::fromStdString(std::string(name));
    }

    void describesItself() {
        QFETCH(QString, backendName);
        const auto backend = makeMatmulBackend(backendName.toStdString());
        QVERIFY2(backend, "every name in matmulBackendNames() must have a factory");
        QCOMPARE(QString::fromStdString(std::string(backend->name())), backendName);
        QVERIFY(!backend->title().empty());
        QVERIFY(!backend->idea().empty());
        QVERIFY(backend->threadsUsed(1) >= 1);
        const auto availability = backend->availability();
        // Unavailable always comes with a reason; available never with one.
        QCOMPARE(availability.reason.empty(), availability.available);
    }

    void namesAreTheLadder() {
        const std::vector<std::string_view> expected = {
            "naive",    "ikj",        "blocked",    "simd",         "threads",
            "openblas", "cuda-naive", "cuda-tiled", "cuda-regtile", "cublas"};
        QVERIFY(matmulBackendNames() == expected);
    }

    void unknownNames() {
        QVERIFY(makeMatmulBackend("simdd") == nullptr);
        QVERIFY(makeMatmulBackend("") == nullptr);
        const std::string message = unknownBackendMessage("simdd");
        QVERIFY2(message.find("unknown backend 'simdd'") != std::string::npos, message.c_str());
        QVERIFY2(message.find("did you mean 'simd'?") != std::string::npos, message.c_str());
        QVERIFY2(message.find("naive") != std::string::npos, message.c_str());
        QVERIFY2(message.find("cublas") != std::string::npos, message.c_str());
    }
};

QTEST_APPLESS_MAIN(TestMatmulBackends)
#include "tst_matmul_backends.moc"
