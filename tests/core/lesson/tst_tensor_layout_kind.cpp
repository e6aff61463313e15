#include <yaml-cpp/yaml.h>

#include <QtTest>

#include "LessonTestSupport.h"
#include "lesson/LessonParser.h"
#include "lesson/KindSpec.h"
#include "memory/lesson/TensorLayoutKind.h"

using mlsyslab::lesson::formatDiagnostic;
using mlsyslab::lesson::parseLesson;
using mlsyslab::lesson::kinds::applyShownOperation;
using mlsyslab::lesson::builtinSimKinds;
using mlsyslab::lesson::kinds::tensorLayoutKind;
using mlsyslab::lesson::kinds::shownShapeProblem;
using mlsyslab::lesson::kinds::tensorLayoutKind;
using mlsyslab::lesson::kinds::TensorLayoutState;
using mlsyslab::lesson::kinds::workspaceOf;
using mlsyslab::memory::StorageOrder;
using mlsyslab::memory::TensorOperation;
using mlsyslab::memory::tensorOperationText;

namespace {

using mlsyslab::testing::describe;

QString numbers(const std::vector<std::int64_t>& values) {
    QStringList parts;
    for (const std::int64_t value : values) parts << QString::number(value);
    return parts.join(QLatin1Char(','));
}

// "3,4 float32/4 row-major 0x1000 .transpose(0, 1)[:, ::2] select=1,2 editable": the whole
// state in one comparable line.
QString describe(const TensorLayoutState& state) {
    QString text =
        QStringLiteral("%1 %2/%3 %4 0x%5")
            .arg(numbers(state.shape))
            .arg(QString::fromLatin1(state.dtype.name.data(), qsizetype(state.dtype.name.size())))
            .arg(state.dtype.bytes)
            .arg(state.order == StorageOrder::RowMajor ? "row-major" : "column-major")
            .arg(state.base, 0, 16);
    QString operations;
    for (const TensorOperation& operation : state.operations) {
        operations += QString::fromStdString(tensorOperationText(operation));
    }
    if (!operations.isEmpty()) text += QLatin1Char(' ') + operations;
    if (state.selected) text += QStringLiteral(" select=") + numbers(*state.selected);
    text += state.editable ? QStringLiteral(" editable") : QStringLiteral(" fixed");
    return text;
}

}  // namespace

class TestTensorLayoutKind : public QObject {
    Q_OBJECT

private slots:
    void defaultState();
    void validStates_data();
    void validStates();
    void problems_data();
    void problems();
    void stateLimits();
    void workspaceAppliesTheOperations();
    void lessonReportsRealLinesAndColumns();
};

void TestTensorLayoutKind::defaultState() {
    QCOMPARE(describe(TensorLayoutState{}),
             QStringLiteral("3,4 float32/4 row-major 0x1000 editable"));
}

