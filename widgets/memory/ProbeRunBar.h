#pragma once

#include <QWidget>

#include "memory/MachineProbe.h"
#include "memory/ProbeControl.h"

class QLabel;
class QProgressBar;
class QPushButton;

namespace mlsyslab::widgets {

// The row both latency views start and stop a measurement from: a Measure button ("Measure
// again" after the first run), Cancel, a progress bar and a status line. It only shows and
// asks; the view owns the measurement.
// Child object names: measureButton, cancelButton, progressBar, statusLabel.
class ProbeRunBar : public QWidget {
    Q_OBJECT
public:
    explicit ProbeRunBar(const QString& measureText, QWidget* parent = nullptr);

    // A measurement began: Measure disabled, Cancel enabled, the progress bar shown from 0,
    // "Starting…".
    void showStarted();
    void showCancelling();
    // The measurement ended: Measure (now "Measure again") enabled, Cancel disabled, the
    // progress bar hidden, and the status "Stopped: <error>" after an error, otherwise
    // `cancelledText` or `doneText`.
    void showFinished(const memory::MachineMeasurement& measurement, const QString& cancelledText,
                      const QString& doneText);
    void setProgress(const memory::ProbeProgress& progress);
    void setStatus(const QString& text);
    // Widgets (a size selector) placed between the buttons and the progress bar.
    void addOption(QWidget* option);

signals:
    void measureRequested();
    void cancelRequested();

private:
    void setRunning(bool running);

    QPushButton* measureButton_;
    QPushButton* cancelButton_;
    QProgressBar* progressBar_;
    QLabel* statusLabel_;
    int optionCount_ = 0;
};

}  // namespace mlsyslab::widgets
