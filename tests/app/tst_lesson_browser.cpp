#include <QFile>
#include <QLabel>
#include <QSettings>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTreeWidgetItemIterator>
#include <QtTest>

#include "MainWindowTestSupport.h"
#include "gui/AppSettings.h"
#include "gui/LessonBrowser.h"
#include "gui/MainWindow.h"
#include "gui/PresenterWindow.h"
#include "lesson/LessonPlayer.h"

using namespace mlsyslab::app;
using mlsyslab::testing::lessonText;
using mlsyslab::testing::showOnScreen;
using mlsyslab::testing::writeFile;

namespace {

const QString kCourseFolder = QStringLiteral(MLSYSLAB_SOURCE_DIR "/lessons");
const QString kQuantizationFile = QStringLiteral("05-quantization-and-memory.lesson.md");
const QString kQuantizationTitle = QStringLiteral("Quantization and model memory");
const QString kFirstPart = QStringLiteral("Part 1: Data representation and ML hardware");

QStringList headings(const LessonBrowser& browser) {
    QStringList names;
    for (int index = 0; index < browser.topLevelItemCount(); ++index) {
        names << browser.topLevelItem(index)->text(0);
    }
    return names;
}

QTreeWidgetItem* heading(const LessonBrowser& browser, const QString& name) {
    const auto found = browser.findItems(name, Qt::MatchExactly);
    return found.size() == 1 ? found.front() : nullptr;
}

QStringList lessonsUnder(const LessonBrowser& browser, const QString& name) {
    QStringList titles;
    if (const QTreeWidgetItem* part = heading(browser, name)) {
        for (int index = 0; index < part->childCount(); ++index)
            titles << part->child(index)->text(0);
    }
    return titles;
}

QString readFile(const QString& path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

}  // namespace

// The lesson browser as the main window fills it: titles as they read, the built-in course
// listed once however its files are opened, and the user's lessons under their parts.
class TestLessonBrowser : public QObject {
    Q_OBJECT
private slots:
    void init() {
        QVERIFY(directory_.isValid());
        settingsPath_ = directory_.filePath(QStringLiteral("settings-%1.ini").arg(++run_));
    }

    void titlesShowWithoutCodeMarks() {
        AppSettings settings(settingsPath_);
        MainWindow window(settings);
        showOnScreen(window);
        for (QTreeWidgetItemIterator it(window.browser()); *it != nullptr; ++it) {
            QVERIFY2(!(*it)->text(0).contains('`'), qPrintable((*it)->text(0)));
        }
        const QString loops = "Loops and jumps: how for, while and if become bytecode";
        QCOMPARE(window.browser()->findItems(loops, Qt::MatchExactly | Qt::MatchRecursive).size(),
                 1);

        QVERIFY(window.openLesson({LessonSource::Origin::BuiltIn, "19-loops-and-jumps.lesson.md"}));
        QCOMPARE(window.windowTitle(), "MLSysLab — " + loops);
        QVERIFY2(window.statusBar()->currentMessage().startsWith("Opened “" + loops + "”"),
                 qPrintable(window.statusBar()->currentMessage()));

        // The presenter view names steps as they read ("# A `for` loop is ...").
        PresenterWindow* presenter = window.presenterWindow();
        presenter->showStep(*window.player()->lesson(), 0);
        QCOMPARE(presenter->findChild<QLabel*>("presenterPosition")->text(),
                 QString("Step 1 / %1 — A for loop is an iterator and two jumps")
                     .arg(window.player()->stepCount()));
        QCOMPARE(presenter->findChild<QLabel*>("presenterNext")->text(),
                 QString("Next: while and if: conditional jumps"));
        QCOMPARE(presenter->windowTitle(), "MLSysLab — Presenter view — " + loops);
    }

    void aBuiltinLessonFileIsTheCourseLesson() {
        const QString inCourse = kCourseFolder + '/' + kQuantizationFile;
        const QString copy = directory_.filePath("copy.lesson.md");
        writeFile(copy, readFile(inCourse));
        const QString edited = directory_.filePath("edited.lesson.md");
        writeFile(edited,
                  readFile(inCourse) + "\n---\n\n# One more step\n\nFrom the instructor.\n");
        const LessonSource course{LessonSource::Origin::BuiltIn, kQuantizationFile};

        for (int launch = 0; launch < 2; ++launch) {
            AppSettings settings(settingsPath_);
            MainWindow window(settings);
            showOnScreen(window);
            const int courseSteps = [&] {
                window.openLesson(course);
                return window.player()->stepCount();
            }();
            for (const QString& path :
                 {inCourse, kCourseFolder + "/../lessons/" + kQuantizationFile, copy}) {
                QVERIFY(window.openLessonFile(path));
                QCOMPARE(window.currentLesson()->source, course);
                QCOMPARE(window.browser()->currentItem()->text(0), kQuantizationTitle);
                QCOMPARE(window.browser()->currentItem()->parent()->text(0), kFirstPart);
            }
            // An edited copy shows its edits (and reloads as it is saved), listed as the course's.
            QVERIFY(window.openLessonFile(edited));
            QCOMPARE(window.currentLesson()->source.location, edited);
            QCOMPARE(window.player()->stepCount(), courseSteps + 1);
            QCOMPARE(window.browser()->currentItem()->text(0), kQuantizationTitle);
            QVERIFY(window.statusBar()->currentMessage().contains(
                "an edited copy of the built-in lesson"));

            // Never one of the user's own lessons, on this launch or the next.
            QVERIFY(settings.recentFiles().isEmpty());
            QCOMPARE(lessonsUnder(*window.browser(), LessonBrowser::userLessonsHeading()),
                     QStringList{"Open a lesson file with Ctrl+O"});
            QCOMPARE(window.browser()
                         ->findItems(kQuantizationTitle, Qt::MatchExactly | Qt::MatchRecursive)
                         .size(),
                     1);
        }
    }

