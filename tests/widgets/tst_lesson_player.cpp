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

    // A step of many paragraphs: taller than a small window at 100 %.
    static lesson::Lesson oneLongStep(int paragraphs) {
        lesson::Lesson lesson;
        lesson.info.id = "long";
        lesson::Step step;
        std::string text = "# Long\n";
        for (int paragraph = 0; paragraph < paragraphs; ++paragraph) {
            text += "\nA paragraph of the step, long enough to wrap once or twice in a narrow "
                    "window, so that the step grows with its text.\n";
        }
        step.blocks.push_back(lesson::MarkdownBlock{text, 1});
        lesson.steps.push_back(step);
        return lesson;
    }

    static double fontPixels(const LessonPlayer& player) {
        return QFontInfo(player.stepView()->font()).pixelSize();
    }

    // The fewest paragraphs that do not fit the player at 100 %.
    static int paragraphsTooManyAtFullSize(LessonPlayer& player) {
        player.zoomIn();
        player.zoomOut();  // 100 %, not fitting
        int paragraphs = 1;
        for (player.setLesson(oneLongStep(paragraphs)); !player.stepOverflows();
             player.setLesson(oneLongStep(paragraphs))) {
            ++paragraphs;
        }
        player.fitToWindow();
        return paragraphs;
    }

    void fitsAStepThatIsTooTallBySheddingZoom() {
        const auto simulators = widgets::builtinSimWidgets();
        LessonPlayer player(simulators);
        player.resize(900, 700);
        player.show();
        QVERIFY(QTest::qWaitForWindowExposed(&player));
        const int tooMany = paragraphsTooManyAtFullSize(player);
        QSignalSpy zoomChanges(&player, &LessonPlayer::zoomChanged);
        // Fits at 100 %: shown at 100 %.
        player.setLesson(oneLongStep(tooMany - 1));
        QVERIFY(player.fitsToWindow());
        QCOMPARE(player.zoom(), 1.0);
        QVERIFY(!player.stepOverflows());
        const double fullSize = fontPixels(player);
        // A little too tall: shown smaller, whole.
        player.setLesson(oneLongStep(tooMany + 1));
        QVERIFY(player.zoom() < 1.0);
        QVERIFY(player.zoom() >= LessonPlayer::kLeastFitZoom);
        QVERIFY(!player.stepOverflows());
        QVERIFY(fontPixels(player) < fullSize);
        QVERIFY(!zoomChanges.isEmpty());
        // Far too tall: no smaller than the floor, and it scrolls.
        player.setLesson(oneLongStep(60));
        QCOMPARE(player.zoom(), LessonPlayer::kLeastFitZoom);
        QVERIFY(player.stepOverflows());
    }

    void aLargerWindowFitsAgainOnceItsSizeSettles() {
        const auto simulators = widgets::builtinSimWidgets();
        LessonPlayer player(simulators);
        player.resize(900, 700);
        player.show();
        QVERIFY(QTest::qWaitForWindowExposed(&player));
        player.setLesson(oneLongStep(paragraphsTooManyAtFullSize(player) + 1));
        const double smaller = player.zoom();
        QVERIFY(smaller < 1.0);
        player.resize(900, 1400);
        QCOMPARE(player.zoom(), smaller);  // not at every pixel of a drag
        player.settle();
        QCOMPARE(player.zoom(), 1.0);
    }

    void zoomStepsLeaveFittingAndFitComesBack() {
        const auto simulators = widgets::builtinSimWidgets();
        LessonPlayer player(simulators);
        player.resize(900, 700);
        player.show();
        QVERIFY(QTest::qWaitForWindowExposed(&player));
        player.setLesson(oneLongStep(2));
        const double fullSize = fontPixels(player);
        player.zoomIn();
        QVERIFY(!player.fitsToWindow());
        QCOMPARE(player.zoom(), 1.1);
        QVERIFY(fontPixels(player) > fullSize);
        // The zoom holds across steps.
        player.setLesson(oneLongStep(3));
        QCOMPARE(player.zoom(), 1.1);
        player.zoomOut();
        player.zoomOut();
        QCOMPARE(player.zoom(), 0.9);
        for (int press = 0; press < 20; ++press) player.zoomOut();
        QCOMPARE(player.zoom(), 0.5);
        player.fitToWindow();
        QVERIFY(player.fitsToWindow());
        QCOMPARE(player.zoom(), 1.0);
    }
};

QTEST_MAIN(TestLessonPlayer)
#include "tst_lesson_player.moc"
