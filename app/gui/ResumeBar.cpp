#include "gui/ResumeBar.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>

namespace mlsyslab::app {

ResumeBar::ResumeBar(QWidget* parent)
    : QFrame(parent),
      message_(new QLabel(this)),
      startOver_(new QPushButton(tr("Start over"), this)),
      dismiss_(new QPushButton(QStringLiteral("✕"), this)) {
    setObjectName("resumeBar");
    message_->setObjectName("resumeMessage");
    message_->setTextFormat(Qt::PlainText);
    startOver_->setObjectName("startOverButton");
    startOver_->setToolTip(tr("Go to step 1 (your quiz answers are kept)"));
    dismiss_->setObjectName("dismissResumeButton");
    dismiss_->setToolTip(tr("Hide this note"));
    dismiss_->setAccessibleName(tr("Hide this note"));
    dismiss_->setFlat(true);
    // The bar is a note, not a stop: clicking its buttons must leave the keyboard with the
    // lesson, where Right/Left step.
    startOver_->setFocusPolicy(Qt::NoFocus);
    dismiss_->setFocusPolicy(Qt::NoFocus);

    // A panel in the palette's alternate colour, so it reads as a note in desk and presentation
    // palettes alike.
    setFrameShape(QFrame::StyledPanel);
    setBackgroundRole(QPalette::AlternateBase);
    setAutoFillBackground(true);

    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(8, 4, 4, 4);
    layout->addWidget(message_, 1);
    layout->addWidget(startOver_);
    layout->addWidget(dismiss_);

    connect(startOver_, &QPushButton::clicked, this, [this] {
        hide();
        emit startOverRequested();
    });
    connect(dismiss_, &QPushButton::clicked, this, &QWidget::hide);
    hide();
}

void ResumeBar::showResumed(int stepIndex, int stepCount) {
    message_->setText(
        tr("Resumed at step %1 of %2, where you left off.").arg(stepIndex + 1).arg(stepCount));
    show();
}

}  // namespace mlsyslab::app
