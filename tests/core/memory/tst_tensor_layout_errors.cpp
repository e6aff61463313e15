#include <QtTest>
#include <cstdint>
#include <string>
#include <vector>

#include "TensorLayoutTestSupport.h"
#include "memory/TensorLayout.h"

using mlsyslab::memory::TensorLayout;
using mlsyslab::testing::fresh;
using mlsyslab::testing::joined;
using mlsyslab::testing::run;

// What PyTorch refuses, word for word, and the edge cases: empty and 0-dim tensors.
class TestTensorLayoutErrors : public QObject {
    Q_OBJECT

private slots:
    void errors_data();
    void errors();
    void creationErrors();
    void zeroDimTensor();
};

void TestTensorLayoutErrors::errors_data() {
    QTest::addColumn<QString>("shape");
    QTest::addColumn<QString>("program");
    QTest::addColumn<QString>("message");
    const QString notCompatible = QStringLiteral(
        "view size is not compatible with input tensor's size and stride (at least one dimension "
        "spans across two contiguous subspaces). Use .reshape(...) instead.");

    QTest::newRow("view of a transpose, flatten") << "3,4"
                                                  << "T 0 1 | V 12" << notCompatible;
    QTest::newRow("view of a transpose, -1") << "3,4"
                                             << "T 0 1 | V -1" << notCompatible;
    QTest::newRow("view of a transpose back to 3 4") << "3,4"
                                                     << "T 0 1 | V 3 4" << notCompatible;
    QTest::newRow("view of a transpose, 6 2") << "3,4"
                                              << "T 0 1 | V 6 2" << notCompatible;
    QTest::newRow("view of a column slice, flatten") << "3,4"
                                                     << "S 1 0 2 1 | V 6" << notCompatible;
    QTest::newRow("view of a permute, merge") << "2,3,4"
                                              << "P 1 0 2 | V 3 8" << notCompatible;
    QTest::newRow("wrong size") << "3,4"
                                << "V 4 4"
                                << "shape '[4, 4]' is invalid for input of size 12";
    QTest::newRow("wrong size with -1") << "3,4"
                                        << "V -1 5"
                                        << "shape '[-1, 5]' is invalid for input of size 12";
    QTest::newRow("wrong size of a slice") << "3,4"
                                           << "S 1 0 2 1 | V 4 4"
                                           << "shape '[4, 4]' is invalid for input of size 6";
    QTest::newRow("two -1") << "3,4"
                            << "V -1 -1"
                            << "only one dimension can be inferred";
    QTest::newRow("negative size") << "3,4"
                                   << "V -2 -6"
                                   << "invalid shape dimension -2";
    QTest::newRow("-1 with a 0 of an empty tensor")
        << "3,4"
        << "S 1 2 2 1 | V -1 0"
        << "cannot reshape tensor of 0 elements into shape [-1, 0] because the unspecified "
           "dimension size -1 can be any value and is ambiguous";

    QTest::newRow("transpose dim 2 of 2-d")
        << "3,4"
        << "T 0 2"
        << "Dimension out of range (expected to be in range of [-2, 1], but got 2)";
    QTest::newRow("transpose dim -3 of 2-d")
        << "3,4"
        << "T -3 0"
        << "Dimension out of range (expected to be in range of [-2, 1], but got -3)";
    QTest::newRow("transpose dim 3 of 3-d")
        << "2,3,4"
        << "T 3 1"
        << "Dimension out of range (expected to be in range of [-3, 2], but got 3)";
    QTest::newRow("permute, too many dims")
        << "3,4"
        << "P 0 1 2"
        << "permute(sparse_coo): number of dimensions in the tensor input does not match the "
           "length of the desired ordering of dimensions i.e. input.dim() = 2 is not equal to "
           "len(dims) = 3";
    QTest::newRow("permute, too few dims")
        << "2,3,4"
        << "P 1 0"
        << "permute(sparse_coo): number of dimensions in the tensor input does not match the "
           "length of the desired ordering of dimensions i.e. input.dim() = 3 is not equal to "
           "len(dims) = 2";
    QTest::newRow("permute, repeated dim") << "3,4"
                                           << "P 0 0"
                                           << "permute(): duplicate dims are not allowed.";
    QTest::newRow("permute, repeated through a negative dim")
        << "3,4"
        << "P 1 -1"
        << "permute(): duplicate dims are not allowed.";
    QTest::newRow("permute, dim out of range")
        << "3,4"
        << "P 0 2"
        << "Dimension out of range (expected to be in range of [-2, 1], but got 2)";
    QTest::newRow("slice dim out of range")
        << "3,4"
        << "S 2 0 1 1"
        << "Dimension out of range (expected to be in range of [-2, 1], but got 2)";
    QTest::newRow("slice step 0") << "3,4"
                                  << "S 0 0 3 0"
                                  << "slice step cannot be zero";
    QTest::newRow("slice step -1") << "3,4"
                                   << "S 0 0 3 -1"
                                   << "step must be greater than zero";
    QTest::newRow("the first failure ends the program") << "3,4"
                                                        << "T 0 1 | V 12 | P 0 0" << notCompatible;
}

