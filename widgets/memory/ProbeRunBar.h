#pragma once

#include <QWidget>

#include "memory/ProbeControl.h"

class QLabel;
class QProgressBar;
class QPushButton;

namespace mlsyslab::widgets {

// The row both latency views start and stop a measurement from: a Measure button (its text
// set by the view: "Measure", "Measure again"), Cancel, a progress bar and a status line.
// It only shows and asks; the view owns the measurement.
// Child object names: measureButton, cancelButton, progressBar, statusLabel.
class ProbeRunBar : public QWidget {
    Q_OBJECT
public:
    explicit ProbeRunBar(const QString& measureText, QWidget* parent = nullptr);

    // Running: Measure disabled, Cancel enabled, the progress bar shown from 0.
    void setRunning(bool running);
    void setProgress(const memory::ProbeProgress& progress);
    void setStatus(const QString& text);
    void setMeasureText(const QString& text);
    // Widgets (a size selector) placed between the buttons and the progress bar.
    void addOption(QWidget* option);

signals:
    void measureRequested();
    void cancelRequested();

private:
    QPushButton* measureButton_;
    QPushButton* cancelButton_;
    QProgressBar* progressBar_;
    QLabel* statusLabel_;
    int optionCount_ = 0;
};

}  // namespace mlsyslab::widgets