void TestTensorLayoutKind::validStates_data() {
    QTest::addColumn<QString>("yaml");
    QTest::addColumn<QString>("state");
    QTest::newRow("the seed's 3x4") << "shape: [3, 4]\ndtype: float32\norder: row-major"
                                    << "3,4 float32/4 row-major 0x1000 editable";
    QTest::newRow("column-major float64") << "shape: [2, 3]\ndtype: float64\norder: column-major"
                                          << "2,3 float64/8 column-major 0x1000 editable";
    QTest::newRow("every dtype's size, int8") << "dtype: int8\nbase: 0x2001"
                                              << "3,4 int8/1 row-major 0x2001 editable";
    QTest::newRow("bfloat16") << "dtype: bfloat16"
                              << "3,4 bfloat16/2 row-major 0x1000 editable";
    QTest::newRow("uint8") << "dtype: uint8"
                           << "3,4 uint8/1 row-major 0x1000 editable";
    QTest::newRow("int64 at a decimal base") << "dtype: int64\nbase: 8192"
                                             << "3,4 int64/8 row-major 0x2000 editable";
    QTest::newRow("4-d at the limit") << "shape: [2, 2, 4, 4]"
                                      << "2,2,4,4 float32/4 row-major 0x1000 editable";
    QTest::newRow("1-d of 16") << "shape: [16]"
                               << "16 float32/4 row-major 0x1000 editable";
    QTest::newRow("4x16, 64 elements") << "shape: [4, 16]"
                                       << "4,16 float32/4 row-major 0x1000 editable";
    QTest::newRow("transpose") << "ops:\n  - transpose: [0, 1]"
                               << "3,4 float32/4 row-major 0x1000 .transpose(0, 1) editable";
    QTest::newRow("every operation")
        << "shape: [2, 3, 4]\nops:\n  - permute: [2, 0, 1]\n  - slice: {dim: 0, start: 1, stop: "
           "-1}\n  - contiguous: true\n  - view: [-1, 3]\n  - slice: {dim: 1, step: 2}"
        << "2,3,4 float32/4 row-major 0x1000 .permute(2, 0, 1)[1:-1].contiguous().view(-1, "
           "3)[:, ::2] editable";
    QTest::newRow("a slice with only a dim") << "ops: [{slice: {dim: 1}}]"
                                             << "3,4 float32/4 row-major 0x1000 [:, :] editable";
    QTest::newRow("a slice with empty bounds") << "ops:\n  - slice: {start: ~, stop: 2}"
                                               << "3,4 float32/4 row-major 0x1000 [:2] editable";
    QTest::newRow("a view of a transpose that works")
        << "ops:\n  - transpose: [0, 1]\n  - view: [2, 2, 3]"
        << "3,4 float32/4 row-major 0x1000 .transpose(0, 1).view(2, 2, 3) editable";
    QTest::newRow("select") << "select: [1, 2]"
                            << "3,4 float32/4 row-major 0x1000 select=1,2 editable";
    QTest::newRow("select counts from the end")
        << "select: [-1, -4]"
        << "3,4 float32/4 row-major 0x1000 select=2,0 editable";
    QTest::newRow("select after the operations")
        << "ops: [{transpose: [0, 1]}]\nselect: [3, 2]"
        << "3,4 float32/4 row-major 0x1000 .transpose(0, 1) select=3,2 editable";
    QTest::newRow("not editable") << "editable: false"
                                  << "3,4 float32/4 row-major 0x1000 fixed";
    QTest::newRow("empty ops") << "ops: []"
                               << "3,4 float32/4 row-major 0x1000 editable";
    QTest::newRow("ops with nothing") << "ops:"
                                      << "3,4 float32/4 row-major 0x1000 editable";
}

void TestTensorLayoutKind::validStates() {
    QFETCH(QString, yaml);
    QFETCH(QString, state);
    const auto reading = tensorLayoutKind().read(YAML::Load(yaml.toStdString()));
    QCOMPARE(describe(reading.problems), QStringList());
    QCOMPARE(describe(reading.state), state);
}

