#include "logic/AdderWidget.h"

#include <QButtonGroup>
#include <QCheckBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QVBoxLayout>
#include <algorithm>

#include "common/SimWidgetRegistry.h"
#include "common/DisplayStyle.h"
#include "common/StepControls.h"
#include "logic/AdderDiagram.h"
#include "logic/AdderOperandInputs.h"
#include "logic/AdderReadouts.h"
#include "logic/AdderSteps.h"
#include "logic/AdderTimingPlot.h"
#include "numeric/BitPattern.h"

namespace mlsyslab::widgets {

namespace {

using lesson::kinds::AdderState;
using lesson::kinds::AdderStepMode;

constexpr double kControlScale = 1.1;
constexpr int kSideBySideUpToBits = 16;

}  // namespace

struct AdderWidget::Parts {
    AdderState state;
    logic::AdderCircuit circuit;
    logic::SimulationRun run;
    std::vector<bool> settledInputs;  // the inputs the adder had settled at before this run
    std::vector<int> bitTimes;        // the time each "bit by bit" position shows
    QPushButton* rippleButton = nullptr;
    QPushButton* lookaheadButton = nullptr;
    QSpinBox* widthSelector = nullptr;
    QPushButton* addButton = nullptr;
    QPushButton* subtractButton = nullptr;
    QLabel* operationNote = nullptr;
    AdderOperandInputs* operands = nullptr;
    AdderDiagram* diagram = nullptr;
    QPushButton* timeModeButton = nullptr;
    QPushButton* bitModeButton = nullptr;
    QCheckBox* criticalPathToggle = nullptr;
    QLabel* modeNote = nullptr;
    StepControls* steps = nullptr;
    AdderTimingPlot* plot = nullptr;
    AdderReadouts* readouts = nullptr;
    QBoxLayout* results = nullptr;   // the timing diagram and the readouts
    std::vector<QWidget*> controls;  // sized by applyFonts
};

AdderWidget::AdderWidget(const AdderState& initial, QWidget* parent)
    : QWidget(parent), parts_(std::make_unique<Parts>()) {
    Parts& parts = *parts_;
    parts.state = initial;
    parts.state.width = std::clamp(parts.state.width, logic::kMinAdderWidth, logic::kMaxAdderWidth);
    auto* layout = new QVBoxLayout(this);

    const auto checkable = [&](const QString& text, const char* name, QButtonGroup* group) {
        auto* button = new QPushButton(text, this);
        button->setObjectName(QLatin1String(name));
        button->setCheckable(true);
        group->addButton(button);
        parts.controls.push_back(button);
        return button;
    };
    // The circuit: kind, width and operation.
    auto* circuitRow = new QHBoxLayout;
    auto* kinds = new QButtonGroup(this);
    parts.rippleButton = checkable(tr("Ripple carry"), "rippleButton", kinds);
    parts.lookaheadButton = checkable(tr("Carry lookahead"), "lookaheadButton", kinds);
    parts.rippleButton->setToolTip(
        tr("A chain of full adders: each bit waits for the carry "
           "from the bit to its right. Delay grows with N."));
    parts.lookaheadButton->setToolTip(
        tr("Lookahead units compute the carries of 4 bits (or 4 groups) at once from generate "
           "and propagate. Delay grows with log N."));
    auto* widthName = new QLabel(tr("Width:"), this);
    parts.controls.push_back(widthName);
    parts.widthSelector = new QSpinBox(this);
    parts.widthSelector->setObjectName(QStringLiteral("widthSelector"));
    parts.widthSelector->setRange(logic::kMinAdderWidth, logic::kMaxAdderWidth);
    parts.widthSelector->setSuffix(tr(" bits"));
    parts.controls.push_back(parts.widthSelector);
    widthName->setBuddy(parts.widthSelector);
    auto* operations = new QButtonGroup(this);
    parts.addButton = checkable(tr("A + B"), "addButton", operations);
    parts.subtractButton = checkable(tr("A \u2212 B"), "subtractButton", operations);
    parts.subtractButton->setToolTip(
        tr("Subtract by adding: B goes through XOR gates with sub "
           "= 1 (NOT B) and sub is also the carry-in (+ 1)."));
    parts.operationNote = new QLabel(this);
    parts.operationNote->setObjectName(QStringLiteral("operationNote"));
    parts.controls.push_back(parts.operationNote);
    circuitRow->addWidget(parts.rippleButton);
    circuitRow->addWidget(parts.lookaheadButton);
    circuitRow->addSpacing(fontMetrics().height());
    circuitRow->addWidget(widthName);
    circuitRow->addWidget(parts.widthSelector);
    circuitRow->addSpacing(fontMetrics().height());
    circuitRow->addWidget(parts.addButton);
    circuitRow->addWidget(parts.subtractButton);
    circuitRow->addWidget(parts.operationNote);
    circuitRow->addStretch();
    layout->addLayout(circuitRow);

    parts.operands = new AdderOperandInputs(this);
    parts.operands->setObjectName(QStringLiteral("operandInputs"));
    // As wide as its bits and fields: spread wider, the bits would drift apart.
    layout->addWidget(parts.operands, 0, Qt::AlignLeft);

    parts.diagram = new AdderDiagram(this);
    parts.diagram->setObjectName(QStringLiteral("diagram"));
    layout->addWidget(parts.diagram);

    // Stepping: the mode, the critical path, and the controls.
    auto* modeRow = new QHBoxLayout;
    auto* modes = new QButtonGroup(this);
    parts.timeModeButton = checkable(tr("Step by time unit"), "timeModeButton", modes);
    parts.bitModeButton = checkable(tr("Step bit by bit"), "bitModeButton", modes);
    parts.criticalPathToggle = new QCheckBox(tr("Show the critical path"), this);
    parts.criticalPathToggle->setObjectName(QStringLiteral("criticalPathToggle"));
    parts.criticalPathToggle->setToolTip(
        tr("The longest chain of gates from an input to an output: its delay is the worst case "
           "any input can take to settle."));
    parts.controls.push_back(parts.criticalPathToggle);
    modeRow->addWidget(parts.timeModeButton);
    modeRow->addWidget(parts.bitModeButton);
    modeRow->addSpacing(fontMetrics().height());
    modeRow->addWidget(parts.criticalPathToggle);
    modeRow->addStretch();
    layout->addLayout(modeRow);
    parts.modeNote = new QLabel(this);
    parts.modeNote->setObjectName(QStringLiteral("modeNote"));
    parts.modeNote->setWordWrap(true);
    layout->addWidget(parts.modeNote);
    parts.steps = new StepControls(this);
    parts.steps->setObjectName(QStringLiteral("stepControls"));
    parts.controls.push_back(parts.steps);
    layout->addWidget(parts.steps);

    auto* results = new QBoxLayout(QBoxLayout::LeftToRight);
    parts.results = results;
    parts.plot = new AdderTimingPlot(this);
    parts.plot->setObjectName(QStringLiteral("timingPlot"));
    parts.readouts = new AdderReadouts(this);
    parts.readouts->setObjectName(QStringLiteral("readouts"));
    results->addWidget(parts.plot, 3);
    results->addWidget(parts.readouts, 2);
    layout->addLayout(results);

    connect(parts.rippleButton, &QPushButton::clicked, this, [this] {
        AdderState next = parts_->state;
        next.adder = logic::AdderKind::RippleCarry;
        setState(next);
    });
    connect(parts.lookaheadButton, &QPushButton::clicked, this, [this] {
        AdderState next = parts_->state;
        next.adder = logic::AdderKind::CarryLookahead;
        setState(next);
    });
    connect(parts.widthSelector, &QSpinBox::valueChanged, this, [this](int width) {
        // The operands keep their low bits, as storing into a narrower register does.
        AdderState next = parts_->state;
        next.width = width;
        next.a &= numeric::BitPattern::mask(width);
        next.b &= numeric::BitPattern::mask(width);
        setState(next);
    });
    for (QPushButton* button : {parts.addButton, parts.subtractButton}) {
        connect(button, &QPushButton::clicked, this, [this, button] {
            AdderState next = parts_->state;
            next.subtract = button == parts_->subtractButton;
            setState(next);
        });
    }
    connect(parts.operands, &AdderOperandInputs::operandEdited, this,
            [this](int operand, std::uint64_t bits) {
                AdderState next = parts_->state;
                (operand == AdderOperandInputs::A ? next.a : next.b) = bits;
                setState(next);
            });
    connect(parts.timeModeButton, &QPushButton::clicked, this,
            [this] { setStepMode(AdderStepMode::Time); });
    connect(parts.bitModeButton, &QPushButton::clicked, this,
            [this] { setStepMode(AdderStepMode::Bits); });
    connect(parts.criticalPathToggle, &QCheckBox::toggled, this, [this](bool shown) {
        AdderState next = parts_->state;
        next.showCriticalPath = shown;
        setState(next);
    });
    connect(parts.steps, &StepControls::positionChanged, this, &AdderWidget::showPosition);
    connect(parts.plot, &AdderTimingPlot::timeClicked, this, [this](int time) {
        // The plot's axis is in time units, so a click shows that moment in time mode.
        setStepMode(AdderStepMode::Time);
        parts_->steps->setPosition(time);
    });
    parts.steps->setLabelText([this](int position, int count) {
        const Parts& shown = *parts_;
        if (shown.state.stepMode == AdderStepMode::Time) {
            return tr("t = %1 of %2").arg(position).arg(count - 1);
        }
        if (position == 0) return tr("t = 0: new inputs");
        return tr("bit %1 settled · t = %2").arg(position - 1).arg(shown.bitTimes[position]);
    });

    applyFonts();
    rebuildCircuit();
    parts.diagram->setCriticalPathShown(parts.state.showCriticalPath);
}

AdderWidget::~AdderWidget() = default;

AdderState AdderWidget::state() const { return parts_->state; }
const logic::AdderCircuit& AdderWidget::circuit() const { return parts_->circuit; }
const logic::SimulationRun& AdderWidget::run() const { return parts_->run; }

int AdderWidget::shownTime() const {
    const Parts& parts = *parts_;
    const int position = parts.steps->position();
    return parts.state.stepMode == AdderStepMode::Time ? position : parts.bitTimes[position];
}

void AdderWidget::setState(const AdderState& requested) {
    AdderState state = requested;
    state.width = std::clamp(state.width, logic::kMinAdderWidth, logic::kMaxAdderWidth);
    state.a &= numeric::BitPattern::mask(state.width);
    state.b &= numeric::BitPattern::mask(state.width);
    const AdderState old = parts_->state;
    if (state == old) return;
    parts_->state = state;
    const bool newCircuit = state.adder != old.adder || state.width != old.width ||
                            state.needsSubtractor() != old.needsSubtractor();
    const bool newInputs = state.a != old.a || state.b != old.b || state.subtract != old.subtract;
    if (newCircuit) {
        rebuildCircuit();
    } else {
        if (state.stepMode != old.stepMode) {
            parts_->state.stepMode = old.stepMode;
            setStepMode(state.stepMode);
        }
        if (newInputs) rerun();
    }
    refreshControls();
    parts_->diagram->setCriticalPathShown(state.showCriticalPath);
    emit stateChanged();
}

void AdderWidget::setStepMode(AdderStepMode mode) {
    Parts& parts = *parts_;
    if (mode == parts.state.stepMode) {
        refreshControls();
        return;
    }
    // Keep the moment on screen: the same time, or the last bit step not after it.
    const int time = shownTime();
    parts.state.stepMode = mode;
    refreshControls();
    refreshModeNote();
    int position = time;
    if (mode == AdderStepMode::Bits) {
        const auto after = std::upper_bound(parts.bitTimes.begin(), parts.bitTimes.end(), time);
        position = std::max(0, static_cast<int>(after - parts.bitTimes.begin()) - 1);
    }
    const int count = mode == AdderStepMode::Time ? parts.run.settleTime + 1
                                                  : static_cast<int>(parts.bitTimes.size());
    {
        const QSignalBlocker blocker(parts.steps);
        parts.steps->setCount(count);
        parts.steps->setPosition(position);
    }
    showPosition(parts.steps->position());
    emit stateChanged();
}

void AdderWidget::rebuildCircuit() {
    Parts& parts = *parts_;
    auto built =
        logic::buildAdder(parts.state.adder, parts.state.width, parts.state.needsSubtractor());
    // The width is clamped to the engine's range above, so building cannot fail.
    parts.circuit = *built;
    parts.settledInputs.assign(parts.circuit.netlist.inputs().size(), false);
    parts.diagram->setCircuit(parts.circuit);
    rerun();
}

void AdderWidget::rerun() {
    Parts& parts = *parts_;
    const AdderState& state = parts.state;
    const bool carryIn = state.needsSubtractor() && state.subtract;
    const std::vector<bool> inputs =
        logic::adderInputValues(parts.circuit, state.a, state.b, carryIn);
    parts.run = logic::simulateInputChange(parts.circuit.netlist, parts.settledInputs, inputs);
    parts.settledInputs = inputs;
    parts.bitTimes = bitStepTimes(parts.circuit, parts.run);
    parts.plot->setRun(parts.circuit, parts.run, parts.circuit.netlist.criticalPathDelay());
    refreshControls();
    refreshModeNote();
    const int count = state.stepMode == AdderStepMode::Time
                          ? parts.run.settleTime + 1
                          : static_cast<int>(parts.bitTimes.size());
    {
        const QSignalBlocker blocker(parts.steps);
        parts.steps->setCount(count);
        parts.steps->setPosition(0);
    }
    showPosition(0);
}

void AdderWidget::showPosition(int position) {
    Parts& parts = *parts_;
    const int time =
        parts.state.stepMode == AdderStepMode::Time
            ? std::clamp(position, 0, parts.run.settleTime)
            : parts.bitTimes[std::clamp(position, 0, static_cast<int>(parts.bitTimes.size()) - 1)];
    const logic::TimeSnapshot& snapshot = parts.run.snapshots[time];
    parts.diagram->showSnapshot(snapshot);
    parts.plot->setShownTime(time);

    const bool subtracting = parts.state.needsSubtractor() && parts.state.subtract;
    const AdderReadoutData data =
        readoutDataAt(parts.circuit, parts.run, time, parts.state.a, parts.state.b, subtracting);
    parts.readouts->setData(data);
}

void AdderWidget::refreshControls() {
    Parts& parts = *parts_;
    const AdderState& state = parts.state;
    {
        const QSignalBlocker blocker(parts.widthSelector);
        parts.widthSelector->setValue(state.width);
    }
    parts.rippleButton->setChecked(state.adder == logic::AdderKind::RippleCarry);
    parts.lookaheadButton->setChecked(state.adder == logic::AdderKind::CarryLookahead);
    parts.addButton->setVisible(state.subtractToggle);
    parts.subtractButton->setVisible(state.subtractToggle);
    parts.addButton->setChecked(!state.subtract);
    parts.subtractButton->setChecked(state.subtract);
    parts.operationNote->setVisible(!state.subtractToggle);
    parts.operationNote->setText(state.subtract ? tr("A \u2212 B = A + NOT B + 1")
                                                : tr("A + B, carry-in 0"));
    {
        const QSignalBlocker blocker(parts.criticalPathToggle);
        parts.criticalPathToggle->setChecked(state.showCriticalPath);
    }
    parts.timeModeButton->setChecked(state.stepMode == AdderStepMode::Time);
    parts.bitModeButton->setChecked(state.stepMode == AdderStepMode::Bits);
    parts.operands->setOperands(state.width, state.a, state.b);
    // Above 16 bits the timing diagram needs the whole width, and the readouts go under it.
    parts.results->setDirection(state.width > kSideBySideUpToBits ? QBoxLayout::TopToBottom
                                                                  : QBoxLayout::LeftToRight);
}

void AdderWidget::refreshModeNote() {
    const AdderState& state = parts_->state;
    QString note;
    if (state.stepMode == AdderStepMode::Time) {
        note =
            tr("Each step is one gate delay: a gate whose input changed at t has its new "
               "output at t + 1.");
    } else if (state.adder == logic::AdderKind::RippleCarry) {
        note =
            tr("Each step is one bit: the moment bit k's sum and carry-out have settled. "
               "Bit k has to wait for the carry from bit k \u2212 1.");
    } else {
        note =
            tr("Each step is one bit: the moment bits 0 to k have all settled. The lookahead "
               "units make many carries at once, so several bits settle at the same time.");
    }
    note +=
        tr(" Changing an input restarts the clock at t = 0 from the adder as it had "
           "settled before.");
    parts_->modeNote->setText(note);
}

void AdderWidget::applyFonts() {
    const QFont controlFont = scaledFont(font(), kControlScale);
    for (QWidget* control : parts_->controls) control->setFont(controlFont);
}

void AdderWidget::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange) applyFonts();
}

namespace {
const SimView kView(lesson::kinds::adderKind, createWidget<AdderWidget>);
}  // namespace

}  // namespace mlsyslab::widgets
