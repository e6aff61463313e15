#include "numeric/FloatWidget.h"

#include <QEvent>
#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <optional>
#include <utility>
#include <vector>

#include "common/SimWidgetRegistry.h"
#include "common/DisplayStyle.h"
#include "numeric/FloatBitRow.h"
#include "numeric/FloatClassBadge.h"
#include "numeric/FloatColors.h"
#include "numeric/FloatEncode.h"
#include "numeric/FloatQueries.h"
#include "numeric/FloatSettingsBar.h"
#include "numeric/FloatText.h"

namespace mlsyslab::widgets {

namespace {

using lesson::kinds::FloatState;
using numeric::FloatFormat;

// Sizes relative to the widget's font, so that presentation mode scales the whole simulator.
constexpr double kFormulaScale = 2.1;
// The formula shrinks to fit the lesson's width (FP32's carries 23 mantissa digits), but no
// further than this: below it, the line is clipped rather than unreadable.
constexpr double kSmallestFormulaScale = 0.95;
constexpr double kBadgeScale = 1.3;
constexpr double kHexScale = 1.3;
constexpr double kFieldScale = 1.35;
constexpr double kNameScale = 1.15;
constexpr double kDetailScale = 1.15;
// Exact decimals up to these lengths are shown in full: the stored value is the point of the
// lesson ("0.1 is kept as 0.0999755859375"); a neighbour only needs to be recognisable.
// Longer ones (fp32's tiny subnormals have over 100 digits) show their float32-exact text.
constexpr int kLongestExactStored = 30;
constexpr int kLongestExactNeighbour = 14;
// The value field holds a typed decimal, not a paragraph: about this many characters wide.
constexpr int kValueFieldCharacters = 30;

}  // namespace

struct FloatWidget::Parts {
    FloatState state;
    QString fieldTextShown;  // what refresh() wrote into the value field
    int availableWidth = 0;  // inside the margins; 0 until the first resize
    numeric::RangeEvent range = numeric::RangeEvent::None;
    FloatSettingsBar* settings = nullptr;
    FloatBitRow* bitRow = nullptr;
    QLabel* hexText = nullptr;
    QLabel* formula = nullptr;
    FloatClassBadge* classBadge = nullptr;
    QLineEdit* valueField = nullptr;
    QLabel* valueError = nullptr;
    QLabel* storedValue = nullptr;
    QLabel* conversionError = nullptr;
    QLabel* rangeNote = nullptr;
    QFormLayout* valueForm = nullptr;
    QLabel* nextDown = nullptr;
    QLabel* nextUp = nullptr;
    QLabel* unitInLastPlace = nullptr;
    std::vector<QWidget*> names;   // row names
    std::vector<QLabel*> details;  // stored value, error, note, neighbours