void TestTensorLayoutKind::problems_data() {
    QTest::addColumn<QString>("yaml");
    QTest::addColumn<QStringList>("expected");
    QTest::addColumn<QString>("state");  // what the simulator opens with anyway
    const QString defaults = QStringLiteral("3,4 float32/4 row-major 0x1000 editable");
    const QString shapeForm = QStringLiteral("shape must be a list of 1 to 4 sizes like [3, 4]");

    QTest::newRow("shape scalar") << "shape: 12" << QStringList{"error 0:7 " + shapeForm}
                                  << defaults;
    QTest::newRow("shape empty list")
        << "shape: []" << QStringList{"error 0:7 " + shapeForm} << defaults;
    QTest::newRow("shape of 5 dims")
        << "shape: [1, 1, 1, 1, 2]" << QStringList{"error 0:7 " + shapeForm} << defaults;
    QTest::newRow("shape with a word")
        << "shape: [3, four]"
        << QStringList{"error 0:11 " + shapeForm + "; 'four' is not a whole number"} << defaults;
    QTest::newRow("shape size 0")
        << "shape: [3, 0]" << QStringList{"error 0:11 shape: each size must be from 1 to 16, not 0"}
        << defaults;
    QTest::newRow("shape size 17")
        << "shape: [17]" << QStringList{"error 0:8 shape: each size must be from 1 to 16, not 17"}
        << defaults;
    QTest::newRow("shape too many elements")
        << "shape: [8, 16]"
        << QStringList{"error 0:7 shape (8, 16) has 128 elements; the simulator shows at most 64"}
        << defaults;
    QTest::newRow("dtype misspelt")
        << "dtype: float23"
        << QStringList{"error 0:7 dtype must be float64, float32, float16, bfloat16, int64, "
                       "int32, int8 or uint8; did you mean 'float32'?"}
        << defaults;
    QTest::newRow("dtype with torch.")
        << "dtype: torch.float32"
        << QStringList{"error 0:7 dtype must be float64, float32, float16, bfloat16, int64, "
                       "int32, int8 or uint8"}
        << defaults;
    QTest::newRow("order misspelt")
        << "order: row major"
        << QStringList{"error 0:7 order must be row-major or column-major; did you mean "
                       "'row-major'?"}
        << defaults;
    QTest::newRow("base a word")
        << "base: heap"
        << QStringList{"error 0:6 base must be an address like 0x1000: a whole number, or hex "
                       "digits after 0x, up to 0xFFFFFFFFFF"}
        << defaults;
    QTest::newRow("base misaligned")
        << "dtype: float64\nbase: 0x1004"
        << QStringList{"error 1:6 base must be a multiple of 8, the size of a float64 element"}
        << "3,4 float64/8 row-major 0x1000 editable";
    QTest::newRow("editable yes") << "editable: yes"
                                  << QStringList{"error 0:10 editable must be true or false"}
                                  << defaults;
    // Operations PyTorch refuses: an error at the operation, the ones before it kept.
    QTest::newRow("view of a transpose")
        << "ops:\n  - transpose: [0, 1]\n  - view: [12]\n  - contiguous: true"
        << QStringList{"error 2:4 view size is not compatible with input tensor's size and stride "
                       "(at least one dimension spans across two contiguous subspaces). Use "
                       ".reshape(...) instead."}
        << "3,4 float32/4 row-major 0x1000 .transpose(0, 1) editable";
    QTest::newRow("view of the wrong size")
        << "ops:\n  - view: [4, 4]"
        << QStringList{"error 1:4 shape '[4, 4]' is invalid for input of size 12"} << defaults;
    QTest::newRow("transpose out of range")
        << "ops: [{transpose: [0, 2]}]"
        << QStringList{"error 0:7 Dimension out of range (expected to be in range of [-2, 1], "
                       "but got 2)"}
        << defaults;
    QTest::newRow("permute of the wrong length")
        << "ops:\n  - permute: [2, 0, 1]"
        << QStringList{"error 1:4 permute(sparse_coo): number of dimensions in the tensor input "
                       "does not match the length of the desired ordering of dimensions i.e. "
                       "input.dim() = 2 is not equal to len(dims) = 3"}
        << defaults;
    QTest::newRow("slice step 0") << "ops:\n  - slice: {dim: 0, step: 0}"
                                  << QStringList{"error 1:4 slice step cannot be zero"} << defaults;
    QTest::newRow("slice step negative")
        << "ops:\n  - slice: {step: -1}" << QStringList{"error 1:4 step must be greater than zero"}
        << defaults;
    QTest::newRow("view too big to draw")
        << "shape: [2, 16]\nops:\n  - view: [32]"
        << QStringList{"error 2:4 the simulator shows dimensions of size at most 16, not 32: "
                       ".view(32) gives shape (32,)"}
        << "2,16 float32/4 row-major 0x1000 editable";
    QTest::newRow("view to 5 dims")
        << "shape: [2, 8]\nops:\n  - view: [2, 2, 2, 2, 1]"
        << QStringList{"error 2:4 the simulator shows tensors of 1 to 4 dimensions, not 5: "
                       ".view(2, 2, 2, 2, 1) gives shape (2, 2, 2, 2, 1)"}
        << "2,8 float32/4 row-major 0x1000 editable";

    // Malformed operations: each reported, none after the first kept.
    QTest::newRow("ops not a list")
        << "ops: transpose"
        << QStringList{"error 0:5 ops must be a list of operations, one per line like '- "
                       "transpose: [0, 1]'"}
        << defaults;
    QTest::newRow("an operation misspelt")
        << "ops:\n  - transpos: [0, 1]"
        << QStringList{"error 1:4 unknown operation 'transpos'; did you mean 'transpose'?"}
        << defaults;
    QTest::newRow("an unknown operation")
        << "ops:\n  - reshape: [12]"
        << QStringList{"error 1:4 unknown operation 'reshape': an operation is one of 'transpose: "
                       "[0, 1]', 'permute: [2, 0, 1]', 'slice: {dim: 1, start: 0, stop: 4, step: "
                       "2}', 'view: [4, 3]' or 'contiguous: true'"}
        << defaults;
    QTest::newRow("two operations in one item")
        << "ops:\n  - {transpose: [0, 1], view: [12]}"
        << QStringList{"error 1:4 an operation is one of 'transpose: [0, 1]', 'permute: [2, 0, "
                       "1]', 'slice: {dim: 1, start: 0, stop: 4, step: 2}', 'view: [4, 3]' or "
                       "'contiguous: true'"}
        << defaults;
    QTest::newRow("transpose of one dim")
        << "ops:\n  - transpose: [1]"
        << QStringList{"error 1:15 transpose must be two dimensions like [0, 1]"} << defaults;
    QTest::newRow("transpose empty, at its name")
        << "ops:\n  - transpose:"
        << QStringList{"error 1:4 transpose must be two dimensions like [0, 1]"} << defaults;
    QTest::newRow("view with a fraction")
        << "ops:\n  - view: [2.5, 4]"
        << QStringList{"error 1:11 view must be the new shape, like [4, 3] (one size may be -1); "
                       "'2.5' is not a whole number"}
        << defaults;
    QTest::newRow("slice not a map")
        << "ops:\n  - slice: [0, 2]"
        << QStringList{"error 1:11 slice must be a map like {dim: 1, start: 0, stop: 4, step: 2}"}
        << defaults;
    QTest::newRow("slice with a word and an unknown field")
        << "ops:\n  - slice: {dim: x, end: 2}"
        << QStringList{"error 1:17 slice dim must be a whole number like 2 or -1",
                       "warning 1:20 unknown slice field 'end' (slice has the fields dim, start, "
                       "stop "
                       "and step)"}
        << defaults;
    QTest::newRow("contiguous false")
        << "ops:\n  - contiguous: false"
        << QStringList{"error 1:16 contiguous takes no arguments: write 'contiguous: true'"}
        << defaults;
    QTest::newRow("malformed, then fine: later ones not kept")
        << "ops:\n  - transpose: [0, 1]\n  - view: four\n  - contiguous: true"
        << QStringList{"error 2:10 view must be the new shape, like [4, 3] (one size may be -1)"}
        << "3,4 float32/4 row-major 0x1000 .transpose(0, 1) editable";

    // The selected element.
    QTest::newRow("select out of bounds")
        << "select: [1, 4]"
        << QStringList{"error 0:12 index 4 is out of bounds for dimension 1 with size 4"}
        << defaults;
    QTest::newRow("select of the transposed tensor")
        << "ops: [{transpose: [0, 1]}]\nselect: [0, 3]"
        << QStringList{"error 1:12 index 3 is out of bounds for dimension 1 with size 3"}
        << "3,4 float32/4 row-major 0x1000 .transpose(0, 1) editable";
    QTest::newRow("select with too few numbers")
        << "select: [1]"
        << QStringList{"error 0:8 select must have one number per dimension: the tensor has 2 "
                       "dimensions, shape (3, 4)"}
        << defaults;

    QTest::newRow("every problem in file order")
        << "ops:\n  - view: [5]\nshape: [3, 17]\ndtype: f32"
        << QStringList{"error 1:4 shape '[5]' is invalid for input of size 12",
                       "error 2:11 shape: each size must be from 1 to 16, not 17",
                       "error 3:7 dtype must be float64, float32, float16, bfloat16, int64, "
                       "int32, int8 or uint8"}
        << defaults;
}

