#include "common/StepBar.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>

namespace mlsyslab::widgets {

StepBar::StepBar(QWidget* parent)
    : QWidget(parent),
      previousButton_(new QPushButton(tr("◀ Previous"), this)),
      stepLabel_(new QLabel(this)),
      nextButton_(new QPushButton(tr("Next ▶"), this)),
      resetButton_(new QPushButton(tr("Reset"), this)) {
    previousButton_->setObjectName("previousButton");
    stepLabel_->setObjectName("stepLabel");
    nextButton_->setObjectName("nextButton");
    resetButton_->setObjectName("resetButton");

    previousButton_->setToolTip(tr("Previous step (Left, Page Up)"));
    nextButton_->setToolTip(tr("Next step (Right, Page Down)"));
    resetButton_->setToolTip(tr("Back to the first step, simulators and quizzes as new (Home)"));
    // Keyboard focus stays on the lesson, whose shortcuts move the steps.
    for (auto* button : {previousButton_, nextButton_, resetButton_}) {
        button->setFocusPolicy(Qt::NoFocus);
    }
    stepLabel_->setAlignment(Qt::AlignCenter);
    stepLabel_->setMinimumWidth(stepLabel_->fontMetrics().horizontalAdvance(tr("Step 88 / 88")) + 24);

    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(8, 4, 8, 4);
    layout->addStretch();
    layout->addWidget(previousButton_);
    layout->addWidget(stepLabel_);
    layout->addWidget(nextButton_);
    layout->addSpacing(24);
    layout->addWidget(resetButton_);
    layout->addStretch();

    connect(previousButton_, &QPushButton::clicked, this, &StepBar::previousRequested);
    connect(nextButton_, &QPushButton::clicked, this, &StepBar::nextRequested);
    connect(resetButton_, &QPushButton::clicked, this, &StepBar::resetRequested);
    setPosition(0, 0);
}

void StepBar::setPosition(int index, int count) {
    stepLabel_->setText(count == 0 ? tr("No steps") : tr("Step %1 / %2").arg(index + 1).arg(count));
    previousButton_->setEnabled(index > 0);
    nextButton_->setEnabled(index + 1 < count);
    resetButton_->setEnabled(count > 0);
}

}  // namespace mlsyslab::widgets
