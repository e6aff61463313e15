#include <yaml-cpp/yaml.h>

#include <QComboBox>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QtTest>
#include <memory>

#include "common/SimWidgetRegistry.h"
#include "gpu/CoalescingControls.h"
#include "gpu/CoalescingView.h"
#include "gpu/CoalescingWidget.h"
#include "gpu/lesson/CoalescingKind.h"
#include "../SimViewTestSupport.h"
#include "../WidgetTestSupport.h"

using mlsyslab::gpu::CoalescingPatternKind;
using mlsyslab::lesson::kinds::coalescingKind;
using mlsyslab::widgets::CoalescingControls;
using mlsyslab::widgets::CoalescingView;
using mlsyslab::widgets::CoalescingWidget;

namespace {

using mlsyslab::testing::part;
using mlsyslab::testing::choose;
using mlsyslab::testing::type;

// The widget for a lesson's ```sim coalescing state, shown, as the lesson player shows it.
std::unique_ptr<CoalescingWidget> coalescingFrom(const char* yaml) {
    const auto reading = coalescingKind().read(YAML::Load(yaml));
    if (!reading.problems.empty()) qWarning("the test state has problems: %s", yaml);
    auto widget = std::make_unique<CoalescingWidget>(reading.state);
    widget->resize(1200, 800);
    widget->show();
    return widget;
}

QString text(const QWidget& widget, const char* name) { return part<QLabel>(widget, name)->text(); }

// "sectors lines moved requested efficiency", as the readouts show them.
QString readouts(const QWidget& widget) {
    QStringList values;
    for (const char* name :
         {"sectorsValue", "linesValue", "movedValue", "requestedValue", "efficiencyValue"}) {
        values << text(widget, name);
    }
    return values.join(QLatin1Char(' '));
}

}  // namespace

class TestCoalescingWidget : public QObject {
    Q_OBJECT

private slots:
    void opensOnTheLessonsPattern() {
        const auto widget = coalescingFrom("");
        QCOMPARE(readouts(*widget), QString("4 1 128 128 100%"));
        QCOMPARE(text(*widget, "formula"), QString("lane i reads element i, 4 bytes (float)"));
        QCOMPARE(part<QComboBox>(*widget, "patternChooser")->currentText(), QString("sequential"));
        QVERIFY(part<QLabel>(*widget, "problem")->isHidden());
        QVERIFY(text(*widget, "explanation").startsWith("Neighbouring lanes read neighbouring"));
        QVERIFY(text(*widget, "explanation")
                    .endsWith("4 sectors of 32 bytes move (128 bytes) for the 128 bytes the "
                              "lanes asked for."));
    }

    // The CUDA C++ Best Practices Guide's cases, chosen from the pattern chooser.
    void presetsFromTheChooser_data() {
        QTest::addColumn<QString>("pattern");
        QTest::addColumn<QString>("readouts");
        QTest::addColumn<QString>("formula");
        QTest::newRow("misaligned") << "misaligned by one element"
                                    << "5 2 160 128 80%"
                                    << "lane i reads element 1 + i, 4 bytes (float)";
        QTest::newRow("stride 2") << "stride 2"
                                  << "8 2 256 128 50%"
                                  << "lane i reads element 2\u00B7i, 4 bytes (float)";
        QTest::newRow("column") << "column of a row-major tile"
                                << "32 32 1024 128 12.5%"
                                << "lane i reads element 32\u00B7i, 4 bytes (float)";
        QTest::newRow("reversed") << "reversed"
                                  << "4 1 128 128 100%"
                                  << "lane i reads element 31 \u2212 i, 4 bytes (float)";
        QTest::newRow("broadcast") << "broadcast (every lane the same element)"
                                   << "1 1 32 128 400%"
                                   << "every lane reads element 0, 4 bytes (float)";
        QTest::newRow("permutation")
            << "random permutation within the lines"
            << "4 1 128 128 100%"
            << "lane i reads element p(i), p a shuffle of 0\u201331, 4 bytes (float)";
    }
    void presetsFromTheChooser() {
        QFETCH(QString, pattern);
        QFETCH(QString, readouts);
        QFETCH(QString, formula);
        const auto widget = coalescingFrom("");
        QVERIFY(choose(part<QComboBox>(*widget, "patternChooser"), pattern));
        QCOMPARE(::readouts(*widget), readouts);
        QCOMPARE(text(*widget, "formula"), formula);
        QVERIFY(part<QLabel>(*widget, "problem")->isHidden());
    }

