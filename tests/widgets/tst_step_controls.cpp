// StepControls: the stepping controls every stepping simulator embeds.
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QSlider>
#include <QTest>

#include "common/StepControls.h"

using mlsyslab::widgets::StepControls;

class TestStepControls : public QObject {
    Q_OBJECT

private slots:
    void startsEmptyAndDisabled();
    void buttonsMoveOneStepAndStopAtTheEnds();
    void keysStepRunAndReset();
    void scrubberJumps();
    void runStepsToTheEndAndStops();
    void shrinkingCountKeepsAValidPosition();
    void customLabel();
};

namespace {
QPushButton* button(StepControls& controls, const char* name) {
    return controls.findChild<QPushButton*>(name);
}
QString label(StepControls& controls) {
    return controls.findChild<QLabel*>("positionLabel")->text();
}
}  // namespace

void TestStepControls::startsEmptyAndDisabled() {
    StepControls controls;
    QCOMPARE(controls.count(), 0);
    for (const char* name : {"resetButton", "backButton", "stepButton", "runButton"}) {
        QVERIFY2(!button(controls, name)->isEnabled(), name);
    }
    QVERIFY(!controls.findChild<QSlider*>("scrubber")->isEnabled());
}

void TestStepControls::buttonsMoveOneStepAndStopAtTheEnds() {
    StepControls controls;
    controls.setCount(3);
    QSignalSpy moves(&controls, &StepControls::positionChanged);
    QCOMPARE(label(controls), QString("Step 1 / 3"));
    QVERIFY(!button(controls, "backButton")->isEnabled());

    QTest::mouseClick(button(controls, "stepButton"), Qt::LeftButton);
    QCOMPARE(controls.position(), 1);
    QCOMPARE(label(controls), QString("Step 2 / 3"));
    QTest::mouseClick(button(controls, "stepButton"), Qt::LeftButton);
    QCOMPARE(controls.position(), 2);
    QVERIFY(!button(controls, "stepButton")->isEnabled());
    QTest::mouseClick(button(controls, "stepButton"), Qt::LeftButton);  // disabled: no move
    QCOMPARE(controls.position(), 2);

    QTest::mouseClick(button(controls, "backButton"), Qt::LeftButton);
    QCOMPARE(controls.position(), 1);
    QTest::mouseClick(button(controls, "resetButton"), Qt::LeftButton);
    QCOMPARE(controls.position(), 0);

    QCOMPARE(moves.count(), 4);
    QCOMPARE(moves.at(0).at(0).toInt(), 1);
    QCOMPARE(moves.at(1).at(0).toInt(), 2);
    QCOMPARE(moves.at(2).at(0).toInt(), 1);
    QCOMPARE(moves.at(3).at(0).toInt(), 0);
}

void TestStepControls::keysStepRunAndReset() {
    StepControls controls;
    controls.setCount(5);
    QTest::keyClick(&controls, Qt::Key_Right);
    QTest::keyClick(&controls, Qt::Key_Right);
    QCOMPARE(controls.position(), 2);
    QTest::keyClick(&controls, Qt::Key_Left);
    QCOMPARE(controls.position(), 1);
    QTest::keyClick(&controls, Qt::Key_End);
    QCOMPARE(controls.position(), 4);
    QTest::keyClick(&controls, Qt::Key_Home);
    QCOMPARE(controls.position(), 0);
    QTest::keyClick(&controls, Qt::Key_Space);
    QVERIFY(controls.isRunning());
    QCOMPARE(button(controls, "runButton")->text(), QString("Pause"));
    QTest::keyClick(&controls, Qt::Key_Space);
    QVERIFY(!controls.isRunning());
    QCOMPARE(button(controls, "runButton")->text(), QString("Run"));
}

void TestStepControls::scrubberJumps() {
    StepControls controls;
    controls.setCount(10);
    QSignalSpy moves(&controls, &StepControls::positionChanged);
    controls.findChild<QSlider*>("scrubber")->setValue(7);
    QCOMPARE(controls.position(), 7);
    QCOMPARE(moves.count(), 1);
    QCOMPARE(label(controls), QString("Step 8 / 10"));
}

void TestStepControls::runStepsToTheEndAndStops() {
    StepControls controls;
    controls.setCount(4);
    controls.setRunInterval(1);
    QSignalSpy moves(&controls, &StepControls::positionChanged);
    controls.toggleRun();
    QTRY_VERIFY(!controls.isRunning());
    QCOMPARE(controls.position(), 3);
    QCOMPARE(moves.count(), 3);
    // Run again from the end: it starts over.
    controls.toggleRun();
    QTRY_VERIFY(!controls.isRunning());
    QCOMPARE(controls.position(), 3);
    QCOMPARE(moves.count(), 7);
}

void TestStepControls::shrinkingCountKeepsAValidPosition() {
    StepControls controls;
    controls.setCount(8);
    controls.setPosition(6);
    QSignalSpy moves(&controls, &StepControls::positionChanged);
    controls.setCount(10);
    QCOMPARE(controls.position(), 6);
    QCOMPARE(moves.count(), 0);
    controls.setCount(3);
    QCOMPARE(controls.position(), 2);
    QCOMPARE(moves.count(), 1);
}

void TestStepControls::customLabel() {
    StepControls controls;
    controls.setLabelText([](int position, int count) {
        return QString("t = %1 of %2").arg(position).arg(count - 1);
    });
    controls.setCount(9);
    controls.setPosition(4);
    QCOMPARE(label(controls), QString("t = 4 of 8"));
}

QTEST_MAIN(TestStepControls)
#include "tst_step_controls.moc"
