#include <yaml-cpp/yaml.h>

#include <QComboBox>
#include <QLabel>
#include <QSpinBox>
#include <QtTest>
#include <memory>

#include "common/SimWidgetRegistry.h"
#include "gpu/DeviceYaml.h"
#include "gpu/OccupancyControls.h"
#include "gpu/OccupancyCurvePlot.h"
#include "gpu/OccupancyWidget.h"
#include "gpu/lesson/OccupancyKind.h"
#include "../SimViewTestSupport.h"
#include "../WidgetTestSupport.h"

using mlsyslab::gpu::computeOccupancy;
using mlsyslab::gpu::findBuiltinDevice;
using mlsyslab::gpu::KernelResources;
using mlsyslab::lesson::kinds::occupancyKind;
using mlsyslab::widgets::OccupancyControls;
using mlsyslab::widgets::OccupancyCurvePlot;
using mlsyslab::widgets::OccupancyWidget;

namespace {

using mlsyslab::testing::part;
using mlsyslab::testing::choose;
using mlsyslab::testing::type;

// The widget for a lesson's ```sim occupancy state, shown, as the lesson player shows it.
std::unique_ptr<OccupancyWidget> occupancyFrom(const char* yaml) {
    const auto reading = occupancyKind().read(YAML::Load(yaml));
    if (!reading.problems.empty()) qWarning("the test state has problems: %s", yaml);
    auto widget = std::make_unique<OccupancyWidget>(reading.state);
    widget->resize(1200, 900);
    widget->show();
    return widget;
}

QString text(const QWidget& widget, const QString& name) {
    return part<QLabel>(widget, name)->text();
}

// "8 4 13 32": the blocks each resource allows, as the table shows them, in the table's order.
QString allowed(const QWidget& widget) {
    QStringList values;
    for (const char* row : {"warps", "registers", "sharedMemory", "blocks"}) {
        values << text(widget, QString(row) + "_allowed");
    }
    return values.join(' ');
}

// The rows drawn as limiting, by the property their labels carry.
QString limiterRows(const QWidget& widget) {
    QStringList rows;
    for (const char* row : {"warps", "registers", "sharedMemory", "blocks"}) {
        bool everyCell = true;
        for (const char* cell : {"_name", "_perSm", "_perBlock", "_allowed"}) {
            everyCell = everyCell &&
                        part<QLabel>(widget, QString(row) + cell)->property("limiter").toBool();
        }
        if (everyCell) rows << row;
    }
    return rows.join(' ');
}

}  // namespace

class TestOccupancyWidget : public QObject {
    Q_OBJECT

private slots:
    // H100, 256 threads, 64 registers, 16 KiB: registers allow 65,536 / 2,048 per warp = 32
    // warps = 4 blocks of 8 warps; 32 of 64 warps, 50%.
    void showsTheCalculatorsNumbers() {
        const auto widget =
            occupancyFrom("device: h100\nblock_size: 256\nregisters: 64\nshared_memory: 16KiB");
        QCOMPARE(allowed(*widget), QString("8 4 13 32"));
        QCOMPARE(limiterRows(*widget), QString("registers"));
        QCOMPARE(text(*widget, "occupancyValue"), QString("50%"));
        QCOMPARE(text(*widget, "activeBlocks"), QString("4 active blocks per SM"));
        QCOMPARE(text(*widget, "activeWarps"), QString("32 of 64 warps per SM"));
        QCOMPARE(text(*widget, "warps_perBlock"), QString("8 warps (256 threads)"));
        QCOMPARE(text(*widget, "registers_perBlock"), QString("16,384 (2,048 per warp)"));
        QCOMPARE(text(*widget, "sharedMemory_perBlock"),
                 QString("17 KB (16 KB + 1 KB the driver keeps)"));
        QCOMPARE(text(*widget, "limiterNote"),
                 QString("Limited by registers: the smallest of the four limits, 4 blocks, is "
                         "what fits."));
        QVERIFY(part<QLabel>(*widget, "impossibleNote")->isHidden());
        QCOMPARE(part<QComboBox>(*widget, "deviceChooser")->currentData().toString(),
                 QString("h100"));
    }

