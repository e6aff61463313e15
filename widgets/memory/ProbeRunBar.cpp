#include "memory/ProbeRunBar.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <cmath>

#include "memory/ProbeText.h"

namespace mlsyslab::widgets {

namespace {

// The progress bar counts in thousandths: smooth enough, and an int.
constexpr int kProgressSteps = 1000;

}  // namespace

ProbeRunBar::ProbeRunBar(const QString& measureText, QWidget* parent)
    : QWidget(parent),
      measureButton_(new QPushButton(measureText, this)),
      cancelButton_(new QPushButton(tr("Cancel"), this)),
      progressBar_(new QProgressBar(this)),
      statusLabel_(new QLabel(this)) {
    measureButton_->setObjectName(QStringLiteral("measureButton"));
    cancelButton_->setObjectName(QStringLiteral("cancelButton"));
    progressBar_->setObjectName(QStringLiteral("progressBar"));
    statusLabel_->setObjectName(QStringLiteral("statusLabel"));
    progressBar_->setRange(0, kProgressSteps);
    progressBar_->setTextVisible(false);
    statusLabel_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* row = new QHBoxLayout(this);
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(measureButton_);
    row->addWidget(cancelButton_);
    row->addWidget(progressBar_, 1);
    row->addWidget(statusLabel_, 2);
    connect(measureButton_, &QPushButton::clicked, this, &ProbeRunBar::measureRequested);
    connect(cancelButton_, &QPushButton::clicked, this, &ProbeRunBar::cancelRequested);
    setRunning(false);
}

void ProbeRunBar::setRunning(bool running) {
    measureButton_->setEnabled(!running);
    cancelButton_->setEnabled(running);
    progressBar_->setVisible(running);
    if (running) progressBar_->setValue(0);
}

void ProbeRunBar::showStarted() {
    setRunning(true);
    setStatus(tr("Starting…"));
}

void ProbeRunBar::showCancelling() { setStatus(tr("Cancelling…")); }

void ProbeRunBar::showFinished(const memory::MachineMeasurement& measurement,
                               const QString& cancelledText, const QString& doneText) {
    setRunning(false);
    measureButton_->setText(tr("Measure again"));
    if (!measurement.curve.error.empty()) {
        setStatus(tr("Stopped: %1").arg(QString::fromStdString(measurement.curve.error)));
    } else {
        setStatus(measurement.cancelled ? cancelledText : doneText);
    }
}

void ProbeRunBar::setProgress(const memory::ProbeProgress& progress) {
    progressBar_->setValue(int(std::lround(progress.fraction * kProgressSteps)));
    statusLabel_->setText(progressText(progress));
}

void ProbeRunBar::setStatus(const QString& text) { statusLabel_->setText(text); }

void ProbeRunBar::addOption(QWidget* option) {
    option->setParent(this);
    auto* row = static_cast<QHBoxLayout*>(layout());
    row->insertWidget(2 + optionCount_, option);
    ++optionCount_;
}

}  // namespace mlsyslab::widgets
