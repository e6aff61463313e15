#include <yaml-cpp/yaml.h>

#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QtTest>
#include <memory>

#include "common/SimWidgetRegistry.h"
#include "common/StepControls.h"
#include "memory/lesson/TensorLayoutKind.h"
#include "memory/MemoryStripView.h"
#include "memory/TensorGridView.h"
#include "memory/TensorLayoutWidget.h"
#include "memory/TensorOperationBar.h"
#include "../SimViewTestSupport.h"
#include "../WidgetTestSupport.h"

using mlsyslab::lesson::kinds::tensorLayoutKind;
using mlsyslab::widgets::MemoryStripView;
using mlsyslab::widgets::StepControls;
using mlsyslab::widgets::TensorGridView;
using mlsyslab::widgets::TensorLayoutWidget;
using mlsyslab::widgets::TensorOperationBar;

namespace {

using mlsyslab::testing::part;

// The widget for a lesson's ```sim tensor-layout state, shown, as the lesson player shows it.
std::unique_ptr<TensorLayoutWidget> tensorFrom(const char* yaml) {
    const auto reading = tensorLayoutKind().read(YAML::Load(yaml));
    if (!reading.problems.empty()) qWarning("the test state has problems: %s", yaml);
    auto widget = std::make_unique<TensorLayoutWidget>(reading.state);
    widget->resize(1100, 900);
    widget->show();
    return widget;
}

QString text(const QWidget& widget, const char* name) { return part<QLabel>(widget, name)->text(); }

// The formula may break before its address on a narrow widget; compare it as one line.
QString formula(const QWidget& widget) {
    return text(widget, "formula").replace(QLatin1Char('\n'), QLatin1Char(' '));
}

StepControls* steps(const QWidget& widget) { return part<StepControls>(widget, "stepControls"); }
TensorGridView* grid(const QWidget& widget) { return part<TensorGridView>(widget, "grid"); }
MemoryStripView* strip(const QWidget& widget, const char* name = "storageStrip") {
    return part<MemoryStripView>(widget, name);
}

void click(const QWidget& widget, const char* buttonName) {
    QTest::mouseClick(part<QPushButton>(widget, buttonName), Qt::LeftButton);
}

void clickCell(const QWidget& widget, qint64 position) {
    TensorGridView* view = grid(widget);
    QTest::mouseClick(view, Qt::LeftButton, {}, view->cellRect(position).center());
}

void typeView(const QWidget& widget, const QString& shape) {
    auto* edit = part<QLineEdit>(widget, "viewEdit");
    edit->clear();
    QTest::keyClicks(edit, shape);
    click(widget, "viewButton");
}

QString errorText(const QWidget& widget) {
    return part<TensorOperationBar>(widget, "operationBar")->errorText();
}

}  // namespace

class TestTensorLayoutWidget : public QObject {
    Q_OBJECT

private slots:
    void clickingACellShowsItsAddress_data();
    void clickingACellShowsItsAddress();
    void steppingATransposeJumpsThroughMemory();
    void steppingAContiguousTensorMovesOneByOne();
    void transposeButton();
    void permuteButton();
    void sliceControls();
    void viewFailureShowsPyTorchsMessage();
    void viewThatWorks();
    void contiguousCopiesToNewStorage();
    void keyboardWalksTheTensor();
    void lessonStateWithOperations();
    void resetReturnsToTheLessonsTensor();
    void emptySliceShowsNothingAndDoesNotCrash();
    void fixedLessonHasNoOperations();
    void factoryIsRegistered();
};

void TestTensorLayoutWidget::clickingACellShowsItsAddress_data() {
    QTest::addColumn<QString>("yaml");
    QTest::addColumn<qlonglong>("position");
    QTest::addColumn<QString>("expectedFormula");
    QTest::addColumn<qlonglong>("storageElement");
    QTest::newRow("float32 t[1, 2]")
        << "shape: [3, 4]" << 6LL
        << QString::fromUtf8("t[1, 2] → offset 0 + 1·4 + 2·1 = 6 → address 0x1000 + 6·4 = 0x1018")
        << 6LL;
    QTest::newRow("float64 t[2, 3]")
        << "shape: [3, 4]\ndtype: float64" << 11LL
        << QString::fromUtf8("t[2, 3] → offset 0 + 2·4 + 3·1 = 11 → address 0x1000 + 11·8 = 0x1058")
        << 11LL;
    QTest::newRow("transposed t[2, 1]")
        << "ops: [{transpose: [0, 1]}]" << 7LL
        << QString::fromUtf8("t[2, 1] → offset 0 + 2·1 + 1·4 = 6 → address 0x1000 + 6·4 = 0x1018")
        << 6LL;
    QTest::newRow("int8 column-major at 0x2000")
        << "dtype: int8\norder: column-major\nbase: 0x2000" << 5LL
        << QString::fromUtf8("t[1, 1] → offset 0 + 1·1 + 1·3 = 4 → address 0x2000 + 4·1 = 0x2004")
        << 4LL;
}