void TestTensorLayoutErrors::errors() {
    QFETCH(QString, shape);
    QFETCH(QString, program);
    QFETCH(QString, message);
    const auto result = run(fresh(shape), program);
    QVERIFY(!result.ok());
    QCOMPARE(QString::fromStdString(result.error()), message);
}

void TestTensorLayoutErrors::creationErrors() {
    const auto negative = TensorLayout::contiguous({3, -1}, 4);
    QVERIFY(!negative.ok());
    QCOMPARE(QString::fromStdString(negative.error()),
             QStringLiteral("Trying to create tensor with negative dimension -1: [3, -1]"));
    const auto noBytes = TensorLayout::contiguous({3, 4}, 0);
    QVERIFY(!noBytes.ok());
    QCOMPARE(QString::fromStdString(noBytes.error()),
             QStringLiteral("an element must be at least 1 byte wide"));
    const auto huge = TensorLayout::contiguous({1 << 30, 1 << 30}, 4);
    QVERIFY(!huge.ok());
    QCOMPARE(QString::fromStdString(huge.error()),
             QStringLiteral("a tensor of shape [1073741824, 1073741824] has too many elements"));
    const auto empty = TensorLayout::contiguous({2, 0, 3}, 4);
    QVERIFY(empty.ok());
    // PyTorch counts a size-0 dimension as 1 in the strides of a fresh tensor.
    QCOMPARE(QString::fromStdString(empty->describe()),
             QStringLiteral("shape (2, 0, 3), stride (3, 3, 1), offset 0, contiguous"));
    QCOMPARE(empty->elementCount(), std::int64_t{0});
}
void TestTensorLayoutErrors::zeroDimTensor() {
    const TensorLayout scalar = fresh("");
    QCOMPARE(QString::fromStdString(scalar.describe()),
             QStringLiteral("shape (), stride (), offset 0, contiguous"));
    QCOMPARE(scalar.elementCount(), std::int64_t{1});
    QCOMPARE(joined(scalar.storageIndicesInLogicalOrder()), QStringLiteral("0"));
    QVERIFY(scalar.transpose(0, -1).ok());
    QCOMPARE(
        QString::fromStdString(scalar.transpose(0, 1).error()),
        QStringLiteral("Dimension out of range (expected to be in range of [-1, 0], but got 1)"));
    QCOMPARE(QString::fromStdString(scalar.slice(0, 0, 1, 1).error()),
             QStringLiteral("slice() cannot be applied to a 0-dim tensor."));
    QCOMPARE(QString::fromStdString(scalar.view({1, 1})->describe()),
             QStringLiteral("shape (1, 1), stride (1, 1), offset 0, contiguous"));
    QCOMPARE(QString::fromStdString(fresh("1").view({})->describe()),
             QStringLiteral("shape (), stride (), offset 0, contiguous"));
}
QTEST_APPLESS_MAIN(TestTensorLayoutErrors)
#include "tst_tensor_layout_errors.moc"
