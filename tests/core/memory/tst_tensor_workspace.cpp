#include <QtTest>
#include <cstdint>
#include <string>
#include <vector>

#include "memory/TensorOperation.h"
#include "memory/TensorWorkspace.h"

using mlsyslab::memory::firstContiguityBreak;
using mlsyslab::memory::indexAtPosition;
using mlsyslab::memory::positionOfIndex;
using mlsyslab::memory::StorageOrder;
using mlsyslab::memory::TensorOperation;
using mlsyslab::memory::tensorOperationText;
using mlsyslab::memory::TensorWorkspace;
using mlsyslab::memory::traversalCounts;

namespace {

QString joined(const std::vector<std::int64_t>& values) {
    QStringList parts;
    for (const std::int64_t value : values) parts << QString::number(value);
    return parts.join(QLatin1Char(' '));
}

QString text(const std::string& value) { return QString::fromStdString(value); }

TensorWorkspace workspace(std::vector<std::int64_t> shape,
                          StorageOrder order = StorageOrder::RowMajor,
                          std::uint32_t elementBytes = 4) {
    return *TensorWorkspace::create(shape, elementBytes, order, 0x1000);
}

// Every value of the tensor in logical order.
QString values(const TensorWorkspace& tensor) {
    std::vector<std::int64_t> all;
    for (std::int64_t position = 0; position < tensor.layout().elementCount(); ++position) {
        all.push_back(tensor.valueAt(position));
    }
    return joined(all);
}

}  // namespace

Q_DECLARE_METATYPE(TensorOperation)

class TestTensorWorkspace : public QObject {
    Q_OBJECT

private slots:
    void operationTexts_data();
    void operationTexts();
    void creationTexts();
    void viewsShareTheStorage();
    void contiguousCopiesTheValues();
    void failureChangesNothing();
    void contiguityBreaks();
    void traversal_data();
    void traversal();
    void indexAndPosition();
};

void TestTensorWorkspace::operationTexts_data() {
    QTest::addColumn<TensorOperation>("operation");
    QTest::addColumn<QString>("text");
    QTest::newRow("transpose") << TensorOperation::transpose(0, 1) << ".transpose(0, 1)";
    QTest::newRow("permute") << TensorOperation::permute({2, 0, 1}) << ".permute(2, 0, 1)";
    QTest::newRow("view") << TensorOperation::view({-1, 3}) << ".view(-1, 3)";
    QTest::newRow("contiguous") << TensorOperation::contiguous() << ".contiguous()";
    QTest::newRow("rows 0:2") << TensorOperation::slice(0, 0, 2) << "[0:2]";
    QTest::newRow("columns ::2") << TensorOperation::slice(1, std::nullopt, std::nullopt, 2)
                                 << "[:, ::2]";
    QTest::newRow("third dim 1:") << TensorOperation::slice(2, 1, std::nullopt) << "[:, :, 1:]";
    QTest::newRow("last dim, negative bounds")
        << TensorOperation::slice(-1, -3, -1, 1) << "[..., -3:-1]";
    QTest::newRow("second to last dim")
        << TensorOperation::slice(-2, std::nullopt, 2, 3) << "[..., :2:3, :]";
}

void TestTensorWorkspace::operationTexts() {
    QFETCH(TensorOperation, operation);
    QFETCH(QString, text);
    QCOMPARE(QString::fromStdString(tensorOperationText(operation)), text);
}

void TestTensorWorkspace::creationTexts() {
    QCOMPARE(text(workspace({3, 4}).creationText("float32")),
             QStringLiteral("torch.arange(12, dtype=torch.float32).view(3, 4)"));
    QCOMPARE(text(workspace({3, 4}, StorageOrder::ColumnMajor).creationText("int8")),
             QStringLiteral("torch.arange(12, dtype=torch.int8).view(4, 3).T"));
    QCOMPARE(
        text(workspace({2, 3, 4}, StorageOrder::ColumnMajor).creationText("float64")),
        QStringLiteral("torch.arange(24, dtype=torch.float64).view(4, 3, 2).permute(2, 1, 0)"));
    QCOMPARE(text(workspace({5}, StorageOrder::ColumnMajor).creationText("uint8")),
             QStringLiteral("torch.arange(5, dtype=torch.uint8).view(5)"));
}

