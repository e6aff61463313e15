#include "gpu/CoalescingWidget.h"

#include <QEvent>
#include <QGridLayout>
#include <QLabel>
#include <QVBoxLayout>
#include <array>
#include <tuple>

#include "common/SimWidgetRegistry.h"
#include "common/DisplayStyle.h"
#include "gpu/CoalescingControls.h"
#include "gpu/CoalescingText.h"
#include "gpu/CoalescingView.h"

namespace mlsyslab::widgets {

namespace {

using lesson::kinds::CoalescingState;

constexpr double kValueFontScale = 1.7;
constexpr double kFormulaFontScale = 1.15;

QLabel* newLabel(QWidget* parent, const char* name) {
    auto* label = new QLabel(parent);
    label->setObjectName(QLatin1String(name));
    label->setWordWrap(true);
    label->setTextFormat(Qt::PlainText);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

}  // namespace

CoalescingWidget::CoalescingWidget(const CoalescingState& initial, QWidget* parent)
    : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    controls_ = new CoalescingControls(initial.pattern, this);
    controls_->setObjectName(QStringLiteral("controls"));
    controls_->setEnabled(initial.editable);
    layout->addWidget(controls_);

    formula_ = newLabel(this, "formula");
    formula_->setToolTip(
        tr("Which element each lane i (0 to 31) of the warp reads; the array "
           "starts on a 128-byte boundary"));
    layout->addWidget(formula_);
    view_ = new CoalescingView(this);
    view_->setObjectName(QStringLiteral("view"));
    layout->addWidget(view_);

    // The counts in large type, each over its caption.
    auto* readouts = new QGridLayout;
    const std::array<std::tuple<QLabel**, const char*, QString, QString>, 5> values = {
        std::tuple{&sectorsValue_, "sectorsValue", tr("sectors moved (32 bytes each)"),
                   tr("Distinct 32-byte sectors the lanes' bytes fall in: each is one transfer")},
        std::tuple{&linesValue_, "linesValue", tr("128-byte lines touched"),
                   tr("Distinct 128-byte cache lines those sectors belong to")},
        std::tuple{&movedValue_, "movedValue", tr("bytes moved"), tr("Sectors × 32 bytes")},
        std::tuple{&requestedValue_, "requestedValue", tr("bytes the lanes asked for"),
                   tr("Active lanes × element size")},
        std::tuple{&efficiencyValue_, "efficiencyValue", tr("efficiency"),
                   tr("Bytes asked for / bytes moved. Over 100% when lanes share bytes: one "
                      "sector serves them all")}};
    for (int column = 0; column < int(values.size()); ++column) {
        const auto& [target, name, caption, tip] = values[std::size_t(column)];
        QLabel* value = newLabel(this, name);
        value->setWordWrap(false);
        value->setToolTip(tip);
        auto* captionLabel = new QLabel(caption, this);
        captionLabel->setWordWrap(true);
        captionLabel->setToolTip(tip);
        readouts->addWidget(value, 0, column, Qt::AlignLeft | Qt::AlignBottom);
        readouts->addWidget(captionLabel, 1, column, Qt::AlignLeft | Qt::AlignTop);
        readouts->setColumnStretch(column, 1);
        *target = value;
        valueLabels_ << value;
    }
    layout->addLayout(readouts);

    problem_ = newLabel(this, "problem");
    problem_->hide();
    layout->addWidget(problem_);
    explanation_ = newLabel(this, "explanation");
    layout->addWidget(explanation_);
    layout->addStretch(1);

    connect(controls_, &CoalescingControls::patternEdited, this, &CoalescingWidget::recount);
    applyFonts();
    recount();
}

const gpu::CoalescingPattern& CoalescingWidget::pattern() const { return controls_->pattern(); }

void CoalescingWidget::recount() {
    const gpu::CoalescingPattern& pattern = controls_->pattern();
    const auto counted = gpu::coalesce(pattern);
    formula_->setText(CoalescingText::laneFormula(pattern) + QStringLiteral(", ") +
                      CoalescingText::elementSize(pattern.elementBytes));
    if (!counted) {
        result_.reset();
        view_->setResult(std::nullopt);
        for (QLabel* value : valueLabels_) value->setText(QStringLiteral("\u2014"));
        QPalette colors = problem_->palette();
        colors.setColor(QPalette::WindowText, errorColor(palette()));
        problem_->setPalette(colors);
        problem_->setText(CoalescingText::problem(pattern, counted.error()));
        problem_->show();
        explanation_->clear();
        emit resultChanged();
        return;
    }
    result_ = *counted;
    problem_->hide();
    view_->setResult(result_);
    sectorsValue_->setText(QString::number(result_->sectors.size()));
    linesValue_->setText(QString::number(result_->lines.size()));
    movedValue_->setText(QString::number(result_->bytesMoved()));
    requestedValue_->setText(QString::number(result_->bytesRequested));
    efficiencyValue_->setText(CoalescingText::percent(result_->efficiencyPct()));
    explanation_->setText(CoalescingText::explanation(pattern, *result_));
    emit resultChanged();
}

void CoalescingWidget::applyFonts() {
    if (formula_ == nullptr) return;  // a font change during construction
    QFont valueFont = scaledFont(font(), kValueFontScale);
    valueFont.setBold(true);
    for (QLabel* value : valueLabels_) value->setFont(valueFont);
    QFont formulaFont = scaledFont(font(), kFormulaFontScale);
    formulaFont.setBold(true);
    formula_->setFont(formulaFont);
}

void CoalescingWidget::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange) applyFonts();
    if (event->type() == QEvent::PaletteChange && problem_ != nullptr) {
        QPalette colors = problem_->palette();
        colors.setColor(QPalette::WindowText, errorColor(palette()));
        problem_->setPalette(colors);
    }
}

namespace {
const SimView kView(lesson::kinds::coalescingKind, createWidget<CoalescingWidget>);
}  // namespace

}  // namespace mlsyslab::widgets