void TestTensorLayoutWidget::clickingACellShowsItsAddress() {
    QFETCH(QString, yaml);
    QFETCH(qlonglong, position);
    QFETCH(QString, expectedFormula);
    QFETCH(qlonglong, storageElement);
    auto widget = tensorFrom(yaml.toUtf8().constData());
    clickCell(*widget, position);
    QCOMPARE(steps(*widget)->position(), int(position));
    QCOMPARE(grid(*widget)->current(), position);
    QCOMPARE(formula(*widget), expectedFormula);
    QCOMPARE(strip(*widget)->currentElement(), storageElement);
}

// t.T of a 3x4 tensor read in logical order: down the columns of t, a jump of 4 elements at
// every move but the three that wrap to the next column.
void TestTensorLayoutWidget::steppingATransposeJumpsThroughMemory() {
    auto widget = tensorFrom("shape: [3, 4]\nops:\n  - transpose: [0, 1]");
    const std::vector<qint64> expected = {0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11};
    QCOMPARE(steps(*widget)->count(), 12);
    QCOMPARE(strip(*widget)->currentElement(), 0LL);
    QCOMPARE(strip(*widget)->previousElement(), -1LL);
    for (int position = 1; position < 12; ++position) {
        click(*steps(*widget), "stepButton");
        QCOMPARE(steps(*widget)->position(), position);
        QCOMPARE(grid(*widget)->current(), qint64(position));
        QCOMPARE(strip(*widget)->currentElement(), expected[position]);
        QCOMPARE(strip(*widget)->previousElement(), expected[position - 1]);
        const bool jump = expected[position] - expected[position - 1] != 1;
        QVERIFY2(text(*widget, "moveNote").endsWith(jump ? "a jump." : "the next one in memory."),
                 qPrintable(text(*widget, "moveNote")));
    }
    QCOMPARE(
        text(*widget, "moveNote"),
        QString::fromUtf8("Move 11: storage element 7 → 11, +4 elements (+16 bytes): a jump."));
    QCOMPARE(text(*widget, "traversalNote"),
             QStringLiteral("So far: 11 of 11 moves were jumps; 64-byte cache lines entered: 1. "
                            "The whole loop: 11 of 11 moves jump; lines entered: 1."));
    click(*steps(*widget), "backButton");
    QCOMPARE(strip(*widget)->currentElement(), 7LL);
    QCOMPARE(text(*widget, "moveNote"),
             QString::fromUtf8("Move 10: storage element 3 → 7, +4 elements (+16 bytes): a jump."));
}

void TestTensorLayoutWidget::steppingAContiguousTensorMovesOneByOne() {
    auto widget = tensorFrom("shape: [4, 16]");
    QCOMPARE(steps(*widget)->count(), 64);
    QCOMPARE(text(*widget, "moveNote"),
             QStringLiteral("Start: the loop reads storage element 0 first."));
    for (int position = 1; position < 64; ++position) {
        click(*steps(*widget), "stepButton");
        QCOMPARE(strip(*widget)->currentElement(), qint64(position));
    }
    QCOMPARE(text(*widget, "moveNote"),
             QStringLiteral("Move 63: storage element 62 → 63, +1 element (+4 bytes): the next "
                            "one in memory."));
    // Four rows of 16 float32: one 64-byte line each.
    QCOMPARE(text(*widget, "traversalNote"),
             QStringLiteral("So far: 0 of 63 moves were jumps; 64-byte cache lines entered: 4. "
                            "The whole loop: 0 of 63 moves jump; lines entered: 4."));
}

