#include <QApplication>
#include <QFile>
#include <QLabel>
#include <QListWidget>
#include <QMenuBar>
#include <QMimeData>
#include <QPushButton>
#include <QRadioButton>
#include <QScrollArea>
#include <QSettings>
#include <QSplitter>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QtTest>

#include "MainWindowTestSupport.h"
#include "common/MarkdownView.h"
#include "common/StepBar.h"
#include "gui/AppSettings.h"
#include "gui/DiagnosticsPanel.h"
#include "gui/LessonBrowser.h"
#include "gui/MainWindow.h"
#include "gui/PresenterWindow.h"
#include "gui/ResumeBar.h"
#include "lesson/LessonPlayer.h"
#include "lesson/QuizWidget.h"
#include "lesson/StepView.h"

using namespace mlsyslab::app;
using mlsyslab::testing::lessonText;
using mlsyslab::testing::showOnScreen;
using mlsyslab::testing::writeFile;
using mlsyslab::widgets::LessonPlayer;

namespace {

const LessonSource kBitsLesson{LessonSource::Origin::BuiltIn, "01-bits-and-bytes.lesson.md"};
const LessonSource kTwosComplementLesson{LessonSource::Origin::BuiltIn,
                                         "02-twos-complement.lesson.md"};

// The current step's prose, joined: what the student reads.
QString visibleStepText(const MainWindow& window) {
    QString text;
    for (const auto* view : window.player()->stepView()->findChildren<mlsyslab::widgets::MarkdownView*>()) {
        text += view->toPlainText() + '\n';
    }
    return text;
}

QString stepLabel(const MainWindow& window) {
    return window.player()->stepBar()->findChild<QLabel*>("stepLabel")->text();
}

}  // namespace

class TestMainWindow : public QObject {
    Q_OBJECT
private slots:
    void init() {
        QVERIFY(directory_.isValid());
        settingsPath_ = directory_.filePath(QStringLiteral("settings-%1.ini").arg(++run_));
    }

    void startsOnTheBrowserWithTheCourse() {
        AppSettings settings(settingsPath_);
        MainWindow window(settings);
        showOnScreen(window);
        QVERIFY(!window.currentLesson().has_value());
        QVERIFY(window.findChild<QLabel*>("welcome")->isVisible());
        const auto parts = window.browser()->findItems("Part 1", Qt::MatchStartsWith);
        QCOMPARE(parts.size(), 1);
        QCOMPARE(parts.front()->child(0)->text(0), QString("Bits and bytes"));
        QCOMPARE(window.browser()->findItems(LessonBrowser::userLessonsHeading(), Qt::MatchExactly).size(), 1);
    }

    void browserOpensALessonAndKeysStep() {
        AppSettings settings(settingsPath_);
        MainWindow window(settings);
        showOnScreen(window);
        QTreeWidgetItem* item = window.browser()->findItems("Part 1", Qt::MatchStartsWith).front()->child(0);
        const QRect rect = window.browser()->visualItemRect(item);
        QTest::mouseClick(window.browser()->viewport(), Qt::LeftButton, {}, rect.center());
        QVERIFY(window.currentLesson().has_value());
        QVERIFY(window.player()->isVisible());
        const int count = window.player()->stepCount();
        QCOMPARE(count, 8);
        QCOMPARE(stepLabel(window), QString("Step 1 / 8"));

        // Keys go where a student's keyboard would send them: the focused widget of the active window.
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        QWidget* focus = QApplication::focusWidget();
        QVERIFY(focus != nullptr && window.player()->isAncestorOf(focus));
        QTest::keyClick(focus, Qt::Key_Right);
        QCOMPARE(window.player()->currentStep(), 1);
        QCOMPARE(stepLabel(window), QString("Step 2 / 8"));
        QVERIFY(visibleStepText(window).contains("One byte, bit by bit"));
        QTest::keyClick(focus, Qt::Key_PageDown);
        QCOMPARE(window.player()->currentStep(), 2);
        QTest::keyClick(focus, Qt::Key_Left);
        QCOMPARE(window.player()->currentStep(), 1);
        QTest::keyClick(focus, Qt::Key_PageUp);
        QCOMPARE(window.player()->currentStep(), 0);
        QTest::keyClick(focus, Qt::Key_Left);  // already at the first step
        QCOMPARE(window.player()->currentStep(), 0);
        QTest::keyClick(focus, Qt::Key_End);
        QCOMPARE(window.player()->currentStep(), count - 1);
        QTest::keyClick(focus, Qt::Key_Right);  // already at the last step
        QCOMPARE(window.player()->currentStep(), count - 1);
        QTest::keyClick(focus, Qt::Key_Home);
        QCOMPARE(window.player()->currentStep(), 0);

        auto* next = window.player()->stepBar()->findChild<QPushButton*>("nextButton");
        QTest::mouseClick(next, Qt::LeftButton);
        QCOMPARE(window.player()->currentStep(), 1);
        QTest::mouseClick(window.player()->stepBar()->findChild<QPushButton*>("resetButton"), Qt::LeftButton);
        QCOMPARE(window.player()->currentStep(), 0);
    }

