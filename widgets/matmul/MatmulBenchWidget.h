#pragma once

#include <QWidget>
#include <memory>
#include <vector>

#include "lesson/Lesson.h"
#include "matmul/lesson/MatmulBenchKind.h"
#include "matmul/MatmulRunner.h"
#include "matmul/SeedExperiment.h"

namespace mlsyslab::widgets {

class BenchPlot;
class BenchResultsTable;
class SeedComparisonTable;
struct MachineSurvey;

// The `matmul-bench` simulator: the real matmul ladder on the student's machine. First it reads
// the machine on its worker thread (MachineSurvey: CPU, SIMD level, FMA peak, OpenBLAS's kernel
// set, GPU or why none, which backends can run). Run then times the checked backends at the
// typed sizes with matmul::runMatmulBench on the worker thread: the progress bar names the
// backend and size running, each result lands in the log-log plot (BenchPlot) and the table
// (BenchResultsTable) as soon as it is known, and Cancel stops within tens of milliseconds,
// leaving the rest "cancelled". The seed experiment runs the lecture's 3620×3620 comparison and
// shows the seed's RTX 4090 figures beside this machine's, labelled as the seed's. Export CSV…
// and Export PNG… save the table and the plot. Closing the step mid-run cancels and waits.
//
// Child object names (tests rely on them): machineLabel, "backend-NAME" check boxes
// (BackendChooser), sizesEdit, threadsSpin, runButton, cancelButton, seedButton, progressBar,
// statusLabel, sizesMessage, benchPlot, resultsTable, seedComparison, exportCsvButton,
// exportPngButton.
class MatmulBenchWidget : public QWidget {
    Q_OBJECT
public:
    // What the app always does and tests make smaller.
    struct Options {
        // Reading the machine also measures the FMA peak (the plot's 100 % lines), a quarter of
        // a second.
        bool measureFmaPeak = true;
        // The seed experiment's N: the seed's 3620, or a tiny one for tests.
        std::int64_t seedMatrixSize = kSeedMatrixSize;
    };

    explicit MatmulBenchWidget(const lesson::kinds::MatmulBenchState& state,
                               QWidget* parent = nullptr);
    MatmulBenchWidget(const lesson::kinds::MatmulBenchState& state, const Options& options,
                      QWidget* parent = nullptr);
    ~MatmulBenchWidget() override;

    // The machine has been read: Run can start.
    bool isReady() const;
    bool isRunning() const;
    // Every result of the last run (or the one going on), in the runner's order.
    const std::vector<matmul::MatmulBenchResult>& results() const;
    const MachineSurvey* survey() const;  // null until read
    const BenchPlot& plot() const;
    const BenchResultsTable& table() const;
    const SeedComparisonTable& seedComparison() const;

    // The results as CSV (machine lines, header, rows) and the plot as PNG. An empty string
    // when written, else why not.
    QString exportCsv(const QString& path) const;
    QString exportPng(const QString& path);

public slots:
    void startRun();
    void startSeedExperiment();
    void cancelRun();

signals:
    void surveyFinished();
    // 0..1 of the run, as the runner reports it.
    void progressed(double fraction);
    void runFinished();

protected:
    void showEvent(QShowEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void buildLayout();
    void startSurvey();
    void showSurvey(std::shared_ptr<const MachineSurvey> survey);
    void launch(const matmul::MatmulBenchOptions& options, bool seedExperiment);
    void showProgress(const matmul::MatmulBenchProgress& progress);
    void showResult(const matmul::MatmulBenchResult& result);
    void showFinished();
    void setRunning(bool running);
    void maybeAutoRun();
    void applyStyle();
    void chooseCsvFile();
    void choosePngFile();

    struct Parts;
    std::unique_ptr<Parts> parts_;
};

}  // namespace mlsyslab::widgets
