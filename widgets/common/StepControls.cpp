#include "common/StepControls.h"

#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QPushButton>
#include <QSlider>
#include <QTimer>

#include <algorithm>

namespace mlsyslab::widgets {

namespace {
// Slow enough to follow a carry with the eye in a lecture hall.
constexpr int kDefaultRunIntervalMs = 700;
}  // namespace

StepControls::StepControls(QWidget* parent)
    : QWidget(parent),
      labelText_([](int position, int count) {
          return tr("Step %1 / %2").arg(position + 1).arg(count);
      }),
      resetButton_(new QPushButton(tr("Reset"), this)),
      backButton_(new QPushButton(tr("◀ Back"), this)),
      stepButton_(new QPushButton(tr("Step ▶"), this)),
      runButton_(new QPushButton(tr("Run"), this)),
      scrubber_(new QSlider(Qt::Horizontal, this)),
      positionLabel_(new QLabel(this)),
      runTimer_(new QTimer(this)) {
    resetButton_->setObjectName("resetButton");
    backButton_->setObjectName("backButton");
    stepButton_->setObjectName("stepButton");
    runButton_->setObjectName("runButton");
    scrubber_->setObjectName("scrubber");
    positionLabel_->setObjectName("positionLabel");

    resetButton_->setToolTip(tr("Back to the start (Home)"));
    backButton_->setToolTip(tr("One step back (Left)"));
    stepButton_->setToolTip(tr("One step forward (Right)"));
    runButton_->setToolTip(tr("Step on its own until the end (Space)"));
    // Clicking a button must leave the keyboard with these controls, not with the button.
    for (auto* button : {resetButton_, backButton_, stepButton_, runButton_}) {
        button->setFocusPolicy(Qt::NoFocus);
    }
    setFocusPolicy(Qt::StrongFocus);
    scrubber_->setFocusPolicy(Qt::NoFocus);
    scrubber_->setPageStep(1);
    positionLabel_->setAlignment(Qt::AlignCenter);
    runTimer_->setInterval(kDefaultRunIntervalMs);

    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(resetButton_);
    layout->addWidget(backButton_);
    layout->addWidget(stepButton_);
    layout->addWidget(runButton_);
    layout->addWidget(scrubber_, 1);
    layout->addWidget(positionLabel_);

    connect(resetButton_, &QPushButton::clicked, this, &StepControls::reset);
    connect(backButton_, &QPushButton::clicked, this, &StepControls::stepBack);
    connect(stepButton_, &QPushButton::clicked, this, &StepControls::stepForward);
    connect(runButton_, &QPushButton::clicked, this, &StepControls::toggleRun);
    connect(scrubber_, &QSlider::valueChanged, this, &StepControls::setPosition);
    connect(runTimer_, &QTimer::timeout, this, [this] {
        if (position_ + 1 >= count_) {
            runTimer_->stop();
            refresh();
            return;
        }
        setPosition(position_ + 1);
    });
    refresh();
}

void StepControls::setCount(int count) {
    runTimer_->stop();
    count_ = std::max(0, count);
    const int previous = position_;
    position_ = std::clamp(position_, 0, std::max(0, count_ - 1));
    refresh();
    if (position_ != previous) emit positionChanged(position_);
}

void StepControls::setLabelText(std::function<QString(int, int)> labelText) {
    labelText_ = std::move(labelText);
    refresh();
}

void StepControls::setRunInterval(int milliseconds) { runTimer_->setInterval(milliseconds); }

bool StepControls::isRunning() const { return runTimer_->isActive(); }

void StepControls::setPosition(int position) {
    const int clamped = std::clamp(position, 0, std::max(0, count_ - 1));
    if (clamped == position_) {
        refresh();
        return;
    }
    position_ = clamped;
    refresh();
    emit positionChanged(position_);
}

void StepControls::stepForward() { setPosition(position_ + 1); }

void StepControls::stepBack() { setPosition(position_ - 1); }

void StepControls::reset() {
    runTimer_->stop();
    setPosition(0);
}

void StepControls::toggleRun() {
    if (runTimer_->isActive()) {
        runTimer_->stop();
    } else if (count_ > 1) {
        // Running from the end starts over, as a media player does.
        if (position_ + 1 >= count_) setPosition(0);
        runTimer_->start();
    }
    refresh();
}

bool StepControls::handleStepKey(int key) {
    switch (key) {
        case Qt::Key_Right:
            stepForward();
            return true;
        case Qt::Key_Left:
            stepBack();
            return true;
        case Qt::Key_Space:
            toggleRun();
            return true;
        case Qt::Key_Home:
            reset();
            return true;
        case Qt::Key_End:
            setPosition(count_ - 1);
            return true;
        default:
            return false;
    }
}

void StepControls::keyPressEvent(QKeyEvent* event) {
    if (!handleStepKey(event->key())) QWidget::keyPressEvent(event);
}

void StepControls::refresh() {
    const bool hasSteps = count_ > 0;
    resetButton_->setEnabled(hasSteps && position_ > 0);
    backButton_->setEnabled(hasSteps && position_ > 0);
    stepButton_->setEnabled(hasSteps && position_ + 1 < count_);
    runButton_->setEnabled(count_ > 1);
    runButton_->setText(runTimer_->isActive() ? tr("Pause") : tr("Run"));
    const QSignalBlocker blocker(scrubber_);
    scrubber_->setRange(0, std::max(0, count_ - 1));
    scrubber_->setValue(position_);
    scrubber_->setEnabled(count_ > 1);
    positionLabel_->setText(hasSteps ? labelText_(position_, count_) : tr("—"));
}

}  // namespace mlsyslab::widgets