    // A preset shows its stride and offset; editing either makes the pattern custom.
    void editingTheStrideMakesItCustom() {
        const auto widget = coalescingFrom("");
        auto* chooser = part<QComboBox>(*widget, "patternChooser");
        auto* stride = part<QSpinBox>(*widget, "strideBox");
        auto* offset = part<QSpinBox>(*widget, "offsetBox");
        QVERIFY(choose(chooser, "misaligned by one element"));
        QCOMPARE(stride->value(), 1);
        QCOMPARE(offset->value(), 1);
        type(stride, 2);
        QCOMPARE(chooser->currentText(), QString("custom stride and offset"));
        QCOMPARE(widget->pattern().kind, CoalescingPatternKind::Custom);
        // Lane i reads element 1 + 2i: bytes 4..255 in 8 sectors.
        QCOMPARE(readouts(*widget), QString("8 2 256 128 50%"));
        QCOMPARE(text(*widget, "formula"),
                 QString("lane i reads element 1 + 2\u00B7i, 4 bytes (float)"));
        QTest::keyClick(offset, Qt::Key_Down);  // offset 0
        QCOMPARE(readouts(*widget), QString("8 2 256 128 50%"));
        QCOMPARE(text(*widget, "formula"),
                 QString("lane i reads element 2\u00B7i, 4 bytes (float)"));
    }

    void elementSizeChangesTheBytes_data() {
        QTest::addColumn<QString>("size");
        QTest::addColumn<QString>("readouts");
        QTest::newRow("char") << "1 byte (char)"
                              << "1 1 32 32 100%";
        QTest::newRow("half") << "2 bytes (half)"
                              << "2 1 64 64 100%";
        QTest::newRow("double") << "8 bytes (double)"
                                << "8 2 256 256 100%";
        QTest::newRow("float4") << "16 bytes (float4)"
                                << "16 4 512 512 100%";
    }
    void elementSizeChangesTheBytes() {
        QFETCH(QString, size);
        QFETCH(QString, readouts);
        const auto widget = coalescingFrom("");
        QVERIFY(choose(part<QComboBox>(*widget, "elementSizeChooser"), size));
        QCOMPARE(::readouts(*widget), readouts);
    }

    // The column preset's row length: rows of 8 floats (32 bytes) still give every lane its own
    // sector; rows of 4 (16 bytes) put two lanes in each.
    void rowLengthOfTheColumn() {
        const auto widget = coalescingFrom("");
        auto* rowLength = part<QSpinBox>(*widget, "rowLengthBox");
        QVERIFY(rowLength->isHidden());
        QVERIFY(choose(part<QComboBox>(*widget, "patternChooser"), "column of a row-major tile"));
        QVERIFY(rowLength->isVisible());
        QCOMPARE(part<QSpinBox>(*widget, "strideBox")->value(), 32);
        type(rowLength, 8);
        QCOMPARE(readouts(*widget), QString("32 8 1024 128 12.5%"));
        QCOMPARE(part<QSpinBox>(*widget, "strideBox")->value(), 8);
        type(rowLength, 4);
        QCOMPARE(readouts(*widget), QString("16 4 512 128 25%"));
        QCOMPARE(widget->pattern().kind, CoalescingPatternKind::Column);
    }

    // A negative stride from offset 0 reads before the array: said, with the fix; a larger
    // offset makes it run.
    void aPatternBeforeTheArrayIsExplained() {
        const auto widget = coalescingFrom("");
        type(part<QSpinBox>(*widget, "strideBox"), -1);
        auto* problem = part<QLabel>(*widget, "problem");
        QVERIFY(problem->isVisible());
        QCOMPARE(problem->text(),
                 QString("Lane 1 would read element -1 (0 + 1 x -1), before the start of the "
                         "array. With stride -1 and 32 lanes the offset must be at least 31."));
        QCOMPARE(readouts(*widget), QString("\u2014 \u2014 \u2014 \u2014 \u2014"));
        QVERIFY(!widget->result().has_value());
        QVERIFY(!part<CoalescingView>(*widget, "view")->result().has_value());
        type(part<QSpinBox>(*widget, "offsetBox"), 31);
        QVERIFY(problem->isHidden());
        QCOMPARE(readouts(*widget), QString("4 1 128 128 100%"));
    }

    // The last warp of a block of 48 threads has 16 lanes.
    void fewerActiveLanes() {
        const auto widget = coalescingFrom("");
        type(part<QSpinBox>(*widget, "lanesBox"), 16);
        QCOMPARE(readouts(*widget), QString("2 1 64 64 100%"));
        QCOMPARE(widget->result()->lanes.size(), std::size_t{16});
        // Reversed follows the lanes: lane 0 reads element 15.
        QVERIFY(choose(part<QComboBox>(*widget, "patternChooser"), "reversed"));
        QCOMPARE(part<QSpinBox>(*widget, "offsetBox")->value(), 15);
        QCOMPARE(readouts(*widget), QString("2 1 64 64 100%"));
    }

