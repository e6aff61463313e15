#include "numeric/IntWidget.h"

#include <QButtonGroup>
#include <QComboBox>
#include <QEvent>
#include <QFontDatabase>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalBlocker>
#include <QVBoxLayout>
#include <array>

#include "common/SimWidgetRegistry.h"
#include "common/DisplayStyle.h"
#include "numeric/IntColumnView.h"
#include "numeric/IntegerText.h"
#include "numeric/NumberCircle.h"

namespace mlsyslab::widgets {

namespace {

using lesson::kinds::IntState;
using numeric::BitPattern;
using numeric::IntegerFormat;
using numeric::IntegerOperation;
using numeric::Signedness;

constexpr double kControlScale = 1.15;
constexpr double kFieldScale = 1.35;
constexpr int kMinimumFieldDigits = 5;
// Holding a step button walks A on, about seven steps a second: slow enough to follow.
constexpr int kStepRepeatDelayMs = 400;
constexpr int kStepRepeatIntervalMs = 140;

const QChar kMinusSign(0x2212);

}  // namespace

struct IntWidget::Parts {
    IntState state;
    numeric::IntegerResult result;
    numeric::AluFlags flags;
    QComboBox* widthSelector = nullptr;
    QPushButton* signedButton = nullptr;
    QPushButton* unsignedButton = nullptr;
    QLineEdit* aField = nullptr;
    QLineEdit* bField = nullptr;
    QLabel* aError = nullptr;
    QLabel* bError = nullptr;
    QLabel* bName = nullptr;
    QComboBox* operationSelector = nullptr;
    QPushButton* decrementButton = nullptr;
    QPushButton* incrementButton = nullptr;
    std::vector<QWidget*> controls;  // sized by applyFonts
    IntColumnView* column = nullptr;
    NumberCircle* circle = nullptr;
};

IntWidget::IntWidget(const IntState& initial, QWidget* parent)
    : QWidget(parent), parts_(std::make_unique<Parts>()) {
    Parts& parts = *parts_;
    parts.state = initial;
    auto* outer = new QHBoxLayout(this);
    auto* left = new QVBoxLayout;
    outer->addLayout(left, 0);  // as wide as the column needs; the circle takes the rest

    const auto addControl = [&](auto* widget, const char* objectName) {
        if (objectName != nullptr) widget->setObjectName(QLatin1String(objectName));
        parts.controls.push_back(widget);
        return widget;
    };

    // The format: width and reading.
    auto* formatRow = new QHBoxLayout;
    auto* widthName = addControl(new QLabel(tr("Width:"), this), nullptr);
    parts.widthSelector = addControl(new QComboBox(this), "widthSelector");
    for (const int width : lesson::kinds::kIntWidths) {
        parts.widthSelector->addItem(tr("%n bits", nullptr, width), width);
    }
    widthName->setBuddy(parts.widthSelector);
    parts.signedButton = addControl(new QPushButton(tr("Signed"), this), "signedButton");
    parts.unsignedButton = addControl(new QPushButton(tr("Unsigned"), this), "unsignedButton");
    parts.signedButton->setToolTip(
        tr("Read the bits as two's complement: the top bit weighs "
           "minus its place value."));
    parts.unsignedButton->setToolTip(tr("Read the bits as a plain binary number, 0 and up."));
    auto* readings = new QButtonGroup(this);
    for (QPushButton* button : {parts.signedButton, parts.unsignedButton}) {
        button->setCheckable(true);
        readings->addButton(button);
    }
    formatRow->addWidget(widthName);
    formatRow->addWidget(parts.widthSelector);
    formatRow->addSpacing(fontMetrics().height());
    formatRow->addWidget(parts.signedButton);
    formatRow->addWidget(parts.unsignedButton);
    formatRow->addStretch();
    left->addLayout(formatRow);

    // The operation: A op B, with steps for A.
    auto* operands = new QGridLayout;
    operands->setHorizontalSpacing(8);
    operands->setVerticalSpacing(2);
    auto* aName = addControl(new QLabel(tr("A"), this), nullptr);
    parts.aField = addControl(new QLineEdit(this), "aField");
    parts.operationSelector = addControl(new QComboBox(this), "operationSelector");
    const std::array<std::pair<QString, IntegerOperation>, 4> operations = {{
        {tr("A + B"), IntegerOperation::Add},
        {tr("A \u2212 B"), IntegerOperation::Subtract},
        {tr("A \u00D7 B"), IntegerOperation::Multiply},
        {tr("\u2212A (neg)"), IntegerOperation::Negate},
    }};
    for (const auto& [text, operation] : operations) {
        parts.operationSelector->addItem(text, static_cast<int>(operation));
    }
    parts.bName = addControl(new QLabel(tr("B"), this), nullptr);
    parts.bField = addControl(new QLineEdit(this), "bField");
    aName->setBuddy(parts.aField);
    parts.bName->setBuddy(parts.bField);
    parts.decrementButton = addControl(new QPushButton(tr("A \u2212 1"), this), "decrementButton");
    parts.incrementButton = addControl(new QPushButton(tr("A + 1"), this), "incrementButton");
    for (QPushButton* button : {parts.decrementButton, parts.incrementButton}) {
        button->setAutoRepeat(true);
        button->setAutoRepeatDelay(kStepRepeatDelayMs);
        button->setAutoRepeatInterval(kStepRepeatIntervalMs);
        button->setToolTip(tr("Walk A one step round the circle; it wraps at the ends."));
    }
    parts.aError = new QLabel(this);
    parts.bError = new QLabel(this);
    parts.aError->setObjectName(QStringLiteral("aError"));
    parts.bError->setObjectName(QStringLiteral("bError"));
    for (QLabel* error : {parts.aError, parts.bError}) {
        error->setWordWrap(true);
        error->hide();
    }
    // A with its steps on one row, the operation and B on the next: narrow enough for the
    // 20-digit fields of 64 bits beside the circle.
    auto* steps = new QHBoxLayout;
    steps->setSpacing(fontMetrics().height() / 2);
    steps->addWidget(parts.decrementButton);
    steps->addWidget(parts.incrementButton);
    steps->addStretch();
    operands->addWidget(aName, 0, 0, Qt::AlignRight);
    operands->addWidget(parts.aField, 0, 1);
    operands->addLayout(steps, 0, 2);
    operands->addWidget(parts.aError, 1, 1, 1, 2);
    auto* operation = new QHBoxLayout;
    operation->addStretch();
    operation->addWidget(parts.operationSelector);
    operation->addSpacing(fontMetrics().height() / 2);
    operation->addWidget(parts.bName);
    operands->addLayout(operation, 2, 0, 1, 1);
    operands->addWidget(parts.bField, 2, 1);
    operands->addWidget(parts.bError, 3, 1, 1, 2);
    operands->setColumnStretch(2, 1);
    left->addLayout(operands);
    left->addSpacing(fontMetrics().height());

    parts.column = new IntColumnView(this);
    left->addWidget(parts.column, 1);

    parts.circle = new NumberCircle(this);
    parts.circle->setObjectName(QStringLiteral("numberCircle"));
    outer->addWidget(parts.circle, 1);

    connect(parts.widthSelector, &QComboBox::currentIndexChanged, this, [this](int index) {
        const int width = parts_->widthSelector->itemData(index).toInt();
        changeFormat({width, parts_->state.format.signedness});
    });
    connect(parts.signedButton, &QPushButton::clicked, this, [this] {
        changeFormat({parts_->state.format.width, Signedness::Signed});
    });
    connect(parts.unsignedButton, &QPushButton::clicked, this, [this] {
        changeFormat({parts_->state.format.width, Signedness::Unsigned});
    });
    connect(parts.operationSelector, &QComboBox::currentIndexChanged, this, [this](int index) {
        IntState next = parts_->state;
        next.operation =
            static_cast<IntegerOperation>(parts_->operationSelector->itemData(index).toInt());
        setState(next);
    });
    connect(parts.decrementButton, &QPushButton::clicked, this, [this] { stepA(false); });
    connect(parts.incrementButton, &QPushButton::clicked, this, [this] { stepA(true); });
    // Return gives returnPressed; leaving the field gives editingFinished. Applying the same
    // text twice is harmless: the second time the operand is already equal.
    for (const auto& [field, operand] :
         {std::pair(parts.aField, Operand::A), std::pair(parts.bField, Operand::B)}) {
        connect(field, &QLineEdit::returnPressed, this, [this, operand] { applyEdit(operand); });
        connect(field, &QLineEdit::editingFinished, this, [this, operand] { applyEdit(operand); });
    }

    applyFonts();
    applyColors();
    refresh();
}

IntWidget::~IntWidget() {
    // QWidget deletes the children after this body, when parts_ is gone; a field that has the
    // focus then emits editingFinished. Stop listening before that happens.
    parts_->aField->disconnect(this);
    parts_->bField->disconnect(this);
}

IntState IntWidget::state() const { return parts_->state; }
numeric::IntegerResult IntWidget::result() const { return parts_->result; }
numeric::AluFlags IntWidget::flags() const { return parts_->flags; }
const NumberCircle* IntWidget::numberCircle() const { return parts_->circle; }

void IntWidget::setState(const IntState& state) {
    const bool changed = !(state == parts_->state);
    parts_->state = state;
    refresh();
    if (changed) emit stateChanged();
}

void IntWidget::applyEdit(Operand operand) {
    QLineEdit* field = operand == Operand::A ? parts_->aField : parts_->bField;
    QLabel* error = operand == Operand::A ? parts_->aError : parts_->bError;
    // The fields show a real minus sign; a typed hyphen is the same thing.
    QString text = field->text();
    text.replace(kMinusSign, QLatin1Char('-'));
    const auto parsed = numeric::parseOperand(text.toStdString(), parts_->state.format);
    if (!parsed) {
        // Keep what was typed, so the student can see and fix it; nothing else changes.
        error->setText(withMinusSign(parsed.error()));
        error->show();
        return;
    }
    IntState next = parts_->state;
    (operand == Operand::A ? next.a : next.b) = *parsed;
    setState(next);
}

void IntWidget::changeFormat(IntegerFormat format) {
    IntState next = parts_->state;
    const Signedness oldReading = next.format.signedness;
    next.format = format;
    next.a = numeric::castTo(next.a, oldReading, format);
    next.b = numeric::castTo(next.b, oldReading, format);
    setState(next);
}

void IntWidget::stepA(bool up) {
    IntState next = parts_->state;
    const BitPattern one(next.format.width, 1);
    next.a = (up ? numeric::add(next.a, one, next.format.signedness)
                 : numeric::subtract(next.a, one, next.format.signedness))
                 .bits;
    setState(next);
}

void IntWidget::applyFonts() {
    Parts& parts = *parts_;
    const QFont controlFont = scaledFont(font(), kControlScale);
    for (QWidget* control : parts.controls) control->setFont(controlFont);
    QFont fieldFont = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    fieldFont.setPointSizeF(font().pointSizeF() > 0 ? font().pointSizeF() : 10.0);
    fieldFont = scaledFont(fieldFont, kFieldScale);
    parts.aField->setFont(fieldFont);
    parts.bField->setFont(fieldFont);
    // Wide enough for the longest value of the format, and never a tiny target.
    const QString widest =
        withMinusSign(std::to_string(BitPattern::minSigned(parts.state.format.width)));
    const int fieldWidth = QFontMetrics(fieldFont).horizontalAdvance(
        QString(std::max<int>(int(widest.size()), kMinimumFieldDigits) + 2, QLatin1Char('8')));
    parts.aField->setFixedWidth(fieldWidth);
    parts.bField->setFixedWidth(fieldWidth);
}

void IntWidget::applyColors() {
    for (QLabel* error : {parts_->aError, parts_->bError}) {
        QPalette colors = error->palette();
        colors.setColor(QPalette::WindowText, errorColor(palette()));
        error->setPalette(colors);
    }
}

void IntWidget::refresh() {
    Parts& parts = *parts_;
    const IntState& state = parts.state;
    const Signedness signedness = state.format.signedness;
    {
        const QSignalBlocker widthBlocker(parts.widthSelector);
        const QSignalBlocker operationBlocker(parts.operationSelector);
        parts.widthSelector->setCurrentIndex(parts.widthSelector->findData(state.format.width));
        parts.operationSelector->setCurrentIndex(
            parts.operationSelector->findData(static_cast<int>(state.operation)));
    }
    parts.signedButton->setChecked(state.format.isSigned());
    parts.unsignedButton->setChecked(!state.format.isSigned());
    parts.aField->setText(readingText(state.a, signedness));
    parts.bField->setText(readingText(state.b, signedness));
    for (QLabel* error : {parts.aError, parts.bError}) {
        error->clear();
        error->hide();
    }
    const bool usesB = state.operation != IntegerOperation::Negate;
    parts.bField->setEnabled(usesB);
    parts.bName->setEnabled(usesB);
    applyFonts();  // the fields' width follows the format

    parts.result = numeric::apply(state.operation, state.a, state.b, signedness);
    parts.flags = numeric::aluFlags(state.operation, state.a, state.b, signedness);
    parts.column->setContents(
        {state, parts.result, parts.flags,
         numeric::exactResultText(state.operation, state.a, state.b, signedness)});

    const QString resultValue = readingText(parts.result.bits, signedness);
    const QString operation = state.operation == IntegerOperation::Negate
                                  ? QStringLiteral("\u2212A")
                                  : tr("A %1 B").arg(operatorSymbol(state.operation));
    parts.circle->setContents({state.format, state.a, parts.result.bits,
                               numeric::circleWalk(state.operation, state.a, state.b, signedness),
                               tr("A"), operation,
                               tr("A = %1").arg(readingText(state.a, signedness)),
                               tr("%1 = %2").arg(operation, resultValue)});
}

void IntWidget::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange) applyFonts();
    if (event->type() == QEvent::PaletteChange) applyColors();
}

namespace {
const SimView kView(lesson::kinds::intKind, createWidget<IntWidget>);
}  // namespace

}  // namespace mlsyslab::widgets