void TestTensorLayoutWidget::transposeButton() {
    auto widget = tensorFrom("shape: [3, 4]");
    QCOMPARE(text(*widget, "strideValue"), QStringLiteral("(4, 1) elements"));
    QCOMPARE(text(*widget, "contiguousValue"), QString::fromUtf8("✓ True"));
    QVERIFY(!part<QPushButton>(*widget, "permuteButton")->isEnabled());
    click(*widget, "transposeButton");
    QCOMPARE(text(*widget, "shapeValue"), QStringLiteral("(4, 3)"));
    QCOMPARE(text(*widget, "strideValue"), QStringLiteral("(1, 4) elements"));
    QCOMPARE(text(*widget, "byteStridesValue"), QStringLiteral("(4, 16)   (4 bytes per float32)"));
    QCOMPARE(text(*widget, "offsetValue"), QStringLiteral("0"));
    QCOMPARE(text(*widget, "contiguousValue"),
             QString::fromUtf8("✗ False: dim 1 has stride 4 where row-major order needs 1"));
    QVERIFY(text(*widget, "expression").endsWith(QStringLiteral("\nt = t.transpose(-2, -1)")));
    // The traversal starts over on the new view.
    QCOMPARE(steps(*widget)->position(), 0);
    QCOMPARE(widget->workspace().operations().size(), std::size_t{1});
    click(*widget, "transposeButton");
    QCOMPARE(text(*widget, "strideValue"), QStringLiteral("(4, 1) elements"));
    QCOMPARE(text(*widget, "contiguousValue"), QString::fromUtf8("✓ True"));
}

void TestTensorLayoutWidget::permuteButton() {
    auto widget = tensorFrom("shape: [2, 3, 4]");
    QVERIFY(part<QPushButton>(*widget, "permuteButton")->isEnabled());
    click(*widget, "permuteButton");
    QCOMPARE(text(*widget, "shapeValue"), QStringLiteral("(4, 2, 3)"));
    QCOMPARE(text(*widget, "strideValue"), QStringLiteral("(1, 12, 4) elements"));
    QVERIFY(text(*widget, "expression").endsWith(QStringLiteral("t = t.permute(2, 0, 1)")));
    // Three times round: back to the start, and contiguous again.
    click(*widget, "permuteButton");
    click(*widget, "permuteButton");
    QCOMPARE(text(*widget, "strideValue"), QStringLiteral("(12, 4, 1) elements"));
    QCOMPARE(text(*widget, "contiguousValue"), QString::fromUtf8("✓ True"));
}

void TestTensorLayoutWidget::sliceControls() {
    auto widget = tensorFrom("shape: [3, 4]");
    part<QSpinBox>(*widget, "sliceDim")->setValue(1);
    QCOMPARE(part<QSpinBox>(*widget, "sliceStop")->value(), 4);
    part<QSpinBox>(*widget, "sliceStart")->setValue(1);
    part<QSpinBox>(*widget, "sliceStep")->setValue(2);
    click(*widget, "sliceButton");
    QCOMPARE(text(*widget, "shapeValue"), QStringLiteral("(3, 2)"));
    QCOMPARE(text(*widget, "strideValue"), QStringLiteral("(4, 2) elements"));
    QCOMPARE(text(*widget, "offsetValue"), QStringLiteral("1"));
    QVERIFY(text(*widget, "expression").endsWith(QStringLiteral("t = t[:, 1:4:2]")));
    // The view reads 6 of the 12 storage elements; the loop starts at element 1.
    QCOMPARE(strip(*widget)->currentElement(), 1LL);
    clickCell(*widget, 5);
    QCOMPARE(formula(*widget),
             QString::fromUtf8("t[2, 1] → offset 1 + 2·4 + 1·2 = 11 → address 0x1000 + 11·4 = "
                               "0x102C"));
}

void TestTensorLayoutWidget::viewFailureShowsPyTorchsMessage() {
    auto widget = tensorFrom("shape: [3, 4]\nops: [{transpose: [0, 1]}]");
    typeView(*widget, QStringLiteral("12"));
    QCOMPARE(errorText(*widget),
             QStringLiteral("view size is not compatible with input tensor's size and stride (at "
                            "least one dimension spans across two contiguous subspaces). Use "
                            ".reshape(...) instead."));
    QCOMPARE(widget->workspace().operations().size(), std::size_t{1});
    QCOMPARE(text(*widget, "strideValue"), QStringLiteral("(1, 4) elements"));
    typeView(*widget, QStringLiteral("4, 4"));
    QCOMPARE(errorText(*widget), QStringLiteral("shape '[4, 4]' is invalid for input of size 12"));
    typeView(*widget, QStringLiteral("four"));
    QCOMPARE(errorText(*widget),
             QStringLiteral("Type the new shape as whole numbers, like 4, 3 or -1: 'four' is not "
                            "one."));
    // PyTorch allows this one; the simulator cannot draw five dimensions.
    typeView(*widget, QStringLiteral("4, 3, 1, 1, 1"));
    QCOMPARE(errorText(*widget),
             QStringLiteral("the simulator shows tensors of 1 to 4 dimensions, not 5: .view(4, 3, "
                            "1, 1, 1) gives shape (4, 3, 1, 1, 1)"));
    // A view of the transpose that PyTorch allows clears the message.
    typeView(*widget, QStringLiteral("[2, 2, 3]"));
    QCOMPARE(errorText(*widget), QString());
    QCOMPARE(text(*widget, "strideValue"), QStringLiteral("(2, 1, 4) elements"));
}

