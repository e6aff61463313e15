#include "logic/FpAddWidget.h"

#include <QEvent>
#include <QLabel>
#include <QVBoxLayout>
#include <algorithm>
#include <map>
#include <optional>
#include <utility>
#include <vector>

#include "common/SimWidgetRegistry.h"
#include "common/DisplayStyle.h"
#include "common/StepControls.h"
#include "logic/FpAddHardwarePanel.h"
#include "logic/FpAddInputs.h"
#include "logic/FpAddRegisterView.h"
#include "logic/FpAddResultPanel.h"
#include "logic/FpAddStageStrip.h"

namespace mlsyslab::widgets {

namespace {

using lesson::kinds::FpAddOperand;
using lesson::kinds::FpAddState;
using logic::FloatAdderStage;
using numeric::FloatFormat;

constexpr double kTitleScale = 1.3;
constexpr double kExplanationScale = 1.08;

// The index of the step at that stage in the trace, if the addition has it.
std::optional<int> indexOfStage(const logic::FloatAdditionTrace& trace, FloatAdderStage stage) {
    for (int index = 0; index < static_cast<int>(trace.steps.size()); ++index) {
        if (trace.steps[static_cast<std::size_t>(index)].stage == stage) return index;
    }
    return std::nullopt;
}

}  // namespace

struct FpAddWidget::Parts {
    FpAddState state;
    logic::FloatAdditionTrace trace;
    // One adder per format, built on first use: each holds the significand adder's netlist.
    std::map<std::string_view, logic::FloatAdder> adders;
    FpAddInputs* inputs = nullptr;
    FpAddStageStrip* stageStrip = nullptr;
    StepControls* controls = nullptr;
    QLabel* title = nullptr;
    QLabel* explanation = nullptr;
    FpAddRegisterView* registers = nullptr;
    FpAddResultPanel* result = nullptr;
    FpAddHardwarePanel* hardware = nullptr;

