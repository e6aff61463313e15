#include "gui/MainWindow.h"

#include <QAction>
#include <QApplication>
#include <QDragEnterEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFileSystemWatcher>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QSplitter>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>

#include "common/SimWidgetRegistry.h"
#include "common/DisplayStyle.h"
#include "gui/AppSettings.h"
#include "gui/DiagnosticsPanel.h"
#include "gui/LessonBrowser.h"
#include "gui/PresenterWindow.h"
#include "gui/ResumeBar.h"
#include "lesson/KindSpec.h"
#include "lesson/LessonPlayer.h"
#include "lesson/PlainTitle.h"

namespace mlsyslab::app {

namespace {

// Editors save in bursts (truncate, write, rename); wait for the burst to end before reloading.
constexpr int kReloadDelayMs = 150;
constexpr int kZoomMessageMs = 3000;

// The lesson browser's width in a window of 1280 px and more; a narrower window gives it a
// share of its width (down to 1024 px and below) so that the step keeps the room it needs.
constexpr int kBrowserWidth = 340;
constexpr int kLeastBrowserWidth = 200;
constexpr double kBrowserShare = 0.26;
constexpr QSize kDefaultWindowSize(1280, 800);

QString welcomeText() {
    return QObject::tr(
        "# Welcome to MLSysLab\n\n"
        "How machine learning meets hardware, one step at a time: bits and number formats, "
        "logic and adders, a Python bytecode VM, caches, GPUs and real matrix multiplication.\n\n"
        "**Pick a lesson on the left**, or open your own lesson file with **File › Open Lesson** "
        "(Ctrl+O) or by dropping it here.\n\n"
        "In a lesson: **→ / Page Down** next step, **← / Page Up** previous, **Home** first. "
        "**F11** switches presentation mode for the lecture hall.");
}

}  // namespace

MainWindow::MainWindow(AppSettings& settings, QWidget* parent)
    : QMainWindow(parent),
      settings_(settings),
      kinds_(lesson::builtinSimKinds()),
      simulators_(widgets::builtinSimWidgets()),
      splitter_(new QSplitter(this)),
      browser_(new LessonBrowser(this)),
      pages_(new QStackedWidget(this)),
      welcome_(new QLabel(welcomeText(), this)),
      lessonPage_(new QWidget(this)),
      resumeBar_(new ResumeBar(lessonPage_)),
      player_(new widgets::LessonPlayer(simulators_, lessonPage_)),
      diagnostics_(new DiagnosticsPanel(this)),
      presenter_(new PresenterWindow(this)),
      watcher_(new QFileSystemWatcher(this)),
      reloadTimer_(new QTimer(this)),
      deskPalette_(QApplication::palette()),
      deskFont_(QApplication::font()) {
    setWindowTitle(tr("MLSysLab"));
    setAcceptDrops(true);

    welcome_->setTextFormat(Qt::MarkdownText);
    welcome_->setWordWrap(true);
    welcome_->setAlignment(Qt::AlignCenter);
    welcome_->setMargin(48);
    welcome_->setObjectName("welcome");
    auto* lessonLayout = new QVBoxLayout(lessonPage_);
    lessonLayout->setContentsMargins(0, 0, 0, 0);
    lessonLayout->addWidget(resumeBar_);
    lessonLayout->addWidget(player_, 1);
    pages_->addWidget(welcome_);
    pages_->addWidget(lessonPage_);
    pages_->addWidget(diagnostics_);

    splitter_->addWidget(browser_);
    splitter_->addWidget(pages_);
    splitter_->setStretchFactor(1, 1);
    splitter_->setSizes({kBrowserWidth, kDefaultWindowSize.width() - kBrowserWidth});
    setCentralWidget(splitter_);
    connect(splitter_, &QSplitter::splitterMoved, this, [this] { browserWidthChosen_ = true; });

    course_ = loadBuiltinCourse(kinds_);
    browser_->setCourse(course_);
    refreshUserLessons();
    connect(browser_, &LessonBrowser::lessonChosen, this, &MainWindow::openLesson);

    connect(player_, &widgets::LessonPlayer::stepChanged, this, &MainWindow::recordStep);
    connect(player_, &widgets::LessonPlayer::stepChanged, this, &MainWindow::retireResumeNote);
    connect(resumeBar_, &ResumeBar::startOverRequested, this, [this] {
        player_->first();
        player_->setFocus();
    });
    connect(player_, &widgets::LessonPlayer::quizAnswered, this,
            [this](int step, int quiz, const std::vector<int>& selection, bool) {
                settings_.setQuizAnswer(currentLessonId(), step, quiz, selection);
            });
    connect(player_, &widgets::LessonPlayer::answersCleared, this,
            [this] { settings_.clearQuizAnswers(currentLessonId()); });
    connect(presenter_, &PresenterWindow::nextRequested, player_, &widgets::LessonPlayer::next);
    connect(presenter_, &PresenterWindow::previousRequested, player_, &widgets::LessonPlayer::previous);

    reloadTimer_->setSingleShot(true);
    reloadTimer_->setInterval(kReloadDelayMs);
    connect(watcher_, &QFileSystemWatcher::fileChanged, reloadTimer_, qOverload<>(&QTimer::start));
    connect(reloadTimer_, &QTimer::timeout, this, &MainWindow::reloadCurrentLesson);

    buildMenus();
    statusBar()->showMessage(tr("Ready"));
    resize(kDefaultWindowSize);
}

MainWindow::~MainWindow() = default;

void MainWindow::buildMenus() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    QAction* open = file->addAction(tr("&Open Lesson…"), this, &MainWindow::chooseLessonFile);
    open->setShortcut(QKeySequence::Open);
    recentMenu_ = file->addMenu(tr("Open &Recent"));
    refreshRecentMenu();
    QAction* reload = file->addAction(tr("Re&load Lesson"), this, &MainWindow::reloadCurrentLesson);
    reload->setShortcut(QKeySequence::Refresh);
    file->addSeparator();
    QAction* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);

    QMenu* view = menuBar()->addMenu(tr("&View"));
    QAction* presentation = view->addAction(tr("&Presentation Mode"));
    presentation->setObjectName("presentationAction");
    presentation->setShortcut(Qt::Key_F11);
    presentation->setCheckable(true);
    connect(presentation, &QAction::toggled, this, [this](bool on) { setPresentationMode(on); });
    QAction* leave = new QAction(tr("Leave Presentation Mode"), this);
    leave->setShortcut(Qt::Key_Escape);
    connect(leave, &QAction::triggered, presentation, [presentation] { presentation->setChecked(false); });
    QAction* presenter = view->addAction(tr("Presenter &View (Speaker Notes)"), this,
                                         &MainWindow::showPresenterWindow);
    presenter->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_P));
    view->addSeparator();
    // The step's text and simulators, larger or smaller; fitting (the default) shows the whole
    // step without scrolling, as a projected slide must.
    QAction* zoomIn = view->addAction(tr("Zoom &In"), player_, &widgets::LessonPlayer::zoomIn);
    zoomIn->setObjectName("zoomInAction");
    zoomIn->setShortcuts({QKeySequence::ZoomIn, QKeySequence(Qt::CTRL | Qt::Key_Equal)});
    QAction* zoomOut = view->addAction(tr("Zoom &Out"), player_, &widgets::LessonPlayer::zoomOut);
    zoomOut->setObjectName("zoomOutAction");
    zoomOut->setShortcut(QKeySequence::ZoomOut);
    QAction* fit = view->addAction(tr("&Fit Step to Window"));
    connect(fit, &QAction::triggered, this, [this, fit] {
        player_->fitToWindow();
        fit->setChecked(true);  // choosing it again keeps fitting, it does not switch it off
    });
    fit->setObjectName("fitAction");
    fit->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_0));
    fit->setCheckable(true);
    fit->setChecked(player_->fitsToWindow());
    connect(player_, &widgets::LessonPlayer::zoomChanged, this, [this, fit](double zoom, bool fits) {
        fit->setChecked(fits);
        statusBar()->showMessage(fits ? tr("Zoom %1 % (fit to window)").arg(qRound(zoom * 100))
                                      : tr("Zoom %1 %").arg(qRound(zoom * 100)),
                                 kZoomMessageMs);
    });

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&About MLSysLab"), this, &MainWindow::showAbout);

    // The menu bar is hidden in presentation mode; its shortcuts must keep working.
    addActions({open, reload, quit, presentation, leave, presenter, zoomIn, zoomOut, fit});
}