    // Every number the widget shows is computeOccupancy's, whatever the controls say.
    void controlsDriveTheCalculation() {
        const auto widget = occupancyFrom("");
        type(part<QSpinBox>(*widget, "blockSizeBox"), 128);
        type(part<QSpinBox>(*widget, "registersBox"), 40);
        type(part<QSpinBox>(*widget, "sharedMemoryBox"), 20000);
        QVERIFY(choose(part<QComboBox>(*widget, "deviceChooser"), "A100 SXM4 80GB"));
        QCOMPARE(widget->device().id, std::string("a100"));
        KernelResources kernel;
        kernel.threadsPerBlock = 128;
        kernel.registersPerThread = 40;
        kernel.dynamicSharedBytesPerBlock = 20000;
        const auto expected = computeOccupancy(*findBuiltinDevice("a100"), kernel);
        QCOMPARE(widget->result().activeBlocksPerSm, expected.activeBlocksPerSm);
        QCOMPARE(text(*widget, "occupancyValue"),
                 QString::number(expected.occupancyPct, 'f',
                                 expected.occupancyPct == int(expected.occupancyPct) ? 0 : 1) +
                     "%");
        QCOMPARE(allowed(*widget), QStringLiteral("%1 %2 %3 %4")
                                       .arg(expected.blocksLimitedByWarps)
                                       .arg(expected.blocksLimitedByRegisters)
                                       .arg(expected.blocksLimitedBySharedMemory)
                                       .arg(expected.blocksLimitedByBlocks));
    }

    // RTX 4090, 32 registers: 256 threads give 6 blocks of 8 warps, 48 of 48 (warps limit);
    // 1024 threads give 1 block of 32 warps, 32 of 48: 66.7%.
    void blockSizeChangesTheLimiter() {
        const auto widget = occupancyFrom("device: rtx4090\nregisters: 32");
        QCOMPARE(text(*widget, "occupancyValue"), QString("100%"));
        QCOMPARE(limiterRows(*widget), QString("warps"));
        type(part<QSpinBox>(*widget, "blockSizeBox"), 1024);
        QCOMPARE(text(*widget, "occupancyValue"), QString("66.7%"));
        QCOMPARE(text(*widget, "activeWarps"), QString("32 of 48 warps per SM"));
        QCOMPARE(text(*widget, "activeBlocks"), QString("1 active block per SM"));
        // 32 threads: 24 blocks of one warp fill 24 of 48 warps; the blocks limit binds.
        type(part<QSpinBox>(*widget, "blockSizeBox"), 32);
        QCOMPARE(text(*widget, "occupancyValue"), QString("50%"));
        QCOMPARE(limiterRows(*widget), QString("blocks"));
    }

    // A launch that cannot run is explained, its row highlighted, occupancy 0.
    void impossibleLaunchesAreExplained_data() {
        QTest::addColumn<QString>("yaml");
        QTest::addColumn<QString>("row");
        QTest::addColumn<QString>("reason");
        QTest::newRow("too many threads")
            << "block_size: 1025"
            << "warps"
            << "This launch cannot run: 1025 threads per block: the most is 1024.";
        QTest::newRow("too many registers")
            << "registers: 256"
            << "registers"
            << "This launch cannot run: 256 registers per thread: the most is 255.";
        QTest::newRow("too much shared memory")
            << "shared_memory: 100KiB"
            << "sharedMemory"
            << "This launch cannot run: 102400 bytes of shared memory per block: the most is "
               "101376 (the opt-in limit).";
    }
    void impossibleLaunchesAreExplained() {
        QFETCH(QString, yaml);
        QFETCH(QString, row);
        QFETCH(QString, reason);
        const auto widget = occupancyFrom(yaml.toUtf8().constData());
        auto* note = part<QLabel>(*widget, "impossibleNote");
        QVERIFY(note->isVisible());
        QCOMPARE(note->text(), reason);
        QCOMPARE(text(*widget, "occupancyValue"), QString("0%"));
        QCOMPARE(limiterRows(*widget), row);
        QCOMPARE(text(*widget, row + "_allowed"), QString("0"));
        // Back to a possible launch: the note goes.
        type(part<QSpinBox>(*widget, "blockSizeBox"), 256);
        type(part<QSpinBox>(*widget, "registersBox"), 32);
        type(part<QSpinBox>(*widget, "sharedMemoryBox"), 0);
        QVERIFY(note->isHidden());
    }

