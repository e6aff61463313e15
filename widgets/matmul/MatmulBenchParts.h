#pragma once

// The matmul-bench widget's parts, shared by its behaviour (MatmulBenchWidget.cpp) and its
// layout (MatmulBenchLayout.cpp). Private to the widget.
#include <QElapsedTimer>
#include <QString>
#include <memory>
#include <vector>

#include "matmul/lesson/MatmulBenchKind.h"
#include "matmul/MachineSurvey.h"
#include "matmul/MatmulBenchWidget.h"
#include "matmul/MatmulRunner.h"

class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;

namespace mlsyslab::widgets {

class BackendChooser;
class MatmulWorker;

struct MatmulBenchWidget::Parts {
    enum class Mode { Surveying, Idle, Running };

    lesson::kinds::MatmulBenchState state;
    Options options;
    MatmulWorker* worker = nullptr;
    Mode mode = Mode::Surveying;

    QLabel* machineLabel = nullptr;
    BackendChooser* chooser = nullptr;
    QLineEdit* sizesEdit = nullptr;
    QSpinBox* threadsSpin = nullptr;
    QPushButton* runButton = nullptr;
    QPushButton* cancelButton = nullptr;
    QPushButton* seedButton = nullptr;
    QProgressBar* progressBar = nullptr;
    QLabel* statusLabel = nullptr;
    QLabel* sizesMessage = nullptr;
    BenchPlot* plot = nullptr;
    BenchResultsTable* table = nullptr;
    QWidget* seedSection = nullptr;
    SeedComparisonTable* seedTable = nullptr;
    QPushButton* exportCsvButton = nullptr;
    QPushButton* exportPngButton = nullptr;

    std::shared_ptr<const MachineSurvey> survey;
    std::vector<matmul::MatmulBenchResult> results;
    bool seedRun = false;
    bool cancelRequested = false;
    QString failure;
    QElapsedTimer elapsed;
    bool shown = false;
    bool autoRunDone = false;
};

}  // namespace mlsyslab::widgets