void TestTensorLayoutWidget::viewThatWorks() {
    auto widget = tensorFrom("shape: [3, 4]");
    typeView(*widget, QStringLiteral("2, -1"));
    QCOMPARE(errorText(*widget), QString());
    QCOMPARE(text(*widget, "shapeValue"), QStringLiteral("(2, 6)"));
    QCOMPARE(text(*widget, "strideValue"), QStringLiteral("(6, 1) elements"));
    QVERIFY(text(*widget, "expression").endsWith(QStringLiteral("t = t.view(2, -1)")));
}

void TestTensorLayoutWidget::contiguousCopiesToNewStorage() {
    auto widget = tensorFrom("shape: [3, 4]\nops: [{transpose: [0, 1]}]");
    QVERIFY(!strip(*widget, "copyStrip")->isVisible());
    click(*widget, "contiguousButton");
    QCOMPARE(text(*widget, "contiguousValue"), QString::fromUtf8("✓ True"));
    QCOMPARE(text(*widget, "strideValue"), QStringLiteral("(3, 1) elements"));
    QVERIFY(strip(*widget, "copyStrip")->isVisible());
    QVERIFY(text(*widget, "copyTitle").contains(QStringLiteral("0x1100")));
    const auto& copy = strip(*widget, "copyStrip")->storage();
    QCOMPARE(copy.base, 0x1100ULL);
    QCOMPARE(copy.values, (std::vector<std::int64_t>{0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11}));
    // The loop now reads the copy one element after another.
    for (int position = 1; position < 12; ++position) click(*steps(*widget), "stepButton");
    QCOMPARE(strip(*widget, "copyStrip")->currentElement(), 11LL);
    QCOMPARE(strip(*widget)->currentElement(), -1LL);
    QVERIFY(text(*widget, "traversalNote").contains(QStringLiteral("0 of 11 moves jump")));
    clickCell(*widget, 1);
    QCOMPARE(
        formula(*widget),
        QString::fromUtf8("t[0, 1] → offset 0 + 0·3 + 1·1 = 1 → address 0x1100 + 1·4 = 0x1104"));
    // contiguous() of a contiguous tensor is the tensor itself: no second copy.
    click(*widget, "contiguousButton");
    QCOMPARE(widget->workspace().storages().size(), std::size_t{2});
}

void TestTensorLayoutWidget::keyboardWalksTheTensor() {
    auto widget = tensorFrom("shape: [3, 4]\nops: [{transpose: [0, 1]}]");
    grid(*widget)->setFocus();
    QTest::keyClick(grid(*widget), Qt::Key_Right);
    QCOMPARE(steps(*widget)->position(), 1);
    QCOMPARE(strip(*widget)->currentElement(), 4LL);
    QTest::keyClick(grid(*widget), Qt::Key_Right);
    QCOMPARE(strip(*widget)->currentElement(), 8LL);
    QTest::keyClick(grid(*widget), Qt::Key_Left);
    QCOMPARE(steps(*widget)->position(), 1);
    QTest::keyClick(widget.get(), Qt::Key_End);
    QCOMPARE(steps(*widget)->position(), 11);
    QTest::keyClick(widget.get(), Qt::Key_Home);
    QCOMPARE(steps(*widget)->position(), 0);
    QTest::keyClick(widget.get(), Qt::Key_Left);
    QCOMPARE(steps(*widget)->position(), 0);
}

