#include <QLabel>
#include <QPushButton>
#include <QRadioButton>
#include <QSignalSpy>
#include <QtTest>

#include "common/SimWidgetRegistry.h"
#include "common/StepBar.h"
#include "lesson/LessonPlayer.h"
#include "lesson/QuizWidget.h"
#include "lesson/StepView.h"

using namespace mlsyslab;
using widgets::LessonPlayer;

namespace {

lesson::Lesson threeSteps() {
    lesson::Lesson lesson;
    lesson.info.id = "test";
    for (const char* heading : {"# One", "# Two", "# Three"}) {
        lesson::Step step;
        step.blocks.push_back(lesson::MarkdownBlock{heading, 1});
        lesson.steps.push_back(step);
    }
    lesson::Quiz quiz;
    quiz.question = "Pick";
    quiz.choices = {{"a", true, 0}, {"b", false, 0}};
    lesson.steps[2].blocks.push_back(quiz);
    return lesson;
}

}  // namespace

class TestLessonPlayer : public QObject {
    Q_OBJECT
private slots:
    void startsWhereAskedClamped() {
        const auto simulators = widgets::builtinSimWidgets();
        LessonPlayer player(simulators);
        QCOMPARE(player.stepCount(), 0);
        QVERIFY(player.stepView() == nullptr);
        player.setLesson(threeSteps(), 99);
        QCOMPARE(player.currentStep(), 2);
        player.setLesson(threeSteps(), -5);
        QCOMPARE(player.currentStep(), 0);
    }

    void everyMoveEmitsOnceAndOutOfRangeIsIgnored() {
        const auto simulators = widgets::builtinSimWidgets();
        LessonPlayer player(simulators);
        player.setLesson(threeSteps());
        QSignalSpy changed(&player, &LessonPlayer::stepChanged);
        player.previous();
        player.goToStep(3);
        player.goToStep(0);
        QCOMPARE(changed.count(), 0);
        player.next();
        player.next();
        player.next();
        QCOMPARE(changed.count(), 2);
        QCOMPARE(changed.at(0).at(0).toInt(), 1);
        QCOMPARE(changed.at(1).at(0).toInt(), 2);
        player.first();
        QCOMPARE(player.currentStep(), 0);
        player.last();
        QCOMPARE(player.currentStep(), 2);
        // Each step is built from the lesson alone: a fresh view every time.
        const widgets::StepView* viewOfLast = player.stepView();
        player.previous();
        player.next();
        QVERIFY(player.stepView() != viewOfLast);
    }

    void answersAreKeptAcrossMovesAndClearedByReset() {
        const auto simulators = widgets::builtinSimWidgets();
        LessonPlayer player(simulators);
        player.setLesson(threeSteps(), 2, {{{2, 0}, {1}}});
        auto* quiz = player.stepView()->quizzes().at(0);
        QVERIFY(quiz->isAnswered());
        QCOMPARE(quiz->selection(), std::vector<int>{1});

        QSignalSpy answered(&player, &LessonPlayer::quizAnswered);
        player.show();
        QVERIFY(QTest::qWaitForWindowExposed(&player));
        QTest::mouseClick(quiz->findChild<QRadioButton*>("choice0"), Qt::LeftButton);
        QCOMPARE(answered.count(), 1);
        QCOMPARE(answered.at(0).at(0).toInt(), 2);
        QCOMPARE(answered.at(0).at(1).toInt(), 0);
        QCOMPARE(answered.at(0).at(3).toBool(), true);

        player.previous();
        player.next();
        QCOMPARE(player.stepView()->quizzes().at(0)->selection(), std::vector<int>{0});

        QSignalSpy cleared(&player, &LessonPlayer::answersCleared);
        player.reset();
        QCOMPARE(cleared.count(), 1);
        QCOMPARE(player.currentStep(), 0);
        player.last();
        QVERIFY(!player.stepView()->quizzes().at(0)->isAnswered());
    }

    void stepBarShowsThePosition() {
        const auto simulators = widgets::builtinSimWidgets();
        LessonPlayer player(simulators);
        auto* label = player.stepBar()->findChild<QLabel*>("stepLabel");
        auto* previous = player.stepBar()->findChild<QPushButton*>("previousButton");
        auto* next = player.stepBar()->findChild<QPushButton*>("nextButton");
        QCOMPARE(label->text(), QString("No steps"));
        player.setLesson(threeSteps());
        QCOMPARE(label->text(), QString("Step 1 / 3"));
        QVERIFY(!previous->isEnabled());
        QVERIFY(next->isEnabled());
        player.last();
        QCOMPARE(label->text(), QString("Step 3 / 3"));
        QVERIFY(previous->isEnabled());
        QVERIFY(!next->isEnabled());
    }
};

QTEST_MAIN(TestLessonPlayer)
#include "tst_lesson_player.moc"