    // The three curves: every point is computeOccupancy with one resource varied, and the
    // marked point is the kernel as set.
    void curvesComeFromTheCalculator() {
        const auto widget =
            occupancyFrom("device: a100\nblock_size: 256\nregisters: 48\nshared_memory: 8KiB");
        const auto device = *findBuiltinDevice("a100");
        KernelResources kernel;
        kernel.threadsPerBlock = 256;
        kernel.registersPerThread = 48;
        kernel.dynamicSharedBytesPerBlock = 8192;
        const double current = computeOccupancy(device, kernel).occupancyPct;

        auto* byBlock = part<OccupancyCurvePlot>(*widget, "blockSizePlot");
        QCOMPARE(byBlock->curve().x.size(), std::size_t{32});  // 32, 64, ..., 1024
        QCOMPARE(byBlock->curve().x.front(), 32.0);
        QCOMPARE(byBlock->curve().x.back(), 1024.0);
        for (std::size_t index = 0; index < byBlock->curve().x.size(); ++index) {
            KernelResources varied = kernel;
            varied.threadsPerBlock = int(byBlock->curve().x[index]);
            QCOMPARE(byBlock->curve().occupancyPct[index],
                     computeOccupancy(device, varied).occupancyPct);
        }
        QCOMPARE(byBlock->currentPoint(), QPointF(256, current));

        auto* byRegisters = part<OccupancyCurvePlot>(*widget, "registersPlot");
        QCOMPARE(byRegisters->curve().x.size(), std::size_t{256});  // 0 to 255
        for (std::size_t index = 0; index < byRegisters->curve().x.size(); ++index) {
            KernelResources varied = kernel;
            varied.registersPerThread = int(index);
            QCOMPARE(byRegisters->curve().occupancyPct[index],
                     computeOccupancy(device, varied).occupancyPct);
        }
        QCOMPARE(byRegisters->currentPoint(), QPointF(48, current));

        auto* byShared = part<OccupancyCurvePlot>(*widget, "sharedMemoryPlot");
        QCOMPARE(byShared->curve().x.front(), 0.0);
        QCOMPARE(byShared->curve().x.back() * 1024, double(device.sharedMemoryPerBlockOptinBytes));
        for (std::size_t index = 0; index < byShared->curve().x.size(); ++index) {
            KernelResources varied = kernel;
            varied.dynamicSharedBytesPerBlock = std::int64_t(byShared->curve().x[index] * 1024);
            QCOMPARE(byShared->curve().occupancyPct[index],
                     computeOccupancy(device, varied).occupancyPct);
        }
        QCOMPARE(byShared->currentPoint(), QPointF(8, current));

        // The curves follow the other two resources: more registers lower the block-size curve.
        type(part<QSpinBox>(*widget, "registersBox"), 128);
        kernel.registersPerThread = 128;
        KernelResources at256 = kernel;
        QCOMPARE(byBlock->curve().occupancyPct[7], computeOccupancy(device, at256).occupancyPct);
        QCOMPARE(byBlock->currentPoint().y(), computeOccupancy(device, kernel).occupancyPct);
    }

    // A click on a curve moves the kernel there, snapped to a whole warp.
    void clickingACurveMovesTheKernel() {
        const auto widget = occupancyFrom("device: h100");
        auto* byBlock = part<OccupancyCurvePlot>(*widget, "blockSizePlot");
        const QPoint at(int(byBlock->xAxis->coordToPixel(500)),
                        int(byBlock->yAxis->coordToPixel(50)));
        QTest::mouseClick(byBlock, Qt::LeftButton, {}, at);
        QCOMPARE(part<QSpinBox>(*widget, "blockSizeBox")->value(), 512);
        QCOMPARE(widget->kernel().threadsPerBlock, 512);
    }

    void notEditableDisablesTheControls() {
        const auto widget = occupancyFrom("editable: false");
        QVERIFY(!part<OccupancyControls>(*widget, "controls")->isEnabled());
    }

    void registeredForLessons() {
        const auto registry = mlsyslab::widgets::builtinSimWidgets();
        QVERIFY(registry.contains("occupancy"));
        mlsyslab::lesson::SimBlock block = mlsyslab::testing::simBlock("occupancy", "device: t4\nblock_size: 64\n");
        std::unique_ptr<QWidget> widget(registry.create(block, nullptr));
        auto* occupancy = qobject_cast<OccupancyWidget*>(widget.get());
        QVERIFY(occupancy != nullptr);
        QCOMPARE(occupancy->device().id, std::string("t4"));
        QCOMPARE(occupancy->kernel().threadsPerBlock, 64);
    }
};

QTEST_MAIN(TestOccupancyWidget)
#include "tst_occupancy_widget.moc"