bool MainWindow::openLessonFile(const QString& path) {
    return openLesson({LessonSource::Origin::File, QFileInfo(path).absoluteFilePath()});
}

bool MainWindow::openLesson(const LessonSource& requested) {
    LoadedLesson loaded = loadLesson(requested, kinds_);
    // A file of the built-in course is that lesson, not one of the user's own. As it is, it
    // opens as the course's lesson; edited, it opens from the file, so the edits show (and
    // reload as they are saved), but the browser still lists it once, as the course's.
    const LoadedLesson* builtin = builtinLessonOfFile(loaded, course_);
    const LoadedLesson* editedBuiltin = nullptr;
    if (builtin != nullptr && builtin->text == loaded.text) {
        loaded = *builtin;
    } else {
        editedBuiltin = builtin;
    }
    const LessonSource source = loaded.source;
    const QString requestedFile =
        requested.origin == LessonSource::Origin::File ? requested.location : QString();
    // The lesson on screen again (chosen again, reloaded, its file saved): it keeps its step.
    const bool sameFile = !requestedFile.isEmpty() && requestedFile == openedFile_;
    const bool sameLesson = current_ && (current_->source == source || sameFile);
    current_ = std::move(loaded);
    openedFile_ = requestedFile;
    if (builtin == nullptr && source.origin == LessonSource::Origin::File &&
        QFileInfo(source.location).isFile()) {
        settings_.addRecentFile(source.location);
        refreshUserLessons();
        refreshRecentMenu();
    }
    watchCurrentFile();
    browser_->selectSource(editedBuiltin != nullptr ? editedBuiltin->source : source);

    if (!current_->parsed.lesson) {
        diagnostics_->showLesson(*current_);
        pages_->setCurrentWidget(diagnostics_);
        presenter_->clear();
        setWindowTitle(tr("MLSysLab — %1 (errors)").arg(QFileInfo(source.location).fileName()));
        statusBar()->showMessage(tr("This lesson has errors; it opens when they are fixed."));
        return false;
    }
    const lesson::Lesson& lesson = *current_->parsed.lesson;
    const QString id = QString::fromStdString(lesson.info.id);
    // Reopening (or reloading) the lesson on screen keeps its step; otherwise resume where the
    // student left off, and say so.
    const int step = sameLesson && player_->lesson() ? player_->currentStep()
                                                     : std::max(0, settings_.lastStep(id));
    player_->setLesson(lesson, step, settings_.quizAnswers(id));
    pages_->setCurrentWidget(lessonPage_);
    player_->setFocus();
    const bool resumed = !sameLesson && player_->currentStep() > 0;
    if (resumed) resumeBar_->showResumed(player_->currentStep(), player_->stepCount());

    const QString title = QString::fromStdString(lesson::plainTitle(lesson.info.title));
    setWindowTitle(tr("MLSysLab — %1").arg(title));
    showOpenedMessage(title, editedBuiltin, resumed);
    return true;
}

