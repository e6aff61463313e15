#include <QtTest>
#include <cstdint>
#include <string>
#include <vector>

#include "TensorLayoutTestSupport.h"
#include "memory/TensorLayout.h"

using mlsyslab::memory::AccessKind;
using mlsyslab::memory::MemoryAccess;
using mlsyslab::memory::StorageOrder;
using mlsyslab::memory::TensorLayout;
using mlsyslab::testing::fresh;
using mlsyslab::testing::joined;
using mlsyslab::testing::run;

Q_DECLARE_METATYPE(StorageOrder)

class TestTensorLayout : public QObject {
    Q_OBJECT

private slots:
    void layouts_data();
    void layouts();
    void byteStridesAndAddresses_data();
    void byteStridesAndAddresses();
    void logicalOrderAccesses();
    void contiguousCopy();
};

void TestTensorLayout::layouts_data() {
    QTest::addColumn<QString>("shape");
    QTest::addColumn<StorageOrder>("order");
    QTest::addColumn<QString>("program");
    QTest::addColumn<QString>("description");
    QTest::addColumn<QString>("indices");
    const auto row = StorageOrder::RowMajor;
    const auto column = StorageOrder::ColumnMajor;

    // Fresh tensors.
    QTest::newRow("3x4 row-major") << "3,4" << row << ""
                                   << "shape (3, 4), stride (4, 1), offset 0, contiguous"
                                   << "0 1 2 3 4 5 6 7 8 9 10 11";
    QTest::newRow("3x4 column-major") << "3,4" << column << ""
                                      << "shape (3, 4), stride (1, 3), offset 0, not contiguous"
                                      << "0 3 6 9 1 4 7 10 2 5 8 11";
    QTest::newRow("2x3x4 row-major") << "2,3,4" << row << ""
                                     << "shape (2, 3, 4), stride (12, 4, 1), offset 0, contiguous"
                                     << "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 "
                                        "22 23";
    QTest::newRow("2x3x4 column-major")
        << "2,3,4" << column << ""
        << "shape (2, 3, 4), stride (1, 2, 6), offset 0, not contiguous"
        << "0 6 12 18 2 8 14 20 4 10 16 22 1 7 13 19 3 9 15 21 5 11 17 23";
    QTest::newRow("1-d is both orders") << "5" << column << ""
                                        << "shape (5,), stride (1,), offset 0, contiguous"
                                        << "0 1 2 3 4";
    QTest::newRow("column-major 1x4 is contiguous")
        << "1,4" << column << ""
        << "shape (1, 4), stride (1, 1), offset 0, contiguous"
        << "0 1 2 3";
    QTest::newRow("2x2x2x2") << "2,2,2,2" << row << ""
                             << "shape (2, 2, 2, 2), stride (8, 4, 2, 1), offset 0, contiguous"
                             << "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15";

    // Transpose and permute.
    QTest::newRow("transpose") << "3,4" << row << "T 0 1"
                               << "shape (4, 3), stride (1, 4), offset 0, not contiguous"
                               << "0 4 8 1 5 9 2 6 10 3 7 11";
    QTest::newRow("transpose, negative dims")
        << "3,4" << row << "T -1 -2"
        << "shape (4, 3), stride (1, 4), offset 0, not contiguous"
        << "0 4 8 1 5 9 2 6 10 3 7 11";
    QTest::newRow("transpose a dim with itself")
        << "3,4" << row << "T 1 -1"
        << "shape (3, 4), stride (4, 1), offset 0, contiguous"
        << "0 1 2 3 4 5 6 7 8 9 10 11";
    QTest::newRow("transpose twice") << "3,4" << row << "T 0 1 | T 0 1"
                                     << "shape (3, 4), stride (4, 1), offset 0, contiguous"
                                     << "0 1 2 3 4 5 6 7 8 9 10 11";
    QTest::newRow("column-major transposed is contiguous")
        << "3,4" << column << "T 0 1"
        << "shape (4, 3), stride (3, 1), offset 0, contiguous"
        << "0 1 2 3 4 5 6 7 8 9 10 11";
    QTest::newRow("transpose of a row vector is contiguous")
        << "1,4" << row << "T 0 1"
        << "shape (4, 1), stride (1, 4), offset 0, contiguous"
        << "0 1 2 3";
    QTest::newRow("permute 2 0 1")
        << "2,3,4" << row << "P 2 0 1"
        << "shape (4, 2, 3), stride (1, 12, 4), offset 0, not contiguous"
        << "0 4 8 12 16 20 1 5 9 13 17 21 2 6 10 14 18 22 3 7 11 15 19 23";
    QTest::newRow("permute, negative dims")
        << "2,3,4" << row << "P -1 0 -2"
        << "shape (4, 2, 3), stride (1, 12, 4), offset 0, not contiguous"
        << "0 4 8 12 16 20 1 5 9 13 17 21 2 6 10 14 18 22 3 7 11 15 19 23";
    QTest::newRow("identity permute") << "2,3" << row << "P 0 1"
                                      << "shape (2, 3), stride (3, 1), offset 0, contiguous"
                                      << "0 1 2 3 4 5";
    QTest::newRow("transpose of 3-d, last two")
        << "2,3,4" << row << "T 1 2"
        << "shape (2, 4, 3), stride (12, 1, 4), offset 0, not contiguous"
        << "0 4 8 1 5 9 2 6 10 3 7 11 12 16 20 13 17 21 14 18 22 15 19 23";

    // Slices: offsets, steps, Python's clamping.
    QTest::newRow("rows 1:3") << "3,4" << row << "S 0 1 3 1"
                              << "shape (2, 4), stride (4, 1), offset 4, contiguous"
                              << "4 5 6 7 8 9 10 11";
    QTest::newRow("columns 1:3") << "3,4" << row << "S 1 1 3 1"
                                 << "shape (3, 2), stride (4, 1), offset 1, not contiguous"
                                 << "1 2 5 6 9 10";
    QTest::newRow("columns ::2") << "3,4" << row << "S 1 0 4 2"
                                 << "shape (3, 2), stride (4, 2), offset 0, not contiguous"
                                 << "0 2 4 6 8 10";
    QTest::newRow("columns 1::2") << "3,4" << row << "S 1 1 4 2"
                                  << "shape (3, 2), stride (4, 2), offset 1, not contiguous"
                                  << "1 3 5 7 9 11";
    QTest::newRow("columns ::3 rounds up")
        << "3,4" << row << "S 1 0 4 3"
        << "shape (3, 2), stride (4, 3), offset 0, not contiguous"
        << "0 3 4 7 8 11";
    QTest::newRow("negative start and stop, -3:-1")
        << "3,4" << row << "S -1 -3 -1 1"
        << "shape (3, 2), stride (4, 1), offset 1, not contiguous"
        << "1 2 5 6 9 10";
    QTest::newRow("bounds far outside clamp to the whole")
        << "3,4" << row << "S 0 -10 100 1"
        << "shape (3, 4), stride (4, 1), offset 0, contiguous"
        << "0 1 2 3 4 5 6 7 8 9 10 11";
    QTest::newRow("stop before start is empty")
        << "3,4" << row << "S 1 3 1 1"
        << "shape (3, 0), stride (4, 1), offset 3, contiguous"
        << "";
    QTest::newRow("start past the end is empty")
        << "3,4" << row << "S 1 7 9 1"
        << "shape (3, 0), stride (4, 1), offset 4, contiguous"
        << "";
    QTest::newRow("step beyond the size keeps one")
        << "3,4" << row << "S 0 0 3 5"
        << "shape (1, 4), stride (20, 1), offset 0, contiguous"
        << "0 1 2 3";
    QTest::newRow("one row, 1:2") << "3,4" << row << "S 0 1 2 1"
                                  << "shape (1, 4), stride (4, 1), offset 4, contiguous"
                                  << "4 5 6 7";
    QTest::newRow("slice of a transpose") << "3,4" << row << "T 0 1 | S 0 1 3 1"
                                          << "shape (2, 3), stride (1, 4), offset 1, not contiguous"
                                          << "1 5 9 2 6 10";
    QTest::newRow("slice of a slice") << "4,4" << row << "S 0 0 4 2 | S 1 1 4 2"
                                      << "shape (2, 2), stride (8, 2), offset 1, not contiguous"
                                      << "1 3 9 11";
    QTest::newRow("3-d middle slice")
        << "2,3,4" << row << "S 1 1 2 1"
        << "shape (2, 1, 4), stride (12, 4, 1), offset 4, not contiguous"
        << "4 5 6 7 16 17 18 19";

    // Views that work.
    QTest::newRow("flatten") << "3,4" << row << "V 12"
                             << "shape (12,), stride (1,), offset 0, contiguous"
                             << "0 1 2 3 4 5 6 7 8 9 10 11";
    QTest::newRow("view 2 6") << "3,4" << row << "V 2 6"
                              << "shape (2, 6), stride (6, 1), offset 0, contiguous"
                              << "0 1 2 3 4 5 6 7 8 9 10 11";
    QTest::newRow("view -1 2") << "3,4" << row << "V -1 2"
                               << "shape (6, 2), stride (2, 1), offset 0, contiguous"
                               << "0 1 2 3 4 5 6 7 8 9 10 11";
    QTest::newRow("view 2 2 3") << "3,4" << row << "V 2 2 3"
                                << "shape (2, 2, 3), stride (6, 3, 1), offset 0, contiguous"
                                << "0 1 2 3 4 5 6 7 8 9 10 11";
    QTest::newRow("view 1 12, size-1 first")
        << "3,4" << row << "V 1 12"
        << "shape (1, 12), stride (12, 1), offset 0, contiguous"
        << "0 1 2 3 4 5 6 7 8 9 10 11";
    QTest::newRow("view of a contiguous slice keeps the offset")
        << "3,4" << row << "S 0 1 3 1 | V 8"
        << "shape (8,), stride (1,), offset 4, contiguous"
        << "4 5 6 7 8 9 10 11";
    QTest::newRow("view of a transpose: add a size-1 dim last")
        << "3,4" << row << "T 0 1 | V 4 3 1"
        << "shape (4, 3, 1), stride (1, 4, 4), offset 0, not contiguous"
        << "0 4 8 1 5 9 2 6 10 3 7 11";
    QTest::newRow("view of a transpose: add a size-1 dim between")
        << "3,4" << row << "T 0 1 | V 4 1 3"
        << "shape (4, 1, 3), stride (1, 12, 4), offset 0, not contiguous"
        << "0 4 8 1 5 9 2 6 10 3 7 11";
    QTest::newRow("view of a transpose: split a dim contiguous within itself")
        << "3,4" << row << "T 0 1 | V 2 2 3"
        << "shape (2, 2, 3), stride (2, 1, 4), offset 0, not contiguous"
        << "0 4 8 1 5 9 2 6 10 3 7 11";
    QTest::newRow("view of a transposed row vector")
        << "3,4" << row << "S 0 1 2 1 | T 0 1 | V 4"
        << "shape (4,), stride (1,), offset 4, contiguous"
        << "4 5 6 7";
    QTest::newRow("view of column-major: split the columns")
        << "3,4" << column << "V 3 2 2"
        << "shape (3, 2, 2), stride (1, 6, 3), offset 0, not contiguous"
        << "0 3 6 9 1 4 7 10 2 5 8 11";
    QTest::newRow("view of a permute: split the last dim")
        << "2,3,4" << row << "P 1 0 2 | V 3 2 2 2"
        << "shape (3, 2, 2, 2), stride (4, 12, 2, 1), offset 0, not contiguous"
        << "0 1 2 3 12 13 14 15 4 5 6 7 16 17 18 19 8 9 10 11 20 21 22 23";
    QTest::newRow("view of a column slice: rows stay apart")
        << "3,4" << row << "S 1 0 2 1 | V 3 2 1"
        << "shape (3, 2, 1), stride (4, 1, 1), offset 0, not contiguous"
        << "0 1 4 5 8 9";
    QTest::newRow("view of an empty slice") << "3,4" << row << "S 1 2 2 1 | V 0 5"
                                            << "shape (0, 5), stride (5, 1), offset 2, contiguous"
                                            << "";

    // contiguous(): a copy where needed.
    QTest::newRow("transpose then copy") << "3,4" << row << "T 0 1 | C 0x2000"
                                         << "shape (4, 3), stride (3, 1), offset 0, contiguous"
                                         << "0 1 2 3 4 5 6 7 8 9 10 11";
    QTest::newRow("copy then view") << "3,4" << row << "T 0 1 | C 0x2000 | V 12"
                                    << "shape (12,), stride (1,), offset 0, contiguous"
                                    << "0 1 2 3 4 5 6 7 8 9 10 11";
}