    void quizAnswerAndProgressSurviveARestart() {
        {
            AppSettings settings(settingsPath_);
            MainWindow window(settings);
            showOnScreen(window);
            QVERIFY(window.openLesson(kBitsLesson));
            window.player()->last();
            const auto& quizzes = window.player()->stepView()->quizzes();
            QCOMPARE(quizzes.size(), std::size_t{3});
            auto* rightAnswer = quizzes[0]->findChild<QRadioButton*>("choice1");
            // Scroll to it as a student would: clicks go to what is on screen.
            QCoreApplication::processEvents();  // lay the new step out
            window.player()->findChild<QScrollArea*>("stepScrollArea")->ensureWidgetVisible(rightAnswer);
            QCoreApplication::processEvents();
            QTest::mouseClick(rightAnswer, Qt::LeftButton);
            QVERIFY(quizzes[0]->isAnsweredCorrectly());

            // Written at once, not at exit: a fresh reader of the file sees it while the app runs.
            QSettings onDisk(settingsPath_, QSettings::IniFormat);
            QCOMPARE(onDisk.value("lesson-bits-and-bytes/lastStep").toInt(), 7);
            QCOMPARE(AppSettings(settingsPath_).quizAnswers("bits-and-bytes").at({7, 0}), std::vector<int>{1});
        }
        AppSettings settings(settingsPath_);
        MainWindow window(settings);
        showOnScreen(window);
        QVERIFY(window.openLesson(kBitsLesson));
        QCOMPARE(window.player()->currentStep(), 7);
        const auto& quizzes = window.player()->stepView()->quizzes();
        QVERIFY(quizzes[0]->isAnswered());
        QCOMPARE(quizzes[0]->selection(), std::vector<int>{1});
        QVERIFY(!quizzes[1]->isAnswered());

        // Reset starts over: first step, quizzes as new, and that is saved too.
        window.player()->reset();
        QCOMPARE(window.player()->currentStep(), 0);
        QVERIFY(AppSettings(settingsPath_).quizAnswers("bits-and-bytes").empty());
        QCOMPARE(AppSettings(settingsPath_).lastStep("bits-and-bytes"), 0);
    }