void MainWindow::showOpenedMessage(const QString& title, const LoadedLesson* editedBuiltin,
                                   bool resumed) {
    const LessonSource& source = current_->source;
    QString message = source.origin == LessonSource::Origin::BuiltIn
                          ? tr("Opened “%1”").arg(title)
                          : tr("Opened “%1” from %2").arg(title, source.location);
    if (editedBuiltin != nullptr) {
        message +=
            tr(", an edited copy of the built-in lesson %1").arg(editedBuiltin->source.location);
    }
    const auto& diagnostics = current_->parsed.diagnostics;
    if (!diagnostics.empty()) {
        const std::string firstWarning =
            lesson::formatDiagnostic(source.location.toStdString(), diagnostics.front());
        message += QStringLiteral(" — ") + QString::fromStdString(firstWarning);
    }
    openedMessage_ = message;
    if (resumed) {
        message += tr(" — resumed at step %1 of %2")
                       .arg(player_->currentStep() + 1)
                       .arg(player_->stepCount());
    }
    statusBar()->showMessage(message);
}

void MainWindow::retireResumeNote() {
    // "Resumed at step 4" is true only until the lesson moves: in the bar and the status bar.
    if (resumeBar_->isHidden()) return;
    resumeBar_->hide();
    statusBar()->showMessage(openedMessage_);
}

void MainWindow::showStepAsAsked(int stepIndex) {
    player_->goToStep(stepIndex);
    retireResumeNote();
}

bool MainWindow::isShowingDiagnostics() const { return pages_->currentWidget() == diagnostics_; }

