#include "gui/PresenterWindow.h"

#include <QGuiApplication>
#include <QLabel>
#include <QScreen>
#include <QScrollArea>
#include <QShortcut>
#include <QTimer>
#include <QVBoxLayout>

#include "common/MarkdownView.h"
#include "lesson/PlainTitle.h"

namespace mlsyslab::app {

namespace {

QString titleOf(const lesson::Step& step, int index) {
    const std::string title = lesson::plainTitle(lesson::stepTitle(step));
    return title.empty() ? QObject::tr("Step %1").arg(index + 1) : QString::fromStdString(title);
}

}  // namespace

PresenterWindow::PresenterWindow(QWidget* parent)
    : QWidget(parent, Qt::Window),
      position_(new QLabel(this)),
      notes_(new widgets::MarkdownView(QString(), this)),
      next_(new QLabel(this)),
      clock_(new QLabel(this)),
      clockTimer_(new QTimer(this)) {
    position_->setObjectName("presenterPosition");
    notes_->setObjectName("presenterNotes");
    next_->setObjectName("presenterNext");
    clock_->setObjectName("presenterClock");

    QFont big = font();
    big.setPointSizeF(font().pointSizeF() * 1.5);
    big.setBold(true);
    position_->setFont(big);
    clock_->setFont(big);
    QFont notesFont = font();
    notesFont.setPointSizeF(font().pointSizeF() * 1.4);
    notes_->setFont(notesFont);
    next_->setWordWrap(true);
    // Titles are plain text: a '<' in one must not turn the label into rich text.
    position_->setTextFormat(Qt::PlainText);
    next_->setTextFormat(Qt::PlainText);

    auto* notesScroll = new QScrollArea(this);
    auto* notesPage = new QWidget;
    auto* notesLayout = new QVBoxLayout(notesPage);
    notesLayout->addWidget(notes_);
    notesLayout->addStretch();
    notesScroll->setWidget(notesPage);
    notesScroll->setWidgetResizable(true);

    auto* header = new QHBoxLayout;
    header->addWidget(position_, 1);
    header->addWidget(clock_);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(header);
    layout->addWidget(notesScroll, 1);
    layout->addWidget(next_);

    // A presenter's clicker sends Page Down / Page Up to whichever window has focus.
    for (const auto key : {Qt::Key_Right, Qt::Key_PageDown}) {
        connect(new QShortcut(key, this), &QShortcut::activated, this, &PresenterWindow::nextRequested);
    }
    for (const auto key : {Qt::Key_Left, Qt::Key_PageUp}) {
        connect(new QShortcut(key, this), &QShortcut::activated, this, &PresenterWindow::previousRequested);
    }
    connect(clockTimer_, &QTimer::timeout, this, &PresenterWindow::updateClock);
    clockTimer_->start(1000);
    elapsed_.start();
    updateClock();
    resize(900, 600);
    clear();
}

void PresenterWindow::showStep(const lesson::Lesson& lesson, int stepIndex) {
    const int count = static_cast<int>(lesson.steps.size());
    if (stepIndex < 0 || stepIndex >= count) {
        clear();
        return;
    }
    const auto& step = lesson.steps[static_cast<std::size_t>(stepIndex)];
    setWindowTitle(tr("MLSysLab — Presenter view — %1")
                       .arg(QString::fromStdString(lesson::plainTitle(lesson.info.title))));
    position_->setText(tr("Step %1 / %2 — %3").arg(stepIndex + 1).arg(count).arg(titleOf(step, stepIndex)));
    notes_->setMarkdownText(step.speakerNotes.empty() ? tr("*No notes for this step.*")
                                                      : QString::fromStdString(step.speakerNotes));
    next_->setText(stepIndex + 1 < count
                       ? tr("Next: %1").arg(titleOf(lesson.steps[static_cast<std::size_t>(stepIndex + 1)], stepIndex + 1))
                       : tr("Last step."));
}

void PresenterWindow::clear() {
    setWindowTitle(tr("MLSysLab — Presenter view"));
    position_->setText(tr("No lesson open"));
    notes_->setMarkdownText(QString());
    next_->setText(QString());
}

void PresenterWindow::placeAwayFrom(const QWidget* mainWindow) {
    const QScreen* mainScreen = mainWindow->screen();
    for (QScreen* screen : QGuiApplication::screens()) {
        if (screen != mainScreen) {
            setScreen(screen);
            move(screen->availableGeometry().topLeft());
            return;
        }
    }
}

void PresenterWindow::showEvent(QShowEvent* event) {
    elapsed_.restart();
    updateClock();
    QWidget::showEvent(event);
}

void PresenterWindow::updateClock() {
    const qint64 seconds = elapsed_.elapsed() / 1000;
    clock_->setText(QStringLiteral("%1:%2").arg(seconds / 60, 2, 10, QChar('0')).arg(seconds % 60, 2, 10, QChar('0')));
}

}  // namespace mlsyslab::app