void TestTensorLayoutKind::problems() {
    QFETCH(QString, yaml);
    QFETCH(QStringList, expected);
    QFETCH(QString, state);
    const auto reading = tensorLayoutKind().read(YAML::Load(yaml.toStdString()));
    QCOMPARE(describe(reading.problems), expected);
    QCOMPARE(describe(reading.state), state);
    QCOMPARE(describe(tensorLayoutKind().read(YAML::Load(yaml.toStdString())).problems), expected);
}

void TestTensorLayoutKind::stateLimits() {
    QVERIFY(!shownShapeProblem({3, 4}));
    QVERIFY(!shownShapeProblem({16, 0}));
    QCOMPARE(QString::fromStdString(*shownShapeProblem({})),
             QStringLiteral("the simulator shows tensors of 1 to 4 dimensions, not 0"));
    QCOMPARE(QString::fromStdString(*shownShapeProblem({17, 1})),
             QStringLiteral("the simulator shows dimensions of size at most 16, not 17"));
}

void TestTensorLayoutKind::workspaceAppliesTheOperations() {
    TensorLayoutState state;
    state.shape = {2, 3, 4};
    state.dtype = {"float16", 2};
    state.base = 0x4000;
    state.operations = {TensorOperation::permute({2, 0, 1}), TensorOperation::contiguous()};
    auto workspace = workspaceOf(state);
    QCOMPARE(QString::fromStdString(workspace.layout().describe()),
             QStringLiteral("shape (4, 2, 3), stride (6, 3, 1), offset 0, contiguous"));
    QCOMPARE(workspace.storages().size(), std::size_t{2});
    // 24 float16 end at 0x4030; the copy goes to the next 256-byte boundary.
    QCOMPARE(workspace.layout().storageBase(), 0x4100ULL);
    // A failing operation leaves the workspace as it was.
    const auto refused = applyShownOperation(workspace, TensorOperation::view({24}));
    QCOMPARE(QString::fromStdString(refused.error()),
             QStringLiteral("the simulator shows dimensions of size at most 16, not 24: .view(24) "
                            "gives shape (24,)"));
    QCOMPARE(workspace.operations().size(), std::size_t{2});
    QVERIFY(applyShownOperation(workspace, TensorOperation::view({4, 6})).ok());
    QCOMPARE(workspace.operations().size(), std::size_t{3});
}