    void editingABuiltinLessonFileShowsTheEdits() {
        const QString original = readFile(kCourseFolder + '/' + kQuantizationFile);
        const QString copy = directory_.filePath("watched.lesson.md");
        writeFile(copy, original);
        AppSettings settings(settingsPath_);
        MainWindow window(settings);
        showOnScreen(window);
        QVERIFY(window.openLessonFile(copy));
        QCOMPARE(window.currentLesson()->source.origin, LessonSource::Origin::BuiltIn);
        const int courseSteps = window.player()->stepCount();
        window.player()->goToStep(2);

        // An instructor edits the file: the edits show at once, on the same step.
        writeFile(copy, original + "\n---\n\n# One more step\n\nFrom the instructor.\n");
        QTRY_COMPARE_WITH_TIMEOUT(window.player()->stepCount(), courseSteps + 1, 5000);
        QCOMPARE(window.currentLesson()->source.location, copy);
        QCOMPARE(window.player()->currentStep(), 2);
        QCOMPARE(window.browser()->currentItem()->text(0), kQuantizationTitle);

        // Saved back as it was, it is the course's lesson again.
        writeFile(copy, original);
        QTRY_COMPARE_WITH_TIMEOUT(window.player()->stepCount(), courseSteps, 5000);
        QCOMPARE(window.currentLesson()->source.origin, LessonSource::Origin::BuiltIn);
        QCOMPARE(window.player()->currentStep(), 2);
        QVERIFY(settings.recentFiles().isEmpty());
    }

    void oldSettingsWithDuplicatesAreCleanedUp() {
        const QString mine = directory_.filePath("mine.lesson.md");
        writeFile(mine, lessonText("Second"));
        const QString link = directory_.filePath("link-to-mine.lesson.md");
        QVERIFY(QFile::link(mine, link));
        const QString builtin = kCourseFolder + '/' + kQuantizationFile;
        {
            // As an earlier version left it: one entry per spelling, and a built-in lesson.
            QSettings old(settingsPath_, QSettings::IniFormat);
            old.setValue("recentFiles", QStringList{mine, directory_.path() + "/./mine.lesson.md",
                                                    builtin, link, mine});
        }
        AppSettings settings(settingsPath_);
        QCOMPARE(settings.recentFiles(), (QStringList{mine, builtin}));
        MainWindow window(settings);
        QCOMPARE(settings.recentFiles(), QStringList{mine});
        QCOMPARE(QSettings(settingsPath_, QSettings::IniFormat).value("recentFiles").toStringList(),
                 QStringList{mine});
        QCOMPARE(lessonsUnder(*window.browser(), LessonBrowser::userLessonsHeading()),
                 QStringList{"Test lesson"});

        // Opened again under another spelling: still one entry, the spelling used last.
        QVERIFY(window.openLessonFile(link));
        QCOMPARE(settings.recentFiles(), QStringList{link});
        QCOMPARE(lessonsUnder(*window.browser(), LessonBrowser::userLessonsHeading()),
                 QStringList{"Test lesson"});
    }

    void userLessonsGoUnderTheirPart() {
        const QString inCoursePart = directory_.filePath("between.lesson.md");
        writeFile(inCoursePart, lessonText("Second", "between", "Between `one` and two",
                                           "part: \"" + kFirstPart + "\"\norder: 1.5\n"));
        const QString inNewPart = directory_.filePath("guest.lesson.md");
        writeFile(inNewPart,
                  lessonText("Second", "guest", "A guest lecture", "part: Guest lectures\n"));
        const QString withoutPart = directory_.filePath("plain.lesson.md");
        writeFile(withoutPart, lessonText("Second"));

        for (int launch = 0; launch < 2; ++launch) {
            AppSettings settings(settingsPath_);
            MainWindow window(settings);
            showOnScreen(window);
            if (launch == 0) {
                for (const QString& path : {inCoursePart, inNewPart, withoutPart}) {
                    QVERIFY(window.openLessonFile(path));
                }
            }
            const LessonBrowser& browser = *window.browser();
            // The course's parts, then the new part, then "My lessons".
            const QStringList names = headings(browser);
            QCOMPARE(names.size(), 6);
            QCOMPARE(names.front(), kFirstPart);
            QVERIFY(names.at(3).startsWith("Part 4"));
            QCOMPARE(names.at(4), QString("Guest lectures"));
            QCOMPARE(names.at(5), LessonBrowser::userLessonsHeading());
            // In a course part, the lesson takes its place by its `order`.
            const QStringList firstPart = lessonsUnder(browser, kFirstPart);
            QCOMPARE(firstPart.mid(0, 3), (QStringList{"Bits and bytes", "Between one and two",
                                                       "Two's complement and wrap-around"}));
            QCOMPARE(lessonsUnder(browser, "Guest lectures"), QStringList{"A guest lecture"});
            QCOMPARE(lessonsUnder(browser, LessonBrowser::userLessonsHeading()),
                     QStringList{"Test lesson"});

            // Choosing it opens the file.
            QTreeWidgetItem* item = heading(browser, kFirstPart)->child(1);
            window.browser()->scrollToItem(item);
            QTest::mouseClick(window.browser()->viewport(), Qt::LeftButton, {},
                              window.browser()->visualItemRect(item).center());
            QVERIFY(window.currentLesson().has_value());
            QCOMPARE(window.currentLesson()->source.location, inCoursePart);
        }
    }

private:
    QTemporaryDir directory_;
    QString settingsPath_;
    int run_ = 0;
};

QTEST_MAIN(TestLessonBrowser)
#include "tst_lesson_browser.moc"