void TestTensorWorkspace::viewsShareTheStorage() {
    TensorWorkspace tensor = workspace({3, 4});
    QCOMPARE(values(tensor), QStringLiteral("0 1 2 3 4 5 6 7 8 9 10 11"));
    QVERIFY(tensor.apply(TensorOperation::transpose(0, 1)).ok());
    QVERIFY(tensor.apply(TensorOperation::slice(1, 1, std::nullopt)).ok());
    QCOMPARE(tensor.storages().size(), std::size_t{1});
    QCOMPARE(tensor.currentStorage(), std::size_t{0});
    QCOMPARE(values(tensor), QStringLiteral("4 8 5 9 6 10 7 11"));
    QCOMPARE(text(tensor.layout().describe()),
             QStringLiteral("shape (4, 2), stride (1, 4), offset 4, not contiguous"));
    const std::vector<std::string> texts = tensor.operationTexts();
    QCOMPARE(texts, (std::vector<std::string>{".transpose(0, 1)", "[:, 1:]"}));
    QCOMPARE(tensor.operations().size(), std::size_t{2});
}

void TestTensorWorkspace::contiguousCopiesTheValues() {
    TensorWorkspace tensor = workspace({3, 4});
    QVERIFY(tensor.apply(TensorOperation::transpose(0, 1)).ok());
    // Contiguous already? Then no copy: contiguous() of a contiguous tensor is itself.
    TensorWorkspace plain = workspace({3, 4});
    QVERIFY(plain.apply(TensorOperation::contiguous()).ok());
    QCOMPARE(plain.storages().size(), std::size_t{1});

    QVERIFY(tensor.apply(TensorOperation::contiguous()).ok());
    QCOMPARE(tensor.storages().size(), std::size_t{2});
    QCOMPARE(tensor.currentStorage(), std::size_t{1});
    // 12 float32 end at 0x1030; the copy starts at the next 256-byte boundary.
    QCOMPARE(tensor.storages()[1].base, 0x1100ULL);
    QCOMPARE(tensor.layout().storageBase(), 0x1100ULL);
    QCOMPARE(joined(tensor.storages()[1].values), QStringLiteral("0 4 8 1 5 9 2 6 10 3 7 11"));
    QCOMPARE(values(tensor), QStringLiteral("0 4 8 1 5 9 2 6 10 3 7 11"));
    QVERIFY(tensor.layout().isContiguous());
    // A view of the copy reads the copy.
    QVERIFY(tensor.apply(TensorOperation::view({12})).ok());
    QCOMPARE(tensor.currentStorage(), std::size_t{1});
    QVERIFY(tensor.apply(TensorOperation::slice(0, std::nullopt, std::nullopt, 5)).ok());
    QCOMPARE(values(tensor), QStringLiteral("0 9 7"));
    // A second copy goes after the first.
    QVERIFY(tensor.apply(TensorOperation::contiguous()).ok());
    QCOMPARE(tensor.storages().size(), std::size_t{3});
    QCOMPARE(tensor.storages()[2].base, 0x1200ULL);
    QCOMPARE(joined(tensor.storages()[2].values), QStringLiteral("0 9 7"));
    QCOMPARE(tensor.storages()[2].address(2), 0x1208ULL);
}

void TestTensorWorkspace::failureChangesNothing() {
    TensorWorkspace tensor = workspace({3, 4});
    QVERIFY(tensor.apply(TensorOperation::transpose(0, 1)).ok());
    const auto failed = tensor.apply(TensorOperation::view({12}));
    QVERIFY(!failed.ok());
    QVERIFY(failed.error().starts_with("view size is not compatible"));
    QCOMPARE(tensor.operations().size(), std::size_t{1});
    QCOMPARE(text(tensor.layout().describe()),
             QStringLiteral("shape (4, 3), stride (1, 4), offset 0, not contiguous"));
    const auto wrongTranspose = tensor.apply(TensorOperation::permute({0}));
    QVERIFY(!wrongTranspose.ok());
    TensorOperation threeDims = TensorOperation::transpose(0, 1);
    threeDims.dims.push_back(2);
    QCOMPARE(text(tensor.apply(threeDims).error()),
             QStringLiteral("transpose() takes two dimensions, not 3"));
    QVERIFY(!TensorWorkspace::create({-3}, 4, StorageOrder::RowMajor, 0).ok());
}