    void reopeningSaysItResumedAndOffersToStartOver() {
        {
            AppSettings settings(settingsPath_);
            MainWindow window(settings);
            showOnScreen(window);
            QVERIFY(window.openLesson(kBitsLesson));
            QVERIFY(!window.resumeBar()->isVisible());  // a first visit starts at step 1: nothing to say
            window.player()->goToStep(3);
            settings.setQuizAnswer("bits-and-bytes", 7, 0, {1});
        }
        AppSettings settings(settingsPath_);
        MainWindow window(settings);
        showOnScreen(window);
        QVERIFY(window.openLesson(kBitsLesson));
        QCOMPARE(window.player()->currentStep(), 3);
        ResumeBar* bar = window.resumeBar();
        QVERIFY(bar->isVisible());
        QCOMPARE(bar->findChild<QLabel*>("resumeMessage")->text(),
                 QString("Resumed at step 4 of 8, where you left off."));
        QVERIFY2(window.statusBar()->currentMessage().endsWith("resumed at step 4 of 8"),
                 qPrintable(window.statusBar()->currentMessage()));
        // A bar above the step, not a dialog over it.
        QVERIFY(QApplication::activeModalWidget() == nullptr);
        QCoreApplication::processEvents();  // lay the page out with the bar
        QVERIFY(bar->geometry().bottom() < window.player()->geometry().top());

        // Start over: step 1, the quiz answers kept; the keyboard still steps the lesson.
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        QTest::mouseClick(bar->findChild<QPushButton*>("startOverButton"), Qt::LeftButton);
        QCOMPARE(window.player()->currentStep(), 0);
        QCOMPARE(stepLabel(window), QString("Step 1 / 8"));
        QVERIFY(!bar->isVisible());
        QCOMPARE(AppSettings(settingsPath_).lastStep("bits-and-bytes"), 0);
        QCOMPARE(AppSettings(settingsPath_).quizAnswers("bits-and-bytes").at({7, 0}), std::vector<int>{1});
        QWidget* focus = QApplication::focusWidget();
        QVERIFY(focus != nullptr && window.player()->isAncestorOf(focus));
        QTest::keyClick(focus, Qt::Key_Right);
        QCOMPARE(window.player()->currentStep(), 1);

        // Back to it later: resumed at step 2; the note goes as soon as the lesson moves on.
        QVERIFY(window.openLesson(kTwosComplementLesson));
        QVERIFY(!bar->isVisible());
        QVERIFY(window.openLesson(kBitsLesson));
        QVERIFY(bar->isVisible());
        QCOMPARE(bar->findChild<QLabel*>("resumeMessage")->text(),
                 QString("Resumed at step 2 of 8, where you left off."));
        window.player()->next();
        QVERIFY(!bar->isVisible());
        QVERIFY(!window.statusBar()->currentMessage().contains("resumed"));
        QCOMPARE(window.player()->currentStep(), 2);

        // Choosing the lesson on screen again is not a resume; the close button hides the note.
        QVERIFY(window.openLesson(kBitsLesson));
        QVERIFY(!bar->isVisible());
        QVERIFY(window.openLesson(kTwosComplementLesson));
        QVERIFY(window.openLesson(kBitsLesson));
        QVERIFY(bar->isVisible());
        QTest::mouseClick(bar->findChild<QPushButton*>("dismissResumeButton"), Qt::LeftButton);
        QVERIFY(!bar->isVisible());
        QCOMPARE(window.player()->currentStep(), 2);

        // A step asked for (`mlsyslab LESSON --step N`) is not a resume either.
        QVERIFY(window.openLesson(kTwosComplementLesson));
        QVERIFY(window.openLesson(kBitsLesson));
        window.showStepAsAsked(2);
        QVERIFY(!bar->isVisible());
    }

    void liveReloadKeepsTheStep() {
        const QString path = directory_.filePath("live.lesson.md");
        writeFile(path, lessonText("Second"));
        AppSettings settings(settingsPath_);
        MainWindow window(settings);
        showOnScreen(window);
        QVERIFY(window.openLessonFile(path));
        window.player()->next();
        QCOMPARE(window.player()->currentStep(), 1);
        QVERIFY(visibleStepText(window).contains("Second"));

        writeFile(path, lessonText("Second, edited"));
        QTRY_VERIFY_WITH_TIMEOUT(visibleStepText(window).contains("Second, edited"), 5000);
        QCOMPARE(window.player()->currentStep(), 1);

        // An editor that saves by renaming a new file over the old one.
        const QString temporary = directory_.filePath("live.tmp");
        writeFile(temporary, lessonText("Second, renamed"));
        QFile::remove(path);
        QVERIFY(QFile::rename(temporary, path));
        QTRY_VERIFY_WITH_TIMEOUT(visibleStepText(window).contains("Second, renamed"), 5000);
        QCOMPARE(window.player()->currentStep(), 1);
    }

