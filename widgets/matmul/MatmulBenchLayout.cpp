#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>
#include <algorithm>
#include <thread>

#include "matmul/BackendChooser.h"
#include "matmul/BenchPlot.h"
#include "matmul/BenchResultsTable.h"
#include "matmul/BenchSizeList.h"
#include "matmul/MatmulBenchParts.h"
#include "matmul/SeedComparisonTable.h"
#include "matmul/SeedExperiment.h"

namespace mlsyslab::widgets {

namespace {

// The thread box goes at least this far, and to the hardware's count where that is more.
constexpr int kMostThreadsOffered = 256;
// The progress bar counts in thousandths: smooth enough, and an int.
constexpr int kProgressSteps = 1000;

QLabel* selectableLabel(const QString& text, const char* name, QWidget* parent) {
    auto* label = new QLabel(text, parent);
    label->setObjectName(QLatin1String(name));
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

}  // namespace

void MatmulBenchWidget::buildLayout() {
    Parts& parts = *parts_;
    auto* column = new QVBoxLayout(this);

    parts.machineLabel = selectableLabel(tr("Reading this machine…"), "machineLabel", this);
    column->addWidget(parts.machineLabel);

    parts.chooser = new BackendChooser(parts.state.backends, this);
    column->addWidget(parts.chooser);

    auto* controls = new QHBoxLayout;
    auto* sizesLabel = new QLabel(tr("Sizes N:"), this);
    parts.sizesEdit = new QLineEdit(sizeListText(parts.state.sizes), this);
    parts.sizesEdit->setObjectName(QStringLiteral("sizesEdit"));
    parts.sizesEdit->setToolTip(
        tr("Square matrix sizes, separated by commas: each backend multiplies two N×N matrices"));
    parts.sizesEdit->setPlaceholderText(tr("64, 256, 1024"));
    sizesLabel->setBuddy(parts.sizesEdit);
    auto* threadsLabel = new QLabel(tr("Threads:"), this);
    parts.threadsSpin = new QSpinBox(this);
    parts.threadsSpin->setObjectName(QStringLiteral("threadsSpin"));
    parts.threadsSpin->setRange(
        0, std::max(kMostThreadsOffered, int(std::thread::hardware_concurrency())));
    parts.threadsSpin->setSpecialValueText(tr("all"));
    parts.threadsSpin->setValue(int(parts.state.threads));
    parts.threadsSpin->setToolTip(
        tr("Threads for the threads and openblas rungs (the others "
           "use one core; the GPU rungs one host thread)"));
    threadsLabel->setBuddy(parts.threadsSpin);
    parts.runButton = new QPushButton(tr("Run"), this);
    parts.runButton->setObjectName(QStringLiteral("runButton"));
    parts.runButton->setDefault(true);
    parts.cancelButton = new QPushButton(tr("Cancel"), this);
    parts.cancelButton->setObjectName(QStringLiteral("cancelButton"));
    parts.seedButton = new QPushButton(tr("Seed experiment (3620×3620)"), this);
    parts.seedButton->setObjectName(QStringLiteral("seedButton"));
    parts.seedButton->setToolTip(
        tr("The lecture's comparison: threads, openblas, cuda-naive, cublas and simd on two "
           "3620×3620 matrices, beside the seed's RTX 4090 timings"));
    controls->addWidget(sizesLabel);
    controls->addWidget(parts.sizesEdit, 2);
    controls->addWidget(threadsLabel);
    controls->addWidget(parts.threadsSpin);
    controls->addWidget(parts.runButton);
    controls->addWidget(parts.cancelButton);
    controls->addWidget(parts.seedButton);
    column->addLayout(controls);

    auto* progressRow = new QHBoxLayout;
    parts.progressBar = new QProgressBar(this);
    parts.progressBar->setObjectName(QStringLiteral("progressBar"));
    parts.progressBar->setRange(0, kProgressSteps);
    parts.progressBar->setTextVisible(false);
    parts.statusLabel = selectableLabel(tr("Reading this machine…"), "statusLabel", this);
    progressRow->addWidget(parts.progressBar, 1);
    progressRow->addWidget(parts.statusLabel, 2);
    column->addLayout(progressRow);

    parts.sizesMessage = selectableLabel(QString(), "sizesMessage", this);
    parts.sizesMessage->setVisible(false);
    column->addWidget(parts.sizesMessage);

    parts.plot = new BenchPlot(this);
    parts.plot->setBackends(parts.chooser->checkedBackends());
    if (!parts.state.sizes.empty()) {
        const auto [smallest, largest] =
            std::minmax_element(parts.state.sizes.begin(), parts.state.sizes.end());
        parts.plot->setSizeRange(*smallest, *largest);
    }
    column->addWidget(parts.plot, 3);

    parts.table = new BenchResultsTable(this);
    column->addWidget(parts.table, 2);

    parts.seedSection = new QWidget(this);
    auto* seedColumn = new QVBoxLayout(parts.seedSection);
    seedColumn->setContentsMargins(0, 0, 0, 0);
    seedColumn->addWidget(selectableLabel(
        tr("<b>Seed experiment</b>: C = A·B on 3620×3620 floats (50 MB per matrix), as in the "
           "lecture. The <b>seed: RTX 4090</b> column is the lecturer's machine, not this one."),
        "seedNote", parts.seedSection));
    parts.seedTable = new SeedComparisonTable(parts.seedSection);
    seedColumn->addWidget(parts.seedTable);
    parts.seedSection->setVisible(false);
    column->addWidget(parts.seedSection);

    auto* exportRow = new QHBoxLayout;
    exportRow->addStretch(1);
    parts.exportCsvButton = new QPushButton(tr("Export CSV…"), this);
    parts.exportCsvButton->setObjectName(QStringLiteral("exportCsvButton"));
    parts.exportPngButton = new QPushButton(tr("Export PNG…"), this);
    parts.exportPngButton->setObjectName(QStringLiteral("exportPngButton"));
    exportRow->addWidget(parts.exportCsvButton);
    exportRow->addWidget(parts.exportPngButton);
    column->addLayout(exportRow);
}

}  // namespace mlsyslab::widgets