void TestTensorLayoutKind::lessonReportsRealLinesAndColumns() {
    const std::string text =
        "---\nformat: mlsyslab-lesson/1\ntitle: Strides\nid: strides\n---\n\n"
        "# A transposed view\n\n"
        "```sim tensor-layout\n"
        "shape: [3, 4]\n"
        "ops:\n"
        "  - transpose: [0, 1]\n"
        "  - view: [12]\n"
        "colour: red\n"
        "```\n";
    const auto result = parseLesson(text, builtinSimKinds());
    QStringList lines;
    for (const auto& diagnostic : result.diagnostics) {
        lines << QString::fromStdString(formatDiagnostic("x.lesson.md", diagnostic));
    }
    QCOMPARE(lines, (QStringList{
                        "x.lesson.md:13:5: error: view size is not compatible with input "
                        "tensor's size and stride (at least one dimension spans across two "
                        "contiguous subspaces). Use .reshape(...) instead.",
                        "x.lesson.md:14:1: warning: unknown tensor-layout field 'colour' "
                        "(tensor-layout has the fields shape, dtype, order, base, ops, select "
                        "and editable)",
                    }));
    QVERIFY(!result.lesson.has_value());
}

QTEST_APPLESS_MAIN(TestTensorLayoutKind)
#include "tst_tensor_layout_kind.moc"