    void badLessonShowsOnlyItsDiagnostics() {
        const QString path = directory_.filePath("bad.lesson.md");
        QString text = lessonText("Second");
        text.replace("# Third", "```sim bitz\nwidth: 8\n```\n\n# Third");
        writeFile(path, text);
        AppSettings settings(settingsPath_);
        MainWindow window(settings);
        showOnScreen(window);
        QVERIFY(!window.openLessonFile(path));
        QVERIFY(window.isShowingDiagnostics());
        QVERIFY(!window.player()->isVisible());
        QListWidget* list = window.diagnosticsPanel()->list();
        QVERIFY(list->count() >= 1);
        const int kindLine = text.left(text.indexOf("```sim bitz")).count('\n') + 1;
        const QString expected = QStringLiteral("%1:%2:8: error: unknown simulator kind 'bitz'").arg(path).arg(kindLine);
        QVERIFY2(list->item(0)->text().startsWith(expected), qPrintable(list->item(0)->text()));
        QCOMPARE(window.diagnosticsPanel()->highlightedLine(), kindLine);

        // Fixing the file in an editor opens the lesson by itself.
        writeFile(path, lessonText("Second"));
        QTRY_VERIFY_WITH_TIMEOUT(!window.isShowingDiagnostics(), 5000);
        QCOMPARE(window.player()->stepCount(), 3);
    }