    // A new shuffle is another order of the same elements: the same four sectors.
    void shufflingKeepsTheCount() {
        const auto widget = coalescingFrom("pattern: permutation");
        auto* button = part<QPushButton>(*widget, "shuffleButton");
        QVERIFY(button->isVisible());
        QVERIFY(!part<QSpinBox>(*widget, "strideBox")->isEnabled());
        const auto before = widget->result()->lanes;
        QTest::mouseClick(button, Qt::LeftButton);
        QCOMPARE(widget->pattern().seed, std::uint64_t{2});
        QCOMPARE(readouts(*widget), QString("4 1 128 128 100%"));
        bool moved = false;
        for (std::size_t lane = 0; lane < before.size(); ++lane) {
            moved = moved || before[lane].byteAddress != widget->result()->lanes[lane].byteAddress;
        }
        QVERIFY(moved);
    }

    // The lesson's own addresses: its own chooser item; one lane misaligned, said in words.
    void lessonAddresses() {
        const auto widget = coalescingFrom("addresses: [0, 4, 30, 200]");
        auto* chooser = part<QComboBox>(*widget, "patternChooser");
        QCOMPARE(chooser->currentText(), QString("addresses from the lesson"));
        QVERIFY(!part<QSpinBox>(*widget, "lanesBox")->isEnabled());
        QCOMPARE(readouts(*widget), QString("3 2 96 16 16.7%"));
        QVERIFY(text(*widget, "explanation")
                    .contains("1 lane reads at an address that is not a multiple of 4 bytes"));
        // Away and back: the addresses are still there.
        QVERIFY(choose(chooser, "sequential"));
        QCOMPARE(readouts(*widget), QString("4 1 128 128 100%"));
        QVERIFY(choose(chooser, "addresses from the lesson"));
        QCOMPARE(readouts(*widget), QString("3 2 96 16 16.7%"));
        // Without addresses in the lesson there is no such item.
        const auto plain = coalescingFrom("");
        QCOMPARE(part<QComboBox>(*plain, "patternChooser")->findText("addresses from the lesson"),
                 -1);
    }

    void notEditableDisablesTheControls() {
        const auto widget = coalescingFrom("pattern: stride-2\neditable: false");
        QVERIFY(!part<CoalescingControls>(*widget, "controls")->isEnabled());
        QCOMPARE(readouts(*widget), QString("8 2 256 128 50%"));
    }

    // Each arrow ends on the bytes its lane reads: sequential lanes 8 to a sector, left to
    // right; a column's lane i in sector 4i.
    void arrowsEndInTheirSectors() {
        const auto widget = coalescingFrom("");
        auto* view = part<CoalescingView>(*widget, "view");
        double previous = -1;
        for (int lane = 0; lane < 32; ++lane) {
            const QPointF tip = view->arrowTip(lane);
            QVERIFY(tip.x() > previous);
            previous = tip.x();
            const QRectF sector = view->sectorRect(lane / 8);
            QVERIFY2(sector.left() < tip.x() && tip.x() < sector.right(),
                     qPrintable(QString("lane %1").arg(lane)));
            QVERIFY(qAbs(tip.y() - sector.top()) < 0.5);
            QVERIFY(view->laneRect(lane).bottom() < tip.y());
        }
        QVERIFY(choose(part<QComboBox>(*widget, "patternChooser"), "column of a row-major tile"));
        for (int lane = 0; lane < 32; ++lane) {
            const QRectF sector = view->sectorRect(4 * lane);
            QVERIFY(!sector.isEmpty());
            QVERIFY(sector.left() < view->arrowTip(lane).x());
            QVERIFY(view->arrowTip(lane).x() < sector.right());
        }
        // Sectors the load does not move, in lines it does not touch, are not drawn.
        QVERIFY(view->sectorRect(4 * 32).isEmpty());
    }

    void registeredForLessons() {
        const auto registry = mlsyslab::widgets::builtinSimWidgets();
        QVERIFY(registry.contains("coalescing"));
        mlsyslab::lesson::SimBlock block = mlsyslab::testing::simBlock("coalescing", "pattern: broadcast\n");
        std::unique_ptr<QWidget> widget(registry.create(block, nullptr));
        auto* coalescing = qobject_cast<CoalescingWidget*>(widget.get());
        QVERIFY(coalescing != nullptr);
        QCOMPARE(coalescing->result()->sectors.size(), std::size_t{1});
    }
};

QTEST_MAIN(TestCoalescingWidget)
#include "tst_coalescing_widget.moc"