void TestTensorLayout::layouts() {
    QFETCH(QString, shape);
    QFETCH(StorageOrder, order);
    QFETCH(QString, program);
    QFETCH(QString, description);
    QFETCH(QString, indices);
    const auto result = run(fresh(shape, order), program);
    QVERIFY2(result.ok(), result ? "" : result.error().c_str());
    QCOMPARE(QString::fromStdString(result->describe()), description);
    QCOMPARE(joined(result->storageIndicesInLogicalOrder()), indices);
    QCOMPARE(result->isContiguous(), description.endsWith(QLatin1String(", contiguous")));
    std::int64_t product = 1;
    for (const std::int64_t size : result->shape()) product *= size;
    QCOMPARE(result->elementCount(), product);
    QCOMPARE(result->rank(), result->shape().size());
}
void TestTensorLayout::byteStridesAndAddresses_data() {
    QTest::addColumn<uint>("elementBytes");
    QTest::addColumn<QString>("byteStrides");
    QTest::addColumn<qulonglong>("address");  // of t.T[1, 2] = storage element 1 + 2·4 = 9
    QTest::newRow("int8 / uint8") << 1U << "1 4" << 0x1009ULL;
    QTest::newRow("float16 / bfloat16") << 2U << "2 8" << 0x1012ULL;
    QTest::newRow("float32 / int32") << 4U << "4 16" << 0x1024ULL;
    QTest::newRow("float64 / int64") << 8U << "8 32" << 0x1048ULL;
}