    explicit Parts(FpAddState initial) : state(std::move(initial)) {}
};

FpAddWidget::FpAddWidget(const FpAddState& initial, QWidget* parent)
    : QWidget(parent), parts_(std::make_unique<Parts>(initial)) {
    Parts& parts = *parts_;
    auto* outer = new QVBoxLayout(this);

    parts.inputs = new FpAddInputs(this);
    connect(parts.inputs, &FpAddInputs::operandEdited, this, &FpAddWidget::editOperand);
    connect(parts.inputs, &FpAddInputs::formatChosen, this, &FpAddWidget::switchFormat);
    outer->addWidget(parts.inputs);
    outer->addSpacing(fontMetrics().height() / 2);

    parts.stageStrip = new FpAddStageStrip(this);
    parts.stageStrip->setObjectName(QStringLiteral("stageStrip"));
    outer->addWidget(parts.stageStrip);
    parts.controls = new StepControls(this);
    parts.controls->setObjectName(QStringLiteral("stepControls"));
    parts.controls->setLabelText([this](int position, int count) {
        const auto& steps = parts_->trace.steps;
        if (position < 0 || position >= static_cast<int>(steps.size())) return QString();
        const auto stage =
            logic::floatAdderStageName(steps[static_cast<std::size_t>(position)].stage);
        return tr("Step %1 / %2 \u00B7 %3")
            .arg(position + 1)
            .arg(count)
            .arg(QString::fromUtf8(stage.data(), static_cast<qsizetype>(stage.size())));
    });
    outer->addWidget(parts.controls);
    connect(parts.controls, &StepControls::positionChanged, this, &FpAddWidget::showPosition);
    connect(parts.stageStrip, &FpAddStageStrip::stageClicked, parts.controls,
            &StepControls::setPosition);

    parts.title = new QLabel(this);
    parts.title->setObjectName(QStringLiteral("stepTitle"));
    parts.title->setWordWrap(true);
    parts.title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    outer->addWidget(parts.title);
    parts.registers = new FpAddRegisterView(this);
    parts.registers->setObjectName(QStringLiteral("registerView"));
    outer->addWidget(parts.registers);
    parts.explanation = new QLabel(this);
    parts.explanation->setObjectName(QStringLiteral("stepExplanation"));
    parts.explanation->setWordWrap(true);
    parts.explanation->setTextInteractionFlags(Qt::TextSelectableByMouse);
    outer->addWidget(parts.explanation);
    outer->addSpacing(fontMetrics().height() / 2);
    parts.result = new FpAddResultPanel(this);
    parts.result->setObjectName(QStringLiteral("resultPanel"));
    outer->addWidget(parts.result);

    if (parts.state.hardware) {
        parts.hardware = new FpAddHardwarePanel(this);
        parts.hardware->setObjectName(QStringLiteral("hardwarePanel"));
        outer->addSpacing(fontMetrics().height());
        outer->addWidget(parts.hardware);
    }
    outer->addStretch();

    applyFonts();
    setState(parts.state);
}

FpAddWidget::~FpAddWidget() {
    // QWidget deletes the children after this body, when parts_ is gone: stop listening first.
    parts_->inputs->disconnect(this);
    parts_->controls->disconnect(this);
    parts_->stageStrip->disconnect(this);
}

FpAddState FpAddWidget::state() const {
    FpAddState shown = parts_->state;
    const auto& steps = parts_->trace.steps;
    const int position = parts_->controls->position();
    if (position >= 0 && position < static_cast<int>(steps.size())) {
        shown.openAt = steps[static_cast<std::size_t>(position)].stage;
    }
    return shown;
}

const logic::FloatAdditionTrace& FpAddWidget::trace() const { return parts_->trace; }

int FpAddWidget::position() const { return parts_->controls->position(); }

void FpAddWidget::setState(const FpAddState& state) {
    Parts& parts = *parts_;
    const bool changed = !(state == parts.state);
    parts.state = state;
    if (runAddition()) {
        const int opening = indexOfStage(parts.trace, state.openAt).value_or(0);
        {
            const QSignalBlocker blocker(parts.controls);
            parts.controls->setPosition(opening);
        }
        showPosition(parts.controls->position());
    }
    if (changed) emit stateChanged();
}

void FpAddWidget::setPosition(int position) { parts_->controls->setPosition(position); }

bool FpAddWidget::runAddition() {
    Parts& parts = *parts_;
    parts.inputs->showOperands(parts.state.format, parts.state.a, parts.state.b);
    if (parts.hardware != nullptr) parts.hardware->showFormat(parts.state.format);
    auto found = parts.adders.find(parts.state.format.name);
    if (found == parts.adders.end()) {
        auto adder = logic::FloatAdder::create(parts.state.format);
        if (!adder) {
            // Unreachable with the formats the inputs offer; said on screen, not crashed on.
            parts.trace = {};
            parts.controls->setCount(0);
            parts.stageStrip->setStages({});
            parts.title->setText(QString::fromStdString(adder.error()));
            return false;
        }
        found = parts.adders.emplace(parts.state.format.name, *adder).first;
    }
    parts.trace = found->second.trace(parts.state.a.bits, parts.state.b.bits);
    std::vector<FloatAdderStage> stages;
    for (const logic::FloatAdderStep& step : parts.trace.steps) stages.push_back(step.stage);
    parts.stageStrip->setStages(stages);
    // setCount keeps the position where it can; the caller picks the one to show.
    const QSignalBlocker blocker(parts.controls);
    parts.controls->setCount(static_cast<int>(stages.size()));
    return true;
}

void FpAddWidget::rerunKeepingStage() {
    Parts& parts = *parts_;
    const int before = parts.controls->position();
    const auto& oldSteps = parts.trace.steps;
    const std::optional<FloatAdderStage> stage =
        before >= 0 && before < static_cast<int>(oldSteps.size())
            ? std::optional(oldSteps[static_cast<std::size_t>(before)].stage)
            : std::nullopt;
    if (!runAddition()) return;
    const int last = static_cast<int>(parts.trace.steps.size()) - 1;
    const int target =
        stage ? indexOfStage(parts.trace, *stage).value_or(std::min(before, last)) : 0;
    const QSignalBlocker blocker(parts.controls);
    parts.controls->setPosition(target);
    showPosition(parts.controls->position());
}

void FpAddWidget::editOperand(int operand, const FpAddOperand& value) {
    Parts& parts = *parts_;
    FpAddOperand& edited = operand == 0 ? parts.state.a : parts.state.b;
    const bool changed = !(edited == value);
    edited = value;
    rerunKeepingStage();
    if (changed) emit stateChanged();
}

void FpAddWidget::switchFormat(const FloatFormat& format) {
    Parts& parts = *parts_;
    if (format == parts.state.format) return;
    parts.state.a = lesson::kinds::convertFpAddOperand(parts.state.a, parts.state.format, format);
    parts.state.b = lesson::kinds::convertFpAddOperand(parts.state.b, parts.state.format, format);
    parts.state.format = format;
    rerunKeepingStage();
    emit stateChanged();
}

void FpAddWidget::showPosition(int position) {
    Parts& parts = *parts_;
    const auto& steps = parts.trace.steps;
    if (position < 0 || position >= static_cast<int>(steps.size())) return;
    const logic::FloatAdderStep& step = steps[static_cast<std::size_t>(position)];
    parts.stageStrip->setCurrent(position);
    parts.title->setText(QString::fromStdString(step.title));
    parts.explanation->setText(QString::fromStdString(step.explanation));
    parts.registers->showStep(parts.trace, position);
    parts.result->showStep(parts.trace, position);
    emit positionChanged(position);
}

void FpAddWidget::applyFonts() {
    Parts& parts = *parts_;
    QFont titleFont = scaledFont(font(), kTitleScale);
    titleFont.setBold(true);
    parts.title->setFont(titleFont);
    parts.explanation->setFont(scaledFont(font(), kExplanationScale));
}

void FpAddWidget::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange) applyFonts();
}

namespace {
const SimView kView(lesson::kinds::fpAddKind, createWidget<FpAddWidget>);
}  // namespace

}  // namespace mlsyslab::widgets