void TestTensorLayoutWidget::lessonStateWithOperations() {
    auto widget = tensorFrom(
        "shape: [2, 3, 4]\nops:\n  - permute: [2, 0, 1]\n  - slice: {dim: 0, start: 1, stop: "
        "3}\nselect: [1, 0, 2]");
    QCOMPARE(text(*widget, "shapeValue"), QStringLiteral("(2, 2, 3)"));
    QCOMPARE(text(*widget, "strideValue"), QStringLiteral("(1, 12, 4) elements"));
    QCOMPARE(text(*widget, "offsetValue"), QStringLiteral("1"));
    QCOMPARE(steps(*widget)->position(), 8);
    QCOMPARE(formula(*widget),
             QString::fromUtf8("t[1, 0, 2] → offset 1 + 1·1 + 0·12 + 2·4 = 10 → address 0x1000 + "
                               "10·4 = 0x1028"));
    QCOMPARE(strip(*widget)->currentElement(), 10LL);
    QCOMPARE(text(*widget, "expression"),
             QString::fromUtf8("t = torch.arange(24, dtype=torch.float32)\u200B.view(2, 3, 4)\n"
                               "t = t.permute(2, 0, 1)\nt = t[1:3]"));
}

void TestTensorLayoutWidget::resetReturnsToTheLessonsTensor() {
    auto widget = tensorFrom("shape: [3, 4]\nops: [{slice: {dim: 0, start: 1}}]");
    click(*widget, "transposeButton");
    typeView(*widget, QStringLiteral("8"));
    QVERIFY(!errorText(*widget).isEmpty());
    click(*widget, "resetTensorButton");
    QCOMPARE(errorText(*widget), QString());
    QCOMPARE(widget->workspace().operations().size(), std::size_t{1});
    QCOMPARE(text(*widget, "shapeValue"), QStringLiteral("(2, 4)"));
    QCOMPARE(text(*widget, "offsetValue"), QStringLiteral("4"));
}

void TestTensorLayoutWidget::emptySliceShowsNothingAndDoesNotCrash() {
    auto widget = tensorFrom("shape: [3, 4]");
    part<QSpinBox>(*widget, "sliceDim")->setValue(1);
    part<QSpinBox>(*widget, "sliceStart")->setValue(2);
    part<QSpinBox>(*widget, "sliceStop")->setValue(2);
    click(*widget, "sliceButton");
    QCOMPARE(text(*widget, "shapeValue"), QStringLiteral("(3, 0)"));
    QCOMPARE(steps(*widget)->count(), 0);
    QCOMPARE(grid(*widget)->current(), -1LL);
    QCOMPARE(strip(*widget)->currentElement(), -1LL);
    QCOMPARE(formula(*widget), QStringLiteral("The tensor is empty: shape (3, 0)."));
    widget->grab();  // paints every part
    click(*widget, "contiguousButton");
    QCOMPARE(text(*widget, "contiguousValue"), QString::fromUtf8("✓ True"));
}

void TestTensorLayoutWidget::fixedLessonHasNoOperations() {
    auto widget = tensorFrom("shape: [3, 4]\neditable: false");
    QCOMPARE(widget->findChild<TensorOperationBar*>(), nullptr);
    QCOMPARE(steps(*widget)->count(), 12);
    clickCell(*widget, 11);
    QCOMPARE(strip(*widget)->currentElement(), 11LL);
}

void TestTensorLayoutWidget::factoryIsRegistered() {
    mlsyslab::lesson::SimBlock block = mlsyslab::testing::simBlock("tensor-layout", "shape: [2, 2]\nops: [{transpose: [0, 1]}]");
    std::unique_ptr<QWidget> created(mlsyslab::widgets::builtinSimWidgets().create(block, nullptr));
    auto* widget = qobject_cast<TensorLayoutWidget*>(created.get());
    QVERIFY(widget != nullptr);
    QCOMPARE(QString::fromStdString(widget->workspace().layout().describe()),
             QStringLiteral("shape (2, 2), stride (1, 2), offset 0, not contiguous"));
    // A state the validator would refuse still opens, with defaults.
    block = mlsyslab::testing::simBlock("tensor-layout", "shape: [[1]]\nops: 7");
    std::unique_ptr<QWidget> fallback(
        mlsyslab::widgets::builtinSimWidgets().create(block, nullptr));
    QCOMPARE(
        QString::fromStdString(
            qobject_cast<TensorLayoutWidget*>(fallback.get())->workspace().layout().describe()),
        QStringLiteral("shape (3, 4), stride (4, 1), offset 0, contiguous"));
}

QTEST_MAIN(TestTensorLayoutWidget)
#include "tst_tensor_layout_widget.moc"
