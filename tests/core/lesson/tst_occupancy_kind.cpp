#include <yaml-cpp/yaml.h>

#include <QtTest>

#include "LessonTestSupport.h"
#include "lesson/KindSpec.h"
#include "gpu/lesson/OccupancyKind.h"

using mlsyslab::lesson::kinds::OccupancyState;
using mlsyslab::lesson::kinds::occupancyKind;
using mlsyslab::testing::describe;

namespace {

// "h100 256 threads 32 registers 16384 bytes editable".
QString describe(const OccupancyState& state) {
    return QStringLiteral("%1 %2 threads %3 registers %4 bytes %5")
        .arg(QString::fromStdString(state.device))
        .arg(state.blockSize)
        .arg(state.registersPerThread)
        .arg(state.sharedBytesPerBlock)
        .arg(state.editable ? "editable" : "fixed");
}

}  // namespace

class TestOccupancyKind : public QObject {
    Q_OBJECT

private slots:
    void emptyStateGivesDefaults() {
        for (const char* yaml : {"", "# nothing\n", "~"}) {
            const auto reading = occupancyKind().read(YAML::Load(yaml));
            QCOMPARE(describe(reading.problems).join('\n'), QString());
            QCOMPARE(describe(reading.state),
                     QString("rtx4090 256 threads 32 registers 0 bytes editable"));
        }
    }

    void validStates_data() {
        QTest::addColumn<QString>("yaml");
        QTest::addColumn<QString>("state");
        QTest::newRow("all fields")
            << "device: h100\nblock_size: 128\nregisters: 64\nshared_memory: 48KiB\neditable: "
               "false"
            << "h100 128 threads 64 registers 49152 bytes fixed";
        QTest::newRow("shared memory in bytes")
            << "shared_memory: 1000"
            << "rtx4090 256 threads 32 registers 1000 bytes editable";
        QTest::newRow("impossible but allowed")
            << "block_size: 2048\nregisters: 300"
            << "rtx4090 2048 threads 300 registers 0 bytes editable";
        // The calculator's answer to these is "cannot run", which the view explains.
        QTest::newRow("no threads") << "block_size: 0"
                                    << "rtx4090 0 threads 32 registers 0 bytes editable";
        QTest::newRow("the largest of each")
            << "block_size: 2147483647\nregisters: 2147483647\nshared_memory: 2147483647"
            << "rtx4090 2147483647 threads 2147483647 registers 2147483647 bytes editable";
        QTest::newRow("every device") << "device: v100"
                                      << "v100 256 threads 32 registers 0 bytes "
                                         "editable";
    }
    void validStates() {
        QFETCH(QString, yaml);
        QFETCH(QString, state);
        const auto reading = occupancyKind().read(YAML::Load(yaml.toStdString()));
        QCOMPARE(describe(reading.problems).join('\n'), QString());
        QCOMPARE(describe(reading.state), state);
    }

    void problems_data() {
        QTest::addColumn<QString>("yaml");
        QTest::addColumn<QString>("problems");
        QTest::newRow("unknown device")
            << "device: h10"
            << "error 0:8 device must be v100, t4, a100, rtx4090, h100 or h200; did you mean "
               "'h100'?";
        QTest::newRow("block size negative")
            << "block_size: -1"
            << "error 0:12 block_size must be a whole number from 0 to 2147483647";
        QTest::newRow("block size past an int")
            << "block_size: 2147483648"
            << "error 0:12 block_size must be a whole number from 0 to 2147483647";
        QTest::newRow("registers negative")
            << "registers: -1"
            << "error 0:11 registers must be a whole number from 0 to 2147483647";
        QTest::newRow("shared memory too large")
            << "shared_memory: 2GiB"
            << "error 0:15 shared_memory must be bytes of dynamic shared memory per block from 0 "
               "to 2147483647, like 16384 or 16KiB";
    }
    void problems() {
        QFETCH(QString, yaml);
        QFETCH(QString, problems);
        const auto reading = occupancyKind().read(YAML::Load(yaml.toStdString()));
        QCOMPARE(describe(reading.problems).join('\n'), problems);
    }
};

QTEST_APPLESS_MAIN(TestOccupancyKind)
#include "tst_occupancy_kind.moc"