void TestTensorLayout::byteStridesAndAddresses() {
    QFETCH(uint, elementBytes);
    QFETCH(QString, byteStrides);
    QFETCH(qulonglong, address);
    const TensorLayout transposed =
        *fresh("3,4", StorageOrder::RowMajor, elementBytes, 0x1000).transpose(0, 1);
    QCOMPARE(transposed.elementBytes(), elementBytes);
    QCOMPARE(transposed.storageBase(), 0x1000ULL);
    QCOMPARE(joined(transposed.byteStrides()), byteStrides);
    QCOMPARE(transposed.storageIndex({1, 2}), std::int64_t{9});
    QCOMPARE(transposed.address({1, 2}), address);
    QCOMPARE(transposed.address({0, 0}), 0x1000ULL);
    // A slice moves the offset: t[1:, 2:][0, 1] is t[1, 3], storage element 7.
    const TensorLayout sliced =
        *(*fresh("3,4", StorageOrder::RowMajor, elementBytes, 0x1000).slice(0, 1, 3, 1))
             .slice(1, 2, 4, 1);
    QCOMPARE(sliced.offset(), std::int64_t{6});
    QCOMPARE(sliced.address({0, 1}), 0x1000ULL + 7 * elementBytes);
}

void TestTensorLayout::logicalOrderAccesses() {
    const TensorLayout transposed =
        *fresh("2,3", StorageOrder::RowMajor, 8, 0x2000).transpose(0, 1);
    const std::vector<MemoryAccess> expected = {
        {AccessKind::Load, 0x2000, 8}, {AccessKind::Load, 0x2018, 8}, {AccessKind::Load, 0x2008, 8},
        {AccessKind::Load, 0x2020, 8}, {AccessKind::Load, 0x2010, 8}, {AccessKind::Load, 0x2028, 8},
    };
    QVERIFY(transposed.logicalOrderAccesses() == expected);
}