QString MainWindow::currentLessonId() const {
    return current_ && current_->parsed.lesson ? QString::fromStdString(current_->parsed.lesson->info.id)
                                               : QString();
}

void MainWindow::recordStep(int index) {
    if (!player_->lesson()) return;
    settings_.setLastStep(currentLessonId(), index);
    presenter_->showStep(*player_->lesson(), index);
}

void MainWindow::chooseLessonFile() {
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Open Lesson"), QString(), tr("Lessons (*.lesson.md *.md);;All files (*)"));
    if (!path.isEmpty()) openLessonFile(path);
}

void MainWindow::reloadCurrentLesson() {
    if (!openedFile_.isEmpty()) {
        openLesson({LessonSource::Origin::File, openedFile_});
    } else if (current_) {
        openLesson(current_->source);
    }
}

void MainWindow::watchCurrentFile() {
    if (!watcher_->files().isEmpty()) watcher_->removePaths(watcher_->files());
    // Many editors save by writing a new file and renaming it over the old one, which ends the
    // watch; watching again after every load keeps following the path.
    // A built-in lesson opened from its file is watched too: editing it shows the edits.
    if (!openedFile_.isEmpty() && QFileInfo::exists(openedFile_)) watcher_->addPath(openedFile_);
}

void MainWindow::refreshUserLessons() {
    std::vector<LoadedLesson> lessons;
    for (const QString& path : settings_.recentFiles()) {
        if (!QFileInfo::exists(path)) continue;
        LoadedLesson lesson = loadLesson({LessonSource::Origin::File, path}, kinds_);
        // Earlier versions kept built-in lessons opened by path among the user's own.
        if (builtinLessonOfFile(lesson, course_) != nullptr) {
            settings_.removeRecentFile(path);
            continue;
        }
        lessons.push_back(std::move(lesson));
    }
    browser_->setUserLessons(lessons);
}

void MainWindow::refreshRecentMenu() {
    recentMenu_->clear();
    const QStringList files = settings_.recentFiles();
    for (const QString& path : files) {
        recentMenu_->addAction(path, this, [this, path] { openLessonFile(path); });
    }
    if (files.isEmpty()) recentMenu_->addAction(tr("(none)"))->setEnabled(false);
}

void MainWindow::setPresentationMode(bool on, bool fullScreen) {
    presentation_ = on;
    const widgets::DisplayStyle style = on ? widgets::presentationStyle() : widgets::deskStyle();
    QApplication::setPalette(widgets::paletteFor(style, deskPalette_));
    QApplication::setFont(widgets::fontFor(style, deskFont_));
    browser_->setVisible(!on);
    menuBar()->setVisible(!on);
    statusBar()->setVisible(!on);
    if (fullScreen) on ? showFullScreen() : showNormal();
    // The step view sizes its text column from the font; rebuild it in the new style.
    if (player_->lesson()) player_->setLesson(*player_->lesson(), player_->currentStep(),
                                              settings_.quizAnswers(currentLessonId()));
}

void MainWindow::resizeEvent(QResizeEvent* event) {
    QMainWindow::resizeEvent(event);
    if (browserWidthChosen_ || browser_->isHidden()) return;
    const int browserWidth = std::clamp(static_cast<int>(width() * kBrowserShare),
                                        kLeastBrowserWidth, kBrowserWidth);
    splitter_->setSizes({browserWidth, std::max(0, splitter_->width() - browserWidth)});
}

void MainWindow::showPresenterWindow() {
    presenter_->placeAwayFrom(this);
    if (player_->lesson()) presenter_->showStep(*player_->lesson(), player_->currentStep());
    presenter_->show();
    presenter_->raise();
}

void MainWindow::showAbout() {
    QMessageBox::about(this, tr("About MLSysLab"),
                       tr("<h3>MLSysLab %1</h3><p>An interactive simulator for teaching how machine "
                          "learning meets hardware.</p><p>Built with Qt %2.</p>")
                           .arg(QStringLiteral(MLSYSLAB_VERSION), QString::fromLatin1(qVersion())));
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
    const auto urls = event->mimeData()->urls();
    if (!urls.isEmpty() && urls.front().isLocalFile()) event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event) {
    const auto urls = event->mimeData()->urls();
    if (urls.isEmpty() || !urls.front().isLocalFile()) return;
    openLessonFile(urls.front().toLocalFile());
    event->acceptProposedAction();
}

}  // namespace mlsyslab::app