void TestTensorWorkspace::contiguityBreaks() {
    TensorWorkspace tensor = workspace({3, 4});
    QVERIFY(!firstContiguityBreak(tensor.layout()));
    QVERIFY(tensor.apply(TensorOperation::transpose(0, 1)).ok());
    const auto transposed = firstContiguityBreak(tensor.layout());
    QVERIFY(transposed);
    QCOMPARE(transposed->dim, std::size_t{1});
    QCOMPARE(transposed->stride, std::int64_t{4});
    QCOMPARE(transposed->expectedStride, std::int64_t{1});
    TensorWorkspace columns = workspace({3, 4});
    QVERIFY(columns.apply(TensorOperation::slice(1, 0, 2)).ok());
    const auto sliced = firstContiguityBreak(columns.layout());
    QVERIFY(sliced);
    QCOMPARE(sliced->dim, std::size_t{0});
    QCOMPARE(sliced->stride, std::int64_t{4});
    QCOMPARE(sliced->expectedStride, std::int64_t{2});
}

void TestTensorWorkspace::traversal_data() {
    QTest::addColumn<QString>("program");  // "T": transpose the last two dims first
    QTest::addColumn<uint>("elementBytes");
    QTest::addColumn<qlonglong>("position");
    QTest::addColumn<qlonglong>("steps");
    QTest::addColumn<qlonglong>("jumps");
    QTest::addColumn<qlonglong>("lines");
    // 4x16 float32 at 0x1000: each row is one 64-byte line.
    QTest::newRow("contiguous, first") << "" << 4U << 0LL << 0LL << 0LL << 1LL;
    QTest::newRow("contiguous, all") << "" << 4U << 63LL << 63LL << 0LL << 4LL;
    QTest::newRow("transposed, first column") << "T" << 4U << 3LL << 3LL << 3LL << 4LL;
    QTest::newRow("transposed, all") << "T" << 4U << 63LL << 63LL << 63LL << 64LL;
    QTest::newRow("past the end counts all") << "T" << 4U << 99LL << 63LL << 63LL << 64LL;
    // int8: the whole tensor is one line, so no order can leave it.
    QTest::newRow("int8 transposed") << "T" << 1U << 63LL << 63LL << 63LL << 1LL;
}

void TestTensorWorkspace::traversal() {
    QFETCH(QString, program);
    QFETCH(uint, elementBytes);
    QFETCH(qlonglong, position);
    QFETCH(qlonglong, steps);
    QFETCH(qlonglong, jumps);
    QFETCH(qlonglong, lines);
    TensorWorkspace tensor = workspace({4, 16}, StorageOrder::RowMajor, elementBytes);
    if (program == "T") QVERIFY(tensor.apply(TensorOperation::transpose(-1, -2)).ok());
    const auto counts = traversalCounts(tensor.layout(), position);
    QCOMPARE(counts.steps, steps);
    QCOMPARE(counts.jumps, jumps);
    QCOMPARE(counts.linesEntered, lines);
}

void TestTensorWorkspace::indexAndPosition() {
    const std::vector<std::int64_t> shape = {2, 3, 4};
    QCOMPARE(joined(indexAtPosition(shape, 0)), QStringLiteral("0 0 0"));
    QCOMPARE(joined(indexAtPosition(shape, 5)), QStringLiteral("0 1 1"));
    QCOMPARE(joined(indexAtPosition(shape, 23)), QStringLiteral("1 2 3"));
    for (std::int64_t position = 0; position < 24; ++position) {
        QCOMPARE(positionOfIndex(shape, indexAtPosition(shape, position)), position);
    }
    QCOMPARE(joined(indexAtPosition({7}, 6)), QStringLiteral("6"));
}

QTEST_APPLESS_MAIN(TestTensorWorkspace)
#include "tst_tensor_workspace.moc"