    explicit Parts(FloatState initial) : state(std::move(initial)) {}
};

FloatWidget::FloatWidget(const FloatState& initial, QWidget* parent)
    : QWidget(parent), parts_(std::make_unique<Parts>(initial)) {
    Parts& parts = *parts_;
    auto* outer = new QVBoxLayout(this);
    const auto newLabel = [this](const char* objectName) {
        auto* label = new QLabel(this);
        label->setObjectName(QLatin1String(objectName));
        return label;
    };

    parts.settings = new FloatSettingsBar(this);
    outer->addWidget(parts.settings);
    connect(parts.settings, &FloatSettingsBar::settingsChosen, this, &FloatWidget::reencode);

    // The bits, their hex, and the formula with the class.
    parts.bitRow = new FloatBitRow(parts.state.format, this);
    // The bits and the formula fit themselves to the width they get (resizeEvent), so they
    // must not demand their full size first: a layout never goes below a minimum.
    parts.bitRow->setMinimumWidth(1);
    connect(parts.bitRow, &FloatBitRow::bitClicked, this, &FloatWidget::flipBit);
    auto* bitLine = new QHBoxLayout;
    bitLine->addStretch();
    bitLine->addWidget(parts.bitRow);
    bitLine->addStretch();
    outer->addSpacing(fontMetrics().height() / 2);
    outer->addLayout(bitLine);
    parts.hexText = newLabel("hexText");
    parts.hexText->setAlignment(Qt::AlignHCenter);
    parts.hexText->setTextInteractionFlags(Qt::TextSelectableByMouse);
    outer->addWidget(parts.hexText);

    auto* formulaLine = new QHBoxLayout;
    parts.formula = newLabel("formula");
    // Plain text, its powers in Unicode superscripts: fitFormula measures the text as written.
    parts.formula->setTextFormat(Qt::PlainText);
    parts.formula->setTextInteractionFlags(Qt::TextSelectableByMouse);
    parts.formula->setMinimumWidth(1);
    parts.classBadge = new FloatClassBadge(this);
    parts.classBadge->setObjectName(QStringLiteral("classBadge"));
    formulaLine->addStretch();
    formulaLine->addWidget(parts.formula);
    formulaLine->addSpacing(fontMetrics().height());
    formulaLine->addWidget(parts.classBadge);
    formulaLine->addStretch();
    outer->addLayout(formulaLine);
    outer->addSpacing(fontMetrics().height() / 2);

    // What was typed and what was kept | the neighbours.
    parts.valueField = new QLineEdit(this);
    parts.valueField->setObjectName(QStringLiteral("valueField"));
    parts.valueField->setPlaceholderText(tr("a decimal like 0.1, or inf, nan, 0x4300"));
    parts.valueError = newLabel("valueError");
    parts.valueError->setWordWrap(true);
    parts.valueError->hide();
    // Return gives returnPressed; leaving the field gives editingFinished. Applying the same
    // text twice is harmless.
    connect(parts.valueField, &QLineEdit::returnPressed, this, &FloatWidget::applyValueEdit);
    connect(parts.valueField, &QLineEdit::editingFinished, this, &FloatWidget::applyValueEdit);
    parts.storedValue = newLabel("storedValue");
    parts.conversionError = newLabel("conversionError");
    parts.rangeNote = newLabel("rangeNote");
    parts.rangeNote->setWordWrap(true);
    parts.nextDown = newLabel("nextDown");
    parts.nextUp = newLabel("nextUp");
    parts.unitInLastPlace = newLabel("unitInLastPlace");
    for (QLabel* label : {parts.storedValue, parts.conversionError, parts.nextDown, parts.nextUp,
                          parts.unitInLastPlace}) {
        label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    }
    parts.details = {parts.storedValue, parts.conversionError, parts.rangeNote,
                     parts.nextDown,    parts.nextUp,          parts.unitInLastPlace};

    const auto addRow = [&](QFormLayout* form, const QString& name, QWidget* content) {
        auto* label = new QLabel(name, this);
        parts.names.push_back(label);
        form->addRow(label, content);
    };
    parts.valueForm = new QFormLayout;
    auto* valueColumn = new QVBoxLayout;
    valueColumn->setSpacing(2);
    valueColumn->addWidget(parts.valueField);
    valueColumn->addWidget(parts.valueError);
    auto* valueName = new QLabel(tr("Value"), this);
    valueName->setBuddy(parts.valueField);
    parts.names.push_back(valueName);
    parts.valueForm->addRow(valueName, valueColumn);
    addRow(parts.valueForm, tr("Stored"), parts.storedValue);
    addRow(parts.valueForm, tr("Error"), parts.conversionError);
    parts.valueForm->addRow(parts.rangeNote);
    auto* neighbourForm = new QFormLayout;
    addRow(neighbourForm, tr("Next up"), parts.nextUp);
    addRow(neighbourForm, tr("Next down"), parts.nextDown);
    addRow(neighbourForm, tr("Gap (ULP)"), parts.unitInLastPlace);
    auto* details = new QHBoxLayout;
    details->addLayout(parts.valueForm, 3);
    details->addSpacing(fontMetrics().height() * 2);
    details->addLayout(neighbourForm, 2);
    outer->addLayout(details);
    outer->addStretch();

    applyFonts();
    refresh();
}

FloatWidget::~FloatWidget() {
    // QWidget deletes the children after this body, when parts_ is gone; a field that has the
    // focus then emits editingFinished. Stop listening before that happens.
    parts_->valueField->disconnect(this);
}

FloatState FloatWidget::state() const { return parts_->state; }

numeric::DecodedFloat FloatWidget::decoded() const {
    return numeric::decodeFloat(parts_->state.format, parts_->state.bits);
}

void FloatWidget::setState(const FloatState& state) {
    const bool changed = !(state == parts_->state);
    parts_->state = state;
    refresh();
    if (changed) emit stateChanged();
}

void FloatWidget::applyValueEdit() {
    Parts& parts = *parts_;
    QString text = parts.valueField->text().trimmed();
    if (text == parts.fieldTextShown) {  // nothing new typed: keep the bits as they are
        parts.valueError->hide();
        return;
    }
    text.replace(QStringLiteral("\u2212"), QStringLiteral("-"));  // a pasted minus sign
    const std::string typed = text.toStdString();
    FloatState next = parts.state;
    if (text.startsWith(QStringLiteral("0x"), Qt::CaseInsensitive)) {
        const auto bits = numeric::parseFloatBitsText(next.format, typed);
        if (!bits) {
            parts.valueError->setText(QString::fromStdString(bits.error()));
            parts.valueError->show();
            return;
        }
        next.bits = *bits;
        next.typedValue.reset();
    } else {
        const auto conversion = numeric::convertDecimal(next.format, typed, next.options);
        if (!conversion) {
            // Keep what was typed, so the student can see and fix it; the bits stay.
            parts.valueError->setText(QString::fromStdString(conversion.error()));
            parts.valueError->show();
            return;
        }
        next.bits = conversion->bits;
        next.typedValue = typed;
    }
    setState(next);
}

void FloatWidget::flipBit(int index) {
    FloatState next = parts_->state;
    next.bits ^= std::uint64_t{1} << index;
    next.typedValue.reset();  // the pattern no longer stands for what was typed
    setState(next);
}

void FloatWidget::reencode(const FloatFormat& format, numeric::EncodeOptions options) {
    FloatState next = parts_->state;
    if (!next.typedValue && format != next.format) {
        // Carry the number the bits held, every digit of it, into the new format.
        next.typedValue = numeric::exactDecimalText(decoded().value);
    }
    next.format = format;
    next.options = options;
    if (next.typedValue) next.bits = *numeric::encodeDecimal(format, *next.typedValue, options);
    setState(next);
}

void FloatWidget::applyFonts() {
    Parts& parts = *parts_;
    const QFont base = font();
    parts.classBadge->setFont(scaledFont(base, kBadgeScale));
    QFont fixed = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    fixed.setPointSizeF(base.pointSizeF() > 0 ? base.pointSizeF() : 10.0);
    parts.hexText->setFont(scaledFont(fixed, kHexScale));
    const QFont fieldFont = scaledFont(fixed, kFieldScale);
    parts.valueField->setFont(fieldFont);
    parts.valueField->setMaximumWidth(QFontMetrics(fieldFont).averageCharWidth() *
                                      kValueFieldCharacters);
    const QFont nameFont = scaledFont(base, kNameScale);
    for (QWidget* name : parts.names) name->setFont(nameFont);
    const QFont detailFont = scaledFont(base, kDetailScale);
    for (QLabel* detail : parts.details) detail->setFont(detailFont);
    QFont noteFont = detailFont;
    noteFont.setBold(true);
    parts.rangeNote->setFont(noteFont);
    fitFormula();
    parts.valueError->setFont(detailFont);
}

void FloatWidget::applyColors() {
    Parts& parts = *parts_;
    const auto paint = [](QLabel* label, const QColor& color) {
        QPalette colors = label->palette();
        colors.setColor(QPalette::WindowText, color);
        label->setPalette(colors);
    };
    paint(parts.valueError, errorColor(palette()));
    // Losing the value (overflow, underflow to zero) is an alarm; a subnormal only a caution.
    const bool gradual = parts.range == numeric::RangeEvent::Underflow;
    paint(parts.rangeNote, gradual ? floatClassColor(numeric::FloatClass::Subnormal, palette())
                                   : errorColor(palette()));
}

void FloatWidget::refresh() {
    Parts& parts = *parts_;
    const FloatState& state = parts.state;
    const FloatFormat& format = state.format;
    parts.settings->showSettings(format, state.options);
    parts.bitRow->setFormat(format);
    parts.bitRow->setBits(state.bits);

    const numeric::DecodedFloat decoded = numeric::decodeFloat(format, state.bits);
    parts.hexText->setText(QString::fromStdString(numeric::floatBitsText(format, state.bits)));
    parts.formula->setText(QString::fromStdString(numeric::floatFormulaText(format, decoded)));
    fitFormula();
    parts.classBadge->setFloatClass(decoded.floatClass);

    parts.fieldTextShown =
        state.typedValue ? QString::fromStdString(*state.typedValue)
                         : QString::fromStdString(numeric::floatValueText(format, decoded.value));
    parts.valueField->setText(parts.fieldTextShown);
    parts.valueError->clear();
    parts.valueError->hide();

    const QString stored = exactOrShortValueText(format, decoded.value, kLongestExactStored);
    parts.range = numeric::RangeEvent::None;
    bool showError = false;
    parts.storedValue->setText(stored);
    if (state.typedValue) {
        const auto conversion = numeric::convertDecimal(format, *state.typedValue, state.options);
        if (conversion) {
            parts.range = conversion->range;
            // An infinite error says nothing the overflow note does not say better.
            showError = !conversion->exact && std::isfinite(conversion->absoluteError);
            parts.storedValue->setText(conversion->exact ? tr("%1 (exactly)").arg(stored) : stored);
            parts.conversionError->setText(tr("%1 (relative %2)")
                                               .arg(absoluteErrorText(conversion->absoluteError),
                                                    relativeErrorText(conversion->relativeError)));
            parts.rangeNote->setText(
                rangeNoteText(format, *conversion, state.options, NoteDetail::Full));
        }
    }
    parts.valueForm->setRowVisible(parts.conversionError, showError);
    parts.rangeNote->setVisible(parts.range != numeric::RangeEvent::None);

    const auto neighbourText = [&](std::optional<std::uint64_t> neighbour) {
        if (!neighbour) return tr("none");
        const double value = numeric::decodeFloat(format, *neighbour).value;
        return exactOrShortValueText(format, value, kLongestExactNeighbour);
    };
    parts.nextUp->setText(neighbourText(numeric::nextUp(format, state.bits)));
    parts.nextDown->setText(neighbourText(numeric::nextDown(format, state.bits)));
    const double gap = numeric::unitInLastPlace(format, decoded.value);
    parts.unitInLastPlace->setText(
        std::isnan(gap) ? tr("none") : exactOrShortValueText(format, gap, kLongestExactNeighbour));
    applyColors();
}

void FloatWidget::fitFormula() {
    Parts& parts = *parts_;
    double scale = kFormulaScale;
    QFont formulaFont = scaledFont(font(), scale);
    if (parts.availableWidth > 0) {
        // The badge, the gap before it, the layout's spacing around the items, and a
        // character's worth of slack for rounding.
        const int spacing = std::max(0, layout()->spacing());
        const int besides = parts.classBadge->sizeHint().width() + fontMetrics().height() +
                            4 * spacing + fontMetrics().averageCharWidth();
        const int room = std::max(1, parts.availableWidth - besides);
        const QString& text = parts.formula->text();
        // Type sizes round to whole pixels, so measure again after each step down.
        for (int step = 0; step < 8 && scale > kSmallestFormulaScale; ++step) {
            const int textWidth = QFontMetrics(formulaFont).horizontalAdvance(text);
            if (textWidth <= room) break;
            scale =
                std::max(kSmallestFormulaScale, std::min(scale * 0.97, scale * room / textWidth));
            formulaFont = scaledFont(font(), scale);
        }
    }
    if (formulaFont != parts.formula->font()) parts.formula->setFont(formulaFont);
}

void FloatWidget::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    // The lesson caps a step's width (about 120 characters); the bits and the formula shrink
    // to what is left, so nothing is cut off at the frame's edge.
    const QMargins margins = layout()->contentsMargins();
    parts_->availableWidth = width() - margins.left() - margins.right();
    parts_->bitRow->fitToWidth(parts_->availableWidth);
    fitFormula();
}

void FloatWidget::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange) applyFonts();
    if (event->type() == QEvent::PaletteChange) applyColors();
}

namespace {
const SimView kView(lesson::kinds::floatKind, createWidget<FloatWidget>);
}  // namespace

}  // namespace mlsyslab::widgets
