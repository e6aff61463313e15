#pragma once

#include <QMainWindow>
#include <QPalette>
#include <optional>

#include "common/SimWidgetRegistry.h"
#include "gui/LessonSource.h"
#include "lesson/SimKindRegistry.h"

class QFileSystemWatcher;
class QLabel;
class QMenu;
class QSplitter;
class QStackedWidget;
class QTimer;

namespace mlsyslab::widgets {
class LessonPlayer;
}

namespace mlsyslab::app {

class AppSettings;
class DiagnosticsPanel;
class LessonBrowser;
class PresenterWindow;
class ResumeBar;

// The app's window: the lesson browser beside the current lesson (or its diagnostics), the
// menus of DESIGN.md §5, presentation mode and the presenter view.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(AppSettings& settings, QWidget* parent = nullptr);
    ~MainWindow() override;

    // Open a lesson: it shows its step (the last one visited, with a note that says so and
    // offers to start over, or step 1) or, when it has errors, the diagnostics panel. A file of
    // the built-in course opens as the course's lesson (see builtinLessonOfFile); an edited copy
    // opens from its file, but is still listed once, as the course's. False when it could not
    // be opened as a lesson.
    bool openLesson(const LessonSource& source);
    bool openLessonFile(const QString& path);
    // Shows this step of the open lesson as asked for (`--step N`): no note about resuming.
    void showStepAsAsked(int stepIndex);

    bool isPresentationMode() const { return presentation_; }
    // fullScreen is false only for screenshots, which render presentation style at a set size.
    void setPresentationMode(bool on, bool fullScreen = true);

    const std::optional<LoadedLesson>& currentLesson() const { return current_; }
    widgets::LessonPlayer* player() const { return player_; }
    DiagnosticsPanel* diagnosticsPanel() const { return diagnostics_; }
    LessonBrowser* browser() const { return browser_; }
    PresenterWindow* presenterWindow() const { return presenter_; }
    ResumeBar* resumeBar() const { return resumeBar_; }
    bool isShowingDiagnostics() const;

protected:
    void resizeEvent(QResizeEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void buildMenus();
    void chooseLessonFile();
    void reloadCurrentLesson();
    void watchCurrentFile();
    void refreshUserLessons();
    void refreshRecentMenu();
    void showPresenterWindow();
    void showAbout();
    void recordStep(int index);
    void showOpenedMessage(const QString& title, const LoadedLesson* editedBuiltin, bool resumed);
    void retireResumeNote();
    QString currentLessonId() const;

    AppSettings& settings_;
    lesson::SimKindRegistry kinds_;
    widgets::SimWidgetRegistry simulators_;
    std::vector<LoadedLesson> course_;  // the built-in course, parsed once
    std::optional<LoadedLesson> current_;
    // The file the open lesson was opened from, even when it opened as the course's lesson;
    // empty for a lesson chosen from the course.
    QString openedFile_;

    QSplitter* splitter_;
    bool browserWidthChosen_ = false;  // the user dragged the splitter: keep their width
    LessonBrowser* browser_;
    QStackedWidget* pages_;
    QLabel* welcome_;
    QWidget* lessonPage_;  // the resume note above the player
    ResumeBar* resumeBar_;
    widgets::LessonPlayer* player_;
    DiagnosticsPanel* diagnostics_;
    PresenterWindow* presenter_;
    QMenu* recentMenu_ = nullptr;
    QFileSystemWatcher* watcher_;
    QTimer* reloadTimer_;
    QString openedMessage_;  // the status bar's message about the open lesson, without resuming

    bool presentation_ = false;
    QPalette deskPalette_;
    QFont deskFont_;
};

}  // namespace mlsyslab::app
