#include <yaml-cpp/yaml.h>

#include <QtTest>

#include "LessonTestSupport.h"
#include "lesson/KindSpec.h"
#include "matmul/lesson/RooflineKind.h"

// The state reader of ```sim roofline: every field, the defaults, the workloads list, and each
// problem at its line:column in the fence body (0-based, as yaml-cpp marks).
using mlsyslab::lesson::kinds::rooflineKind;
using mlsyslab::lesson::kinds::RooflineState;
using mlsyslab::lesson::kinds::RooflineWorkload;
using mlsyslab::testing::describe;

namespace {

QStringList names(const std::vector<std::string>& values) {
    QStringList list;
    for (const std::string& value : values) list << QString::fromStdString(value);
    return list;
}

}  // namespace

class TestRooflineKind : public QObject {
    Q_OBJECT

private slots:
    void defaults() {
        for (const char* yaml : {"", "matvec: true\n"}) {
            const auto reading = rooflineKind().read(YAML::Load(yaml));
            QCOMPARE(describe(reading.problems), QStringList());
            QVERIFY(reading.state == RooflineState{});
        }
        const RooflineState defaults;
        QVERIFY(defaults.backends.empty());  // the widget's defaults
        QCOMPARE(defaults.size, std::int64_t(1024));
        QVERIFY(defaults.matvec);
        QVERIFY(!defaults.gpuDevice);
        QVERIFY(defaults.workloads.empty());
        QVERIFY(!defaults.autoRun);
        QCOMPARE(names(mlsyslab::lesson::kinds::defaultRooflineBackends()),
                 (QStringList{"simd", "threads", "openblas", "cuda-naive", "cuda-tiled",
                              "cuda-regtile", "cublas"}));
    }

    void readsEveryField() {
        const auto reading = rooflineKind().read(YAML::Load(
            "backends: [threads, cublas]\nsize: 512\nmatvec: false\ngpu_device: h100\n"
            "workloads:\n  - {name: \"LLM decode, batch 1\", flops_per_byte: 1}\n"
            "  - name: training, batch 1024\n    flops_per_byte: 250.5\nauto_run: true\n"));
        QCOMPARE(describe(reading.problems), QStringList());
        const RooflineState& state = reading.state;
        QCOMPARE(names(state.backends), (QStringList{"threads", "cublas"}));
        QCOMPARE(state.size, std::int64_t(512));
        QVERIFY(!state.matvec);
        QCOMPARE(state.gpuDevice.value_or(""), std::string("h100"));
        QCOMPARE(state.workloads.size(), std::size_t(2));
        QVERIFY((state.workloads[0] == RooflineWorkload{"LLM decode, batch 1", 1.0}));
        QVERIFY((state.workloads[1] == RooflineWorkload{"training, batch 1024", 250.5}));
        QVERIFY(state.autoRun);
    }

    void problems_data() {
        QTest::addColumn<QString>("yaml");
        QTest::addColumn<QStringList>("problems");
        QTest::newRow("misspelt backend")
            << "backends: [openblass]\n"
            << QStringList{
                   "error 0:11 backends must be naive, ikj, blocked, simd, threads, "
                   "openblas, cuda-naive, cuda-tiled, cuda-regtile or cublas; did you "
                   "mean 'openblas'?"};
        QTest::newRow("size zero")
            << "size: 0\n"
            << QStringList{"error 0:6 size must be a whole number from 1 to 8192"};
        QTest::newRow("size a list")
            << "size: [64]\n"
            << QStringList{"error 0:6 size must be a whole number from 1 to 8192"};
        QTest::newRow("matvec not a flag") << "matvec: maybe\n"
                                           << QStringList{"error 0:8 matvec must be true or false"};
        QTest::newRow("unknown gpu")
            << "gpu_device: h10\n"
            << QStringList{
                   "error 0:12 gpu_device must be v100, t4, a100, rtx4090, h100 or h200; "
                   "did you mean 'h100'?"};
        QTest::newRow("workloads not a list")
            << "workloads: decode\n"
            << QStringList{
                   "error 0:11 workloads must be a list of workloads, each like '- "
                   "{name: \"LLM decode, batch 1\", flops_per_byte: 1}'"};
        QTest::newRow("workload not a map")
            << "workloads: [decode]\n"
            << QStringList{
                   "error 0:12 a workload must be a name and an intensity, like '- "
                   "{name: \"LLM decode, batch 1\", flops_per_byte: 1}'"};
        QTest::newRow("workload without a name")
            << "workloads:\n  - {flops_per_byte: 1}\n"
            << QStringList{
                   "error 1:4 a workload needs a name, like '- {name: \"LLM decode, "
                   "batch 1\", flops_per_byte: 1}'"};
        QTest::newRow("workload without an intensity")
            << "workloads:\n  - {name: decode}\n"
            << QStringList{
                   "error 1:4 a workload's flops_per_byte must be a number from 0.001 "
                   "to 1000000, like 1 or 300"};
        QTest::newRow("workload intensity zero")
            << "workloads:\n  - {name: copy, flops_per_byte: 0}\n"
            << QStringList{
                   "error 1:33 a workload's flops_per_byte must be a number from 0.001 "
                   "to 1000000, like 1 or 300"};
        QTest::newRow("workload field misspelt")
            << "workloads:\n  - {name: x, flop_per_byte: 2}\n"
            << QStringList{"error 1:4 a workload's flops_per_byte must be a number from 0.001 "
                           "to 1000000, like 1 or 300",
                           "warning 1:14 unknown roofline workload field 'flop_per_byte'; did "
                           "you mean 'flops_per_byte'?"};
    }
    void problems() {
        QFETCH(QString, yaml);
        QFETCH(QStringList, problems);
        QCOMPARE(describe(rooflineKind().read(YAML::Load(yaml.toStdString())).problems), problems);
    }
};

QTEST_MAIN(TestRooflineKind)
#include "tst_roofline_kind.moc"