void TestTensorLayout::contiguousCopy() {
    const TensorLayout base = fresh("3,4");
    // Already contiguous: itself, storage and offset unchanged.
    const TensorLayout rows = *base.slice(0, 1, 3, 1);
    const TensorLayout same = rows.contiguousCopy(0x9000);
    QCOMPARE(same.storageBase(), 0x1000ULL);
    QCOMPARE(same.offset(), std::int64_t{4});
    QCOMPARE(QString::fromStdString(same.describe()),
             QStringLiteral("shape (2, 4), stride (4, 1), offset 4, contiguous"));
    // Not contiguous: a row-major copy at the new base, offset 0, same shape and element size.
    const TensorLayout columns = *base.slice(1, 1, 4, 2);
    const TensorLayout copy = columns.contiguousCopy(0x9000);
    QCOMPARE(copy.storageBase(), 0x9000ULL);
    QCOMPARE(copy.elementBytes(), 4U);
    QCOMPARE(QString::fromStdString(copy.describe()),
             QStringLiteral("shape (3, 2), stride (2, 1), offset 0, contiguous"));
    QCOMPARE(copy.address({2, 1}), 0x9000ULL + 5 * 4);
    // A column-major tensor copies into row-major order.
    const TensorLayout fortran = fresh("2,3,4", StorageOrder::ColumnMajor);
    QCOMPARE(QString::fromStdString(fortran.contiguousCopy(0).describe()),
             QStringLiteral("shape (2, 3, 4), stride (12, 4, 1), offset 0, contiguous"));
}
QTEST_APPLESS_MAIN(TestTensorLayout)
#include "tst_tensor_layout.moc"
