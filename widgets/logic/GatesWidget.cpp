#include "logic/GatesWidget.h"

#include <QCheckBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

#include "common/SimWidgetRegistry.h"
#include "common/StepControls.h"
#include "logic/CircuitView.h"
#include "logic/GatesText.h"
#include "logic/LogicColors.h"
#include "logic/TruthTableView.h"

namespace mlsyslab::widgets {

namespace {
// Below this, the text in a drawing squeezed beside its table gets too small to read.
constexpr double kSmallestZoomBesideTable = 0.8;
}  // namespace

using lesson::kinds::GatesState;

struct GatesWidget::Parts {
    logic::Netlist netlist;
    std::vector<bool> inputValues;
    logic::SimulationRun run;
    std::optional<logic::TruthTable> table;
    bool playsPropagation = true;
    QBoxLayout* drawings = nullptr;  // the circuit and the table: side by side or stacked
    CircuitView* circuit = nullptr;
    TruthTableView* truthTable = nullptr;
    StepControls* stepControls = nullptr;
    QLabel* events = nullptr;
    QLabel* settle = nullptr;
    QLabel* glitch = nullptr;
    QCheckBox* criticalPath = nullptr;
};

GatesWidget::GatesWidget(const GatesState& initial, QWidget* parent)
    : QWidget(parent), parts_(std::make_unique<Parts>()) {
    Parts& parts = *parts_;
    parts.netlist = initial.circuit;
    parts.inputValues = initial.inputValues;
    parts.inputValues.resize(parts.netlist.inputs().size(), false);

    auto* layout = new QVBoxLayout(this);
    auto* drawings = new QBoxLayout(QBoxLayout::LeftToRight);
    parts.drawings = drawings;
    parts.circuit = new CircuitView(this);
    parts.circuit->setObjectName(QStringLiteral("circuitView"));
    parts.circuit->setNetlist(parts.netlist);
    drawings->addWidget(parts.circuit, 1);
    if (initial.truthTable) {
        if (auto table = logic::deriveTruthTable(parts.netlist)) {
            parts.table = *table;
            parts.truthTable = new TruthTableView(this);
            parts.truthTable->setObjectName(QStringLiteral("truthTable"));
            parts.truthTable->setTable(*table);
            drawings->addWidget(parts.truthTable, 0, Qt::AlignTop | Qt::AlignLeft);
        }
    }
    layout->addLayout(drawings);

    parts.stepControls = new StepControls(this);
    parts.stepControls->setObjectName(QStringLiteral("stepControls"));
    parts.stepControls->setRunInterval(kStepIntervalMs);
    parts.stepControls->setLabelText([this](int position, int) {
        const logic::SimulationRun& run = parts_->run;
        return tr("t = %1 / %2").arg(run.snapshots.at(position).time).arg(run.settleTime);
    });
    layout->addWidget(parts.stepControls);

    parts.events = new QLabel(this);
    parts.events->setObjectName(QStringLiteral("eventsLabel"));
    parts.events->setWordWrap(true);
    layout->addWidget(parts.events);
    auto* summary = new QHBoxLayout;
    parts.settle = new QLabel(this);
    parts.settle->setObjectName(QStringLiteral("settleLabel"));
    parts.settle->setWordWrap(true);
    summary->addWidget(parts.settle, 1);
    parts.criticalPath = new QCheckBox(tr("Highlight the critical path"), this);
    parts.criticalPath->setObjectName(QStringLiteral("criticalPathBox"));
    parts.criticalPath->setToolTip(
        tr("The slowest path from an input to an output: its delay is the worst-case settle "
           "time"));
    parts.criticalPath->setChecked(initial.criticalPath);
    // With one gate, the path is the gate.
    parts.criticalPath->setVisible(parts.netlist.gates().size() > 1);
    summary->addWidget(parts.criticalPath);
    layout->addLayout(summary);
    parts.glitch = new QLabel(this);
    parts.glitch->setObjectName(QStringLiteral("glitchLabel"));
    parts.glitch->setWordWrap(true);
    layout->addWidget(parts.glitch);

    connect(parts.circuit, &CircuitView::inputToggled, this, &GatesWidget::toggleInput);
    if (parts.truthTable != nullptr) {
        connect(parts.truthTable, &TruthTableView::rowClicked, this,
                [this](int row) { setInputValues(parts_->table->inputsOfRow(row)); });
    }
    connect(parts.stepControls, &StepControls::positionChanged, this, &GatesWidget::showPosition);
    connect(parts.criticalPath, &QCheckBox::toggled, this, [this](bool on) {
        parts_->circuit->setHighlightedPath(on ? parts_->netlist.criticalPath()
                                               : std::vector<logic::GateId>{});
    });
    if (initial.criticalPath) parts.circuit->setHighlightedPath(parts.netlist.criticalPath());

    applyColors();
    // Settled at the starting values, computed from all zeros.
    startRun(logic::simulateFromZero(parts.netlist, parts.inputValues), false);
    parts.stepControls->setPosition(parts.stepControls->count() - 1);
    showPosition(parts.stepControls->position());
}

GatesWidget::~GatesWidget() = default;

const logic::Netlist& GatesWidget::netlist() const { return parts_->netlist; }
const std::vector<bool>& GatesWidget::inputValues() const { return parts_->inputValues; }
const logic::SimulationRun& GatesWidget::run() const { return parts_->run; }
int GatesWidget::position() const { return parts_->stepControls->position(); }
void GatesWidget::setPlaysPropagation(bool plays) { parts_->playsPropagation = plays; }

void GatesWidget::toggleInput(int inputIndex) {
    if (inputIndex < 0 || inputIndex >= int(parts_->inputValues.size())) return;
    std::vector<bool> values = parts_->inputValues;
    values[inputIndex] = !values[inputIndex];
    setInputValues(values);
}

void GatesWidget::setInputValues(const std::vector<bool>& values) {
    Parts& parts = *parts_;
    if (values.size() != parts.inputValues.size()) return;
    // The previous run may not have been watched to its end: the new change starts from the
    // circuit settled at the previous inputs, as the hardware would be after waiting.
    logic::SimulationRun run = logic::simulateInputChange(parts.netlist, parts.inputValues, values);
    parts.inputValues = values;
    startRun(std::move(run), parts.playsPropagation);
    emit inputsChanged();
}

void GatesWidget::startRun(logic::SimulationRun run, bool play) {
    Parts& parts = *parts_;
    parts.run = std::move(run);
    StepControls& controls = *parts.stepControls;
    if (controls.isRunning()) controls.toggleRun();
    controls.setCount(int(parts.run.snapshots.size()));
    controls.setPosition(0);
    showPosition(0);
    if (play && controls.count() > 1) controls.toggleRun();
    refreshTexts();
}

void GatesWidget::showPosition(int position) {
    Parts& parts = *parts_;
    const int last = int(parts.run.snapshots.size()) - 1;
    position = std::clamp(position, 0, std::max(0, last));
    const logic::TimeSnapshot& snapshot = parts.run.snapshots.at(position);
    parts.circuit->setSignalValues(snapshot.values, snapshot.changed);
    if (parts.truthTable != nullptr)
        parts.truthTable->setCurrentRow(parts.table->rowOf(parts.inputValues));
    refreshTexts();
}

void GatesWidget::refreshTexts() {
    Parts& parts = *parts_;
    parts.events->setText(gatesEventsText(parts.netlist, parts.run, position()));
    const QString settle = gatesSettleText(parts.netlist, parts.run);
    parts.settle->setText(settle);
    parts.settle->setVisible(!settle.isEmpty());
    const QString glitch = gatesGlitchText(parts.netlist, parts.run);
    parts.glitch->setText(glitch);
    parts.glitch->setVisible(!glitch.isEmpty());
    parts.criticalPath->setText(
        tr("Highlight the critical path (%1)").arg(parts.netlist.criticalPathDelay()));
}

void GatesWidget::applyColors() {
    // A glitch is a change (orange, as the halo of a changed wire), and it must stand out.
    QPalette colors = parts_->glitch->palette();
    colors.setColor(QPalette::WindowText, wireColor(WireState::Changed, palette()));
    parts_->glitch->setPalette(colors);
    QFont bold = font();
    bold.setBold(true);
    parts_->glitch->setFont(bold);
}

void GatesWidget::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    Parts& parts = *parts_;
    if (parts.truthTable == nullptr) return;
    // The table goes beside the circuit while the drawing still fits there at nearly its
    // natural size (the text in it as large as the lesson's), and under it otherwise, where
    // the drawing can use the whole width. Beside, the two take less of the screen's height.
    const QMargins margins = layout()->contentsMargins();
    const int besideWidth = width() - margins.left() - margins.right() -
                            parts.truthTable->sizeHint().width() - parts.drawings->spacing();
    const bool beside =
        besideWidth >= kSmallestZoomBesideTable * parts.circuit->sceneRect().width();
    const auto direction = beside ? QBoxLayout::LeftToRight : QBoxLayout::TopToBottom;
    if (parts.drawings->direction() != direction) parts.drawings->setDirection(direction);
}

void GatesWidget::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange) {
        applyColors();
    }
}

namespace {
const SimView kView(lesson::kinds::gatesKind, createWidget<GatesWidget>);
}  // namespace

}  // namespace mlsyslab::widgets
