#include <yaml-cpp/yaml.h>

#include <QtTest>

#include "LessonTestSupport.h"
#include "lesson/LessonParser.h"
#include "lesson/KindSpec.h"
#include "gpu/lesson/GpuHierarchyKind.h"

using mlsyslab::lesson::formatDiagnostic;
using mlsyslab::lesson::parseLesson;
using mlsyslab::lesson::builtinSimKinds;
using mlsyslab::lesson::kinds::gpuHierarchyKind;
using mlsyslab::lesson::kinds::GpuHierarchyState;
using mlsyslab::lesson::kinds::gpuHierarchyKind;
using mlsyslab::lesson::kinds::zoomName;

namespace {

using mlsyslab::testing::describe;

// "rtx4090 gpu sm 0 warp 0": the whole state in one comparable line.
QString describe(const GpuHierarchyState& state) {
    return QStringLiteral("%1 %2 sm %3 warp %4")
        .arg(QString::fromStdString(state.device), zoomName(state.zoom))
        .arg(state.sm)
        .arg(state.warp);
}

const QString kDefaults = QStringLiteral("rtx4090 gpu sm 0 warp 0");

}  // namespace

class TestGpuHierarchyKind : public QObject {
    Q_OBJECT

private slots:
    void emptyStateShowsTheWholeRtx4090() {
        for (const char* yaml : {"", "# nothing\n", "~"}) {
            const auto reading = gpuHierarchyKind().read(YAML::Load(yaml));
            QCOMPARE(describe(reading.problems), QStringList());
            QCOMPARE(describe(reading.state), kDefaults);
        }
    }

    void validStates_data() {
        QTest::addColumn<QString>("yaml");
        QTest::addColumn<QString>("state");
        QTest::newRow("an H100's last SM") << "device: h100\nzoom: sm\nsm: 131"
                                           << "h100 sm sm 131 warp 0";
        QTest::newRow("a warp") << "zoom: warp\nsm: 5\nwarp: 47"
                                << "rtx4090 warp sm 5 warp 47";
        QTest::newRow("a T4's last warp slot") << "device: t4\nwarp: 31"
                                               << "t4 gpu sm 0 warp 31";
        QTest::newRow("the whole GPU") << "zoom: gpu" << kDefaults;
    }

    void validStates() {
        QFETCH(QString, yaml);
        QFETCH(QString, state);
        const auto reading = gpuHierarchyKind().read(YAML::Load(yaml.toStdString()));
        QCOMPARE(describe(reading.problems), QStringList());
        QCOMPARE(describe(reading.state), state);
    }

    void problems_data() {
        QTest::addColumn<QString>("yaml");
        QTest::addColumn<QStringList>("expected");
        QTest::addColumn<QString>("state");
        QTest::newRow("zoom misspelt")
            << "zoom: wrap"
            << QStringList{"error 0:6 zoom must be gpu, sm or warp; did you mean 'warp'?"}
            << kDefaults;
        QTest::newRow("sm beyond the RTX 4090's")
            << "sm: 128"
            << QStringList{"error 0:4 sm must be a whole number from 0 to 127: the NVIDIA "
                           "GeForce RTX 4090 has 128 SMs"}
            << kDefaults;
        QTest::newRow("sm 131 is an H100's, not an RTX 4090's")
            << "device: h100\nsm: 132"
            << QStringList{"error 1:4 sm must be a whole number from 0 to 131: the NVIDIA H100 "
                           "SXM5 80GB has 132 SMs"}
            << "h100 gpu sm 0 warp 0";
        QTest::newRow("warp beyond an RTX 4090 SM's 48")
            << "warp: 48"
            << QStringList{"error 0:6 warp must be a whole number from 0 to 47: an SM of the "
                           "NVIDIA GeForce RTX 4090 holds 48 warps"}
            << kDefaults;
        QTest::newRow("sm negative")
            << "sm: -1"
            << QStringList{"error 0:4 sm must be a whole number from 0 to 127: the NVIDIA "
                           "GeForce RTX 4090 has 128 SMs"}
            << kDefaults;
        QTest::newRow("unknown device, ranges of the default")
            << "device: b200\nsm: 3"
            << QStringList{"error 0:8 device must be v100, t4, a100, rtx4090, h100 or h200; did "
                           "you mean 'h200'?"}
            << "rtx4090 gpu sm 3 warp 0";
        QTest::newRow("unknown field")
            << "level: sm"
            << QStringList{"warning 0:0 unknown gpu-hierarchy field 'level' (gpu-hierarchy has "
                           "the fields device, zoom, sm and warp)"}
            << kDefaults;
    }

    void problems() {
        QFETCH(QString, yaml);
        QFETCH(QStringList, expected);
        QFETCH(QString, state);
        const auto reading = gpuHierarchyKind().read(YAML::Load(yaml.toStdString()));
        QCOMPARE(describe(reading.problems), expected);
        QCOMPARE(describe(reading.state), state);
        QCOMPARE(describe(gpuHierarchyKind().read(YAML::Load(yaml.toStdString())).problems), expected);
    }

    void lessonReportsRealLinesAndColumns() {
        const std::string text =
            "---\nformat: mlsyslab-lesson/1\ntitle: GPU\nid: gpu\n---\n\n"
            "# Inside an H100\n\n"
            "```sim gpu-hierarchy\n"
            "device: h100\n"
            "zoom: sm\n"
            "sm: 140\n"
            "```\n";
        const auto result = parseLesson(text, builtinSimKinds());
        QStringList lines;
        for (const auto& diagnostic : result.diagnostics) {
            lines << QString::fromStdString(formatDiagnostic("x.lesson.md", diagnostic));
        }
        QCOMPARE(lines, (QStringList{"x.lesson.md:12:5: error: sm must be a whole number from 0 "
                                     "to 131: the NVIDIA H100 SXM5 80GB has 132 SMs"}));
        QVERIFY(!result.lesson.has_value());
    }
};

QTEST_APPLESS_MAIN(TestGpuHierarchyKind)
#include "tst_gpu_hierarchy_kind.moc"