    void clickingADiagnosticShowsItsLine() {
        const QString path = directory_.filePath("two-errors.lesson.md");
        writeFile(path, "---\nformat: mlsyslab-lesson/1\nid: x\ntitle: X\n---\n\n```sim nope\n```\n\n---\n\n"
                        "```quiz single\nQ?\n- [x] a\n- [x] b\n```\n");
        AppSettings settings(settingsPath_);
        MainWindow window(settings);
        showOnScreen(window);
        QVERIFY(!window.openLessonFile(path));
        QListWidget* list = window.diagnosticsPanel()->list();
        QCOMPARE(list->count(), 2);
        QCOMPARE(window.diagnosticsPanel()->highlightedLine(), 7);
        QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, list->visualItemRect(list->item(1)).center());
        QCOMPARE(window.diagnosticsPanel()->highlightedLine(), 15);
    }

    void recentFilesAndDrops() {
        const QString path = directory_.filePath("dropped.lesson.md");
        writeFile(path, lessonText("Second"));
        AppSettings settings(settingsPath_);
        MainWindow window(settings);
        showOnScreen(window);

        QMimeData data;
        data.setUrls({QUrl::fromLocalFile(path)});
        QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &data, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&window, &enter);
        QVERIFY(enter.isAccepted());
        QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &data, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&window, &drop);
        QVERIFY(window.currentLesson().has_value());
        QCOMPARE(window.currentLesson()->source.location, path);

        QCOMPARE(settings.recentFiles(), QStringList{path});
        QTreeWidgetItem* mine = window.browser()->findItems(LessonBrowser::userLessonsHeading(), Qt::MatchExactly).front();
        QCOMPARE(mine->childCount(), 1);
        QCOMPARE(mine->child(0)->text(0), QString("Test lesson"));
    }

    void presentationModeAndPresenterView() {
        AppSettings settings(settingsPath_);
        MainWindow window(settings);
        showOnScreen(window);
        const QString path = directory_.filePath("notes.lesson.md");
        writeFile(path, lessonText("Second"));
        QVERIFY(window.openLessonFile(path));
        const double deskPointSize = QApplication::font().pointSizeF();

        window.setPresentationMode(true, false);
        QVERIFY(window.isPresentationMode());
        QVERIFY(!window.browser()->isVisible());
        QVERIFY(!window.menuBar()->isVisible());
        QVERIFY(QApplication::font().pointSizeF() > deskPointSize * 1.5);
        QCOMPARE(QApplication::palette().color(QPalette::Window), QColor(Qt::white));
        QCOMPARE(window.player()->currentStep(), 0);  // restyling keeps the place

        PresenterWindow* presenter = window.presenterWindow();
        window.findChild<QAction*>("presentationAction");  // exists for F11
        presenter->showStep(*window.player()->lesson(), window.player()->currentStep());
        QVERIFY(presenter->findChild<mlsyslab::widgets::MarkdownView*>("presenterNotes")->toPlainText().contains("Say hello."));
        QVERIFY(presenter->findChild<QLabel*>("presenterNext")->text().contains("Second"));
        window.player()->next();
        QVERIFY(presenter->findChild<mlsyslab::widgets::MarkdownView*>("presenterNotes")->toPlainText().contains("No notes"));
        QVERIFY(presenter->findChild<QLabel*>("presenterPosition")->text().startsWith("Step 2 / 3"));

        window.setPresentationMode(false, false);
        QVERIFY(window.browser()->isVisible());
        QCOMPARE(QApplication::font().pointSizeF(), deskPointSize);
    }

    // A narrow window gives the browser a share of its width, so the step keeps its room; a
    // width the user chose by dragging the splitter is kept.
    void browserNarrowsWithTheWindow() {
        AppSettings settings(settingsPath_);
        MainWindow window(settings);
        auto* splitter = window.findChild<QSplitter*>();
        QVERIFY(splitter != nullptr);
        window.resize(1600, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QCOMPARE(splitter->sizes().at(0), 340);
        window.resize(1024, 640);
        QCOMPARE(splitter->sizes().at(0), 266);
        window.resize(700, 500);
        QCOMPARE(splitter->sizes().at(0), 200);
    }

    void zoomActionsDriveThePlayer() {
        AppSettings settings(settingsPath_);
        MainWindow window(settings);
        showOnScreen(window);
        const QString path = directory_.filePath("zoom.lesson.md");
        writeFile(path, lessonText("Second"));
        QVERIFY(window.openLessonFile(path));
        QVERIFY(window.player()->fitsToWindow());
        window.findChild<QAction*>("zoomInAction")->trigger();
        QVERIFY(!window.player()->fitsToWindow());
        QCOMPARE(window.player()->zoom(), 1.1);
        QVERIFY(!window.findChild<QAction*>("fitAction")->isChecked());
        window.findChild<QAction*>("zoomOutAction")->trigger();
        window.findChild<QAction*>("zoomOutAction")->trigger();
        QCOMPARE(window.player()->zoom(), 0.9);
        auto* fit = window.findChild<QAction*>("fitAction");
        fit->trigger();
        QVERIFY(window.player()->fitsToWindow());
        QVERIFY(fit->isChecked());
        fit->trigger();  // choosing it again keeps fitting
        QVERIFY(fit->isChecked());
        QVERIFY(window.player()->fitsToWindow());
    }

    void unreadableFileIsADiagnostic() {
        AppSettings settings(settingsPath_);
        MainWindow window(settings);
        showOnScreen(window);
        QVERIFY(!window.openLessonFile(directory_.filePath("missing.lesson.md")));
        QVERIFY(window.isShowingDiagnostics());
        QVERIFY(window.diagnosticsPanel()->list()->item(0)->text().contains("cannot read the file"));
        QVERIFY(!window.openLessonFile(directory_.path()));
        QVERIFY(window.diagnosticsPanel()->list()->item(0)->text().contains("folder"));
    }

private:
    QTemporaryDir directory_;
    QString settingsPath_;
    int run_ = 0;
};

QTEST_MAIN(TestMainWindow)
#include "tst_main_window.moc"
