#include <yaml-cpp/yaml.h>

#include <QComboBox>
#include <QLabel>
#include <QPushButton>
#include <QtTest>
#include <memory>

#include "common/SimWidgetRegistry.h"
#include "gpu/GpuHierarchyWidget.h"
#include "gpu/HierarchyScene.h"
#include "gpu/HierarchyView.h"
#include "gpu/lesson/GpuHierarchyKind.h"
#include "../SimViewTestSupport.h"
#include "../WidgetTestSupport.h"

using mlsyslab::lesson::kinds::HierarchyZoom;
using mlsyslab::lesson::kinds::gpuHierarchyKind;
using mlsyslab::widgets::GpuHierarchyWidget;
using mlsyslab::widgets::HierarchyBox;
using mlsyslab::widgets::HierarchyPart;
using mlsyslab::widgets::HierarchyView;

namespace {

using mlsyslab::testing::part;

std::unique_ptr<GpuHierarchyWidget> hierarchyFrom(const char* yaml) {
    const auto reading = gpuHierarchyKind().read(YAML::Load(yaml));
    if (!reading.problems.empty()) qWarning("the test state has problems: %s", yaml);
    auto widget = std::make_unique<GpuHierarchyWidget>(reading.state);
    // Tall enough for all of it, as the lesson's scroll area makes it.
    constexpr int kWidth = 1200;
    const int height =
        widget->hasHeightForWidth() ? widget->heightForWidth(kWidth) : widget->sizeHint().height();
    widget->resize(kWidth, std::max(900, height));
    widget->show();
    return widget;
}

QString text(const QWidget& widget, const char* name) { return part<QLabel>(widget, name)->text(); }
HierarchyView* view(const QWidget& widget) { return part<HierarchyView>(widget, "hierarchyView"); }

// The texts of the boxes of one part, in drawing order.
QStringList boxTexts(const HierarchyView& view, HierarchyPart which) {
    QStringList texts;
    for (const HierarchyBox& box : view.scene().boxes) {
        if (box.part == which) texts << box.text;
    }
    return texts;
}

qsizetype boxCount(const HierarchyView& view, HierarchyPart which) {
    return boxTexts(view, which).size();
}

void clickItem(const QWidget& widget, int item) {
    HierarchyView* drawing = view(widget);
    QTest::mouseClick(drawing, Qt::LeftButton, {}, drawing->itemRect(item).center());
}

void click(const QWidget& widget, const char* buttonName) {
    QTest::mouseClick(part<QPushButton>(widget, buttonName), Qt::LeftButton);
}

void wheel(QWidget* target, QPoint at, int delta) {
    QWheelEvent event(at, target->mapToGlobal(at), QPoint(), QPoint(0, delta), Qt::NoButton,
                      Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(target, &event);
}

void chooseDevice(const QWidget& widget, const char* id) {
    auto* box = part<QComboBox>(widget, "device");
    box->setCurrentIndex(box->findData(QString::fromLatin1(id)));
}

// "RTX 4090 › SM 17 › warp 6": the crumbs that are shown, in order.
QString breadcrumb(const QWidget& widget) {
    QStringList crumbs;
    for (const char* name : {"crumbGpu", "crumbSm", "crumbWarp"}) {
        auto* crumb = part<QPushButton>(widget, name);
        if (crumb->isVisible()) crumbs << crumb->text();
    }
    return crumbs.join(QStringLiteral(" › "));
}

}  // namespace

class TestGpuHierarchyWidget : public QObject {
    Q_OBJECT

private slots:
    void gpuLevelShowsTheDevicesNumbers();
    void clickingAnSmZoomsIntoIt();
    void clickingAWarpShowsItsThreads();
    void breadcrumbAndBackZoomOut();
    void wheelAndKeysZoom();
    void deviceSwitchChangesTheCounts();
    void twoClocksAWarpWithSixteenCores();
    void lessonOpensAtItsLevel();
    void arrowsAreClaimedFromTheLessonPlayer();
    void factoryIsRegistered();
};

void TestGpuHierarchyWidget::gpuLevelShowsTheDevicesNumbers() {
    auto widget = hierarchyFrom("");
    QCOMPARE(text(*widget, "caption"),
             QStringLiteral("NVIDIA GeForce RTX 4090 (Ada Lovelace, compute capability 8.9): 11 "
                            "GPCs, 128 SMs, 16,384 CUDA cores, 512 tensor cores. Click an SM to "
                            "look inside."));
    QCOMPARE(view(*widget)->zoom(), HierarchyZoom::Gpu);
    QCOMPARE(view(*widget)->itemCount(), 128);
    QCOMPARE(boxCount(*view(*widget), HierarchyPart::Gpc), 11);
    QCOMPARE(boxTexts(*view(*widget), HierarchyPart::Gpc).first(), QStringLiteral("GPC 0"));
    QCOMPARE(boxTexts(*view(*widget), HierarchyPart::L2),
             QStringList{QStringLiteral("L2 cache: 72 MB, shared by all 128 SMs")});
    QCOMPARE(boxTexts(*view(*widget), HierarchyPart::Memory),
             QStringList{QStringLiteral("Memory: 24 GB GDDR6X, 1,008 GB/s to the L2")});
    // The L2 and the memory lie below every SM.
    const auto scene = view(*widget)->scene();
    double lowestSm = 0;
    double l2Top = 0;
    for (const HierarchyBox& box : scene.boxes) {
        if (box.part == HierarchyPart::Sm) lowestSm = std::max(lowestSm, box.rect.bottom());
        if (box.part == HierarchyPart::L2) l2Top = box.rect.top();
    }
    QVERIFY(l2Top > lowestSm);
    QCOMPARE(breadcrumb(*widget), QStringLiteral("RTX 4090"));
    QVERIFY(!part<QPushButton>(*widget, "backButton")->isEnabled());
    QCOMPARE(text(*widget, "selection"),
             QStringLiteral("Selected: SM 0, in GPC 0. Enter or + looks inside."));
}

void TestGpuHierarchyWidget::clickingAnSmZoomsIntoIt() {
    auto widget = hierarchyFrom("");
    clickItem(*widget, 17);
    HierarchyView* drawing = view(*widget);
    QCOMPARE(drawing->zoom(), HierarchyZoom::Sm);
    QCOMPARE(drawing->sm(), 17);
    QCOMPARE(breadcrumb(*widget), QStringLiteral("RTX 4090 › SM 17"));
    QVERIFY(part<QPushButton>(*widget, "backButton")->isEnabled());
    QCOMPARE(text(*widget, "caption"),
             QStringLiteral("SM 17 of the RTX 4090: 4 warp schedulers, each with 32 FP32 cores, 1 "
                            "tensor core and 16,384 registers; 128 CUDA cores in all. Click a warp "
                            "to see its threads."));
    // 48 warp slots, 12 a scheduler; warp w with scheduler w mod 4.
    QCOMPARE(drawing->itemCount(), 48);
    QCOMPARE(boxCount(*drawing, HierarchyPart::Partition), 4);
    QCOMPARE(boxCount(*drawing, HierarchyPart::Core), 128);
    QCOMPARE(boxCount(*drawing, HierarchyPart::TensorCore), 4);
    QCOMPARE(boxTexts(*drawing, HierarchyPart::RegisterFile).first(),
             QStringLiteral("Register file\n16,384 × 32 bit = 64 KB"));
    QCOMPARE(boxTexts(*drawing, HierarchyPart::SharedMemory),
             QStringList{QStringLiteral(
                 "L1 data cache and shared memory: up to 100 KB of shared memory for the SM's "
                 "blocks")});
    QCOMPARE(boxTexts(*drawing, HierarchyPart::WarpSlot).mid(0, 3),
             (QStringList{"warp 0", "warp 4", "warp 8"}));
    for (const HierarchyBox& box : drawing->scene().boxes) {
        if (box.part == HierarchyPart::SmFrame) QCOMPARE(box.colour, 17);
    }
    // Each scheduler's slots lie inside its partition, left to right by scheduler.
    QVERIFY(drawing->itemRect(1).left() > drawing->itemRect(0).right());
    QCOMPARE(text(*widget, "selection"),
             QStringLiteral("Selected: warp slot 0, on warp scheduler 0. Enter or + shows its "
                            "threads; − goes back to the GPU."));
}

void TestGpuHierarchyWidget::clickingAWarpShowsItsThreads() {
    auto widget = hierarchyFrom("zoom: sm\nsm: 17");
    clickItem(*widget, 6);
    HierarchyView* drawing = view(*widget);
    QCOMPARE(drawing->zoom(), HierarchyZoom::Warp);
    QCOMPARE(drawing->warp(), 6);
    QCOMPARE(breadcrumb(*widget), QStringLiteral("RTX 4090 › SM 17 › warp 6"));
    QCOMPARE(drawing->itemCount(), 32);
    QStringList lanes;
    for (int lane = 0; lane < 32; ++lane) lanes << QString::number(lane);
    QCOMPARE(boxTexts(*drawing, HierarchyPart::Lane), lanes);
    QCOMPARE(boxTexts(*drawing, HierarchyPart::Core), lanes);  // lane i on core i
    QCOMPARE(boxCount(*drawing, HierarchyPart::Link), 32);
    // Each lane stands above its core.
    clickItem(*widget, 5);
    QCOMPARE(drawing->selected(), 5);
    QCOMPARE(drawing->zoom(), HierarchyZoom::Warp);  // the threads are the bottom
    QCOMPARE(text(*widget, "selection"),
             QStringLiteral("Selected: lane 5 runs on FP32 core 5 of warp scheduler 2. − goes "
                            "back to the SM."));
    QVERIFY(
        text(*widget, "caption").startsWith(QStringLiteral("Warp 6 of SM 17: its 32 threads.")));
    QVERIFY(!part<QPushButton>(*widget, "zoomInButton")->isEnabled());
}

void TestGpuHierarchyWidget::breadcrumbAndBackZoomOut() {
    auto widget = hierarchyFrom("");
    clickItem(*widget, 17);
    clickItem(*widget, 6);
    click(*widget, "crumbSm");
    QCOMPARE(view(*widget)->zoom(), HierarchyZoom::Sm);
    QCOMPARE(view(*widget)->selected(), 6);  // the warp it came from
    QCOMPARE(breadcrumb(*widget), QStringLiteral("RTX 4090 › SM 17"));
    click(*widget, "backButton");
    QCOMPARE(view(*widget)->zoom(), HierarchyZoom::Gpu);
    QCOMPARE(view(*widget)->selected(), 17);  // the SM it came from
    QCOMPARE(breadcrumb(*widget), QStringLiteral("RTX 4090"));
    click(*widget, "backButton");  // disabled at the top: nothing happens
    QCOMPARE(view(*widget)->zoom(), HierarchyZoom::Gpu);
    // From the warp straight back to the GPU.
    click(*widget, "zoomInButton");
    clickItem(*widget, 3);
    QCOMPARE(breadcrumb(*widget), QStringLiteral("RTX 4090 › SM 17 › warp 3"));
    click(*widget, "crumbGpu");
    QCOMPARE(view(*widget)->zoom(), HierarchyZoom::Gpu);
    QCOMPARE(breadcrumb(*widget), QStringLiteral("RTX 4090"));
    click(*widget, "zoomInButton");
    click(*widget, "zoomOutButton");
    QCOMPARE(view(*widget)->zoom(), HierarchyZoom::Gpu);
}

void TestGpuHierarchyWidget::wheelAndKeysZoom() {
    auto widget = hierarchyFrom("");
    HierarchyView* drawing = view(*widget);
    wheel(drawing, drawing->itemRect(3).center(), 120);
    QCOMPARE(drawing->zoom(), HierarchyZoom::Sm);
    QCOMPARE(drawing->sm(), 3);
    drawing->setFocus();
    QTest::keyClick(drawing, Qt::Key_Right);
    QTest::keyClick(drawing, Qt::Key_Right);
    QCOMPARE(drawing->selected(), 2);
    QTest::keyClick(drawing, Qt::Key_Plus);
    QCOMPARE(drawing->zoom(), HierarchyZoom::Warp);
    QCOMPARE(drawing->warp(), 2);
    QTest::keyClick(drawing, Qt::Key_Minus);
    QCOMPARE(drawing->zoom(), HierarchyZoom::Sm);
    wheel(drawing, drawing->itemRect(0).center(), -120);
    QCOMPARE(drawing->zoom(), HierarchyZoom::Gpu);
    QCOMPARE(drawing->selected(), 3);
    // Down goes to the SM below in the same GPC: GPC 0 holds SMs 0 to 11 in two rows of 6.
    QTest::keyClick(drawing, Qt::Key_Home);  // not a zoom key: nothing happens
    QTest::keyClick(drawing, Qt::Key_Down);
    QCOMPARE(drawing->selected(), 9);
    QTest::keyClick(drawing, Qt::Key_Up);
    QCOMPARE(drawing->selected(), 3);
    QTest::keyClick(drawing, Qt::Key_Left);
    QCOMPARE(drawing->selected(), 2);
    QTest::keyClick(drawing, Qt::Key_Return);
    QCOMPARE(drawing->zoom(), HierarchyZoom::Sm);
    QCOMPARE(drawing->sm(), 2);
    QTest::keyClick(drawing, Qt::Key_Escape);
    QCOMPARE(drawing->zoom(), HierarchyZoom::Gpu);
}

void TestGpuHierarchyWidget::deviceSwitchChangesTheCounts() {
    auto widget = hierarchyFrom("");
    chooseDevice(*widget, "h100");
    QCOMPARE(text(*widget, "caption"),
             QStringLiteral("NVIDIA H100 SXM5 80GB (Hopper, compute capability 9.0): 8 GPCs, 132 "
                            "SMs, 16,896 CUDA cores, 528 tensor cores. Click an SM to look "
                            "inside."));
    QCOMPARE(view(*widget)->itemCount(), 132);
    QCOMPARE(boxCount(*view(*widget), HierarchyPart::Gpc), 8);
    QCOMPARE(boxTexts(*view(*widget), HierarchyPart::Memory),
             QStringList{QStringLiteral("Memory: 80 GB HBM3, 3.35 TB/s to the L2")});
    clickItem(*widget, 131);
    QCOMPARE(view(*widget)->itemCount(), 64);  // 64 warps an H100 SM
    QCOMPARE(breadcrumb(*widget), QStringLiteral("H100 SXM5 80GB › SM 131"));
    // Back to a device with fewer SMs: the SM shown becomes its last one.
    chooseDevice(*widget, "rtx4090");
    QCOMPARE(view(*widget)->zoom(), HierarchyZoom::Sm);
    QCOMPARE(view(*widget)->sm(), 127);
    QCOMPARE(view(*widget)->itemCount(), 48);
    QCOMPARE(breadcrumb(*widget), QStringLiteral("RTX 4090 › SM 127"));
}

void TestGpuHierarchyWidget::twoClocksAWarpWithSixteenCores() {
    // A V100 partition has 16 FP32 cores: lanes 16 to 31 reuse cores 0 to 15 a clock later.
    auto widget = hierarchyFrom("device: v100\nzoom: warp\nwarp: 1");
    HierarchyView* drawing = view(*widget);
    QStringList cores;
    for (int lane = 0; lane < 32; ++lane) cores << QString::number(lane % 16);
    QCOMPARE(boxTexts(*drawing, HierarchyPart::Core), cores);
    clickItem(*widget, 20);
    QCOMPARE(text(*widget, "selection"),
             QStringLiteral("Selected: lane 20 runs on FP32 core 4 of warp scheduler 1, in clock 2 "
                            "of 2. − goes back to the SM."));
    QVERIFY(boxTexts(*drawing, HierarchyPart::Caption)
                .join(QLatin1Char(' '))
                .contains(QStringLiteral("Only 16 cores for 32 lanes: a warp instruction takes 2 "
                                         "clocks, 16 lanes at a time.")));
}

void TestGpuHierarchyWidget::lessonOpensAtItsLevel() {
    auto widget = hierarchyFrom("device: h100\nzoom: warp\nsm: 5\nwarp: 47");
    QCOMPARE(view(*widget)->zoom(), HierarchyZoom::Warp);
    QCOMPARE(breadcrumb(*widget), QStringLiteral("H100 SXM5 80GB › SM 5 › warp 47"));
    QCOMPARE(text(*widget, "selection"),
             QStringLiteral("Selected: lane 0 runs on FP32 core 0 of warp scheduler 3. − goes "
                            "back to the SM."));
    QTest::keyClick(view(*widget), Qt::Key_Minus);
    QCOMPARE(view(*widget)->selected(), 47);
    auto atSm = hierarchyFrom("zoom: sm\nsm: 100");
    QCOMPARE(breadcrumb(*atSm), QStringLiteral("RTX 4090 › SM 100"));
    QTest::keyClick(view(*atSm), Qt::Key_Backspace);
    QCOMPARE(view(*atSm)->selected(), 100);
}

void TestGpuHierarchyWidget::arrowsAreClaimedFromTheLessonPlayer() {
    auto widget = hierarchyFrom("");
    for (const int key :
         {int(Qt::Key_Left), int(Qt::Key_Right), int(Qt::Key_Plus), int(Qt::Key_Minus)}) {
        QKeyEvent override(QEvent::ShortcutOverride, key, Qt::NoModifier);
        override.ignore();
        QApplication::sendEvent(view(*widget), &override);
        QVERIFY(override.isAccepted());
    }
}

void TestGpuHierarchyWidget::factoryIsRegistered() {
    mlsyslab::lesson::SimBlock block = mlsyslab::testing::simBlock("gpu-hierarchy", "device: t4\nzoom: sm\nsm: 39");
    std::unique_ptr<QWidget> created(mlsyslab::widgets::builtinSimWidgets().create(block, nullptr));
    auto* widget = qobject_cast<GpuHierarchyWidget*>(created.get());
    QVERIFY(widget != nullptr);
    QCOMPARE(widget->view()->sm(), 39);
    QCOMPARE(widget->view()->itemCount(), 32);  // a T4 SM holds 32 warps
    // A state the validator would refuse still opens, with defaults.
    block = mlsyslab::testing::simBlock("gpu-hierarchy", "zoom: [1]\nsm: 500");
    std::unique_ptr<QWidget> fallback(
        mlsyslab::widgets::builtinSimWidgets().create(block, nullptr));
    QCOMPARE(qobject_cast<GpuHierarchyWidget*>(fallback.get())->view()->zoom(), HierarchyZoom::Gpu);
}

QTEST_MAIN(TestGpuHierarchyWidget)
#include "tst_gpu_hierarchy_widget.moc"
