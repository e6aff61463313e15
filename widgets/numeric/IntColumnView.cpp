#include "numeric/IntColumnView.h"

#include <QEvent>
#include <QFontDatabase>
#include <QFrame>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>
#include <array>

#include "common/DisplayStyle.h"
#include "numeric/FlagBadge.h"
#include "numeric/IntegerText.h"

namespace mlsyslab::widgets {

namespace {

using numeric::BitPattern;
using numeric::IntegerOperation;

// 64 bits go on two lines of 32, so a row stays within about 600 px at a desk.
constexpr int kBitsPerLine = 32;
// Above 16 bits the sentence gives the kept bits in hex: 32 binary digits in running text
// are unreadable.
constexpr int kWidestBinaryInText = 16;

// The bits as large as the register width allows, relative to the widget's font.
double bitsScale(int width) {
    if (width <= 8) return 2.2;
    if (width <= 16) return 1.35;
    return 1.0;
}

// A negative operand in an expression gets parentheses: "5 − (−3)".
QString operandText(const BitPattern& pattern, numeric::Signedness signedness) {
    const QString text = readingText(pattern, signedness);
    return signedness == numeric::Signedness::Signed && pattern.signedValue() < 0
               ? QStringLiteral("(%1)").arg(text)
               : text;
}

enum Row { Top, Bottom, Result, RowCount };
enum Flag { Carry, Overflow, Zero, Negative, FlagCount };

}  // namespace

struct IntColumnView::Parts {
    Contents contents;
    int shownWidth = 0;  // the fonts were last sized for this register width
    std::array<QLabel*, RowCount> operators{};
    std::array<QLabel*, RowCount> names{};  // the result row's holds the carry-out digit
    std::array<QLabel*, RowCount> bits{};
    std::array<QLabel*, RowCount> values{};
    QGridLayout* grid = nullptr;
    QFrame* rule = nullptr;
    QLabel* trueResult = nullptr;
    std::array<FlagBadge*, FlagCount> flags{};
    std::array<QLabel*, FlagCount> flagCaptions{};
};

IntColumnView::IntColumnView(QWidget* parent) : QWidget(parent), parts_(std::make_unique<Parts>()) {
    Parts& parts = *parts_;
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);

    auto* column = new QGridLayout;
    parts.grid = column;
    column->setVerticalSpacing(2);
    const std::array<const char*, RowCount> rowNames = {"top", "bottom", "result"};
    for (int row = 0; row < RowCount; ++row) {
        const int gridRow = row == Result ? row + 1 : row;  // the rule sits above the result
        const auto makeLabel = [&](int gridColumn, Qt::Alignment alignment) {
            auto* label = new QLabel(this);
            label->setAlignment(alignment | Qt::AlignVCenter);
            column->addWidget(label, gridRow, gridColumn);
            return label;
        };
        parts.operators[row] = makeLabel(0, Qt::AlignRight);
        parts.names[row] = makeLabel(1, Qt::AlignRight);
        parts.bits[row] = makeLabel(2, Qt::AlignRight);
        parts.values[row] = makeLabel(3, Qt::AlignRight);
        parts.bits[row]->setObjectName(QLatin1String(rowNames[row]) + QStringLiteral("Bits"));
        parts.values[row]->setObjectName(QLatin1String(rowNames[row]) + QStringLiteral("Value"));
        parts.bits[row]->setTextInteractionFlags(Qt::TextSelectableByMouse);
    }
    parts.names[Result]->setObjectName(QStringLiteral("carryOut"));
    parts.names[Result]->setToolTip(
        tr("The carry out of the top bit. The register has no room for it: it only sets the "
           "C flag."));
    parts.rule = new QFrame(this);
    parts.rule->setFrameShape(QFrame::HLine);
    parts.rule->setFrameShadow(QFrame::Plain);
    column->addWidget(parts.rule, 2, 0, 1, 4);
    column->setColumnStretch(4, 1);
    outer->addLayout(column);
    outer->addSpacing(fontMetrics().height() / 2);

    parts.trueResult = new QLabel(this);
    parts.trueResult->setObjectName(QStringLiteral("trueResult"));
    parts.trueResult->setWordWrap(true);
    outer->addWidget(parts.trueResult);

    auto* flagRow = new QHBoxLayout;
    const std::array<const char*, FlagCount> letters = {"C", "V", "Z", "N"};
    const std::array<QString, FlagCount> tooltips = {
        tr("C, the carry flag: an addition carried out of the top bit, or a subtraction "
           "borrowed. For unsigned numbers this means the result does not fit."),
        tr("V, the overflow flag: the result read as a signed (two's complement) number does "
           "not fit. For signed numbers this means the result is wrong."),
        tr("Z, the zero flag: every bit of the result is 0."),
        tr("N, the negative flag: the top bit of the result, its sign when read as signed."),
    };
    for (int flag = 0; flag < FlagCount; ++flag) {
        auto* badge = new FlagBadge(QLatin1String(letters[flag]), this);
        badge->setObjectName(QStringLiteral("flag") + QLatin1String(letters[flag]));
        badge->setToolTip(tooltips[flag]);
        auto* caption = new QLabel(this);
        caption->setAlignment(Qt::AlignHCenter | Qt::AlignTop);
        caption->setToolTip(tooltips[flag]);
        auto* stack = new QVBoxLayout;
        stack->setSpacing(2);
        stack->addWidget(badge, 0, Qt::AlignHCenter);
        stack->addWidget(caption);
        flagRow->addLayout(stack);
        parts.flags[flag] = badge;
        parts.flagCaptions[flag] = caption;
    }
    parts.flagCaptions[Overflow]->setText(tr("overflow"));
    parts.flagCaptions[Zero]->setText(tr("zero"));
    parts.flagCaptions[Negative]->setText(tr("negative"));
    flagRow->addStretch();
    outer->addLayout(flagRow);
    outer->addStretch();

    applyFonts();
    applyColors();
}

IntColumnView::~IntColumnView() = default;

void IntColumnView::setContents(const Contents& contents) {
    parts_->contents = contents;
    if (contents.state.format.width != parts_->shownWidth) applyFonts();
    refresh();
}

void IntColumnView::applyFonts() {
    Parts& parts = *parts_;
    const int width = parts.contents.state.format.width;
    parts.shownWidth = width;
    const QFont base = font();
    QFont bitsFont = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    bitsFont.setPointSizeF(base.pointSizeF() > 0 ? base.pointSizeF() : 10.0);
    bitsFont = scaledFont(bitsFont, bitsScale(width));
    // One monospaced type for the whole column, so every digit sits on one baseline and the
    // values line up like the bits.
    for (int row = 0; row < RowCount; ++row) {
        QFont rowFont = bitsFont;
        rowFont.setBold(row == Result);
        parts.operators[row]->setFont(bitsFont);
        QFont nameFont = bitsFont;
        nameFont.setBold(row != Result);
        parts.names[row]->setFont(row == Result ? bitsFont : nameFont);
        parts.bits[row]->setFont(rowFont);
        parts.values[row]->setFont(rowFont);
    }
    parts.rule->setLineWidth(std::max(2, fontMetrics().height() / 6));
    // Air between the bits and their value grows with the type.
    parts.grid->setHorizontalSpacing(QFontMetrics(bitsFont).height() / 2);
    parts.trueResult->setFont(scaledFont(base, 1.25));
    QFont badgeFont = scaledFont(base, 1.4);
    badgeFont.setBold(true);
    for (FlagBadge* badge : parts.flags) {
        badge->setFont(badgeFont);
        badge->updateGeometry();
    }
    for (QLabel* caption : parts.flagCaptions) caption->setFont(base);
}

void IntColumnView::applyColors() {
    QPalette carryColors = parts_->names[Result]->palette();
    carryColors.setColor(QPalette::WindowText, errorColor(palette()));
    parts_->names[Result]->setPalette(carryColors);
}

void IntColumnView::refresh() {
    Parts& parts = *parts_;
    const Contents& shown = parts.contents;
    const lesson::kinds::IntState& state = shown.state;
    const auto signedness = state.format.signedness;
    const bool negate = state.operation == IntegerOperation::Negate;
    // NEG is 0 − A: the column and the circle's walk both start from 0.
    const BitPattern top = negate ? BitPattern(state.format.width, 0) : state.a;
    const BitPattern& bottom = negate ? state.a : state.b;
    const std::array<BitPattern, RowCount> patterns = {top, bottom, shown.result.bits};
    for (int row = 0; row < RowCount; ++row) {
        parts.bits[row]->setText(nibbleGroupedBits(patterns[row], kBitsPerLine));
        parts.values[row]->setText(readingText(patterns[row], signedness));
    }
    parts.operators[Bottom]->setText(operatorSymbol(state.operation));
    parts.names[Top]->setText(negate ? QString() : tr("A"));
    parts.names[Bottom]->setText(negate ? tr("A") : tr("B"));
    const bool carryFallsOff = state.operation == IntegerOperation::Add && shown.flags.carry;
    parts.names[Result]->setText(carryFallsOff ? QStringLiteral("1") : QString());

    const QString expression =
        negate ? QStringLiteral("0 %1 %2").arg(operatorSymbol(state.operation),
                                               operandText(state.a, signedness))
               : QStringLiteral("%1 %2 %3")
                     .arg(operandText(state.a, signedness), operatorSymbol(state.operation),
                          operandText(state.b, signedness));
    const QString exact = withMinusSign(shown.exactResult);
    const QString format = formatDescription(state.format);
    if (!shown.result.overflow) {
        parts.trueResult->setText(tr("%1 = %2, which fits in %3.").arg(expression, exact, format));
    } else {
        const QString keptBits = state.format.width <= kWidestBinaryInText
                                     ? nibbleGroupedBits(shown.result.bits)
                                     : QString::fromStdString(shown.result.bits.hex());
        parts.trueResult->setText(
            tr("%1 = %2, which does not fit in %3: the register keeps %4 = %5.")
                .arg(expression, exact, format, keptBits,
                     readingText(shown.result.bits, signedness)));
    }

    // The flag that means "overflow" for the chosen reading lights in the error colour.
    const bool isSigned = state.format.isSigned();
    parts.flags[Carry]->setLit(shown.flags.carry, !isSigned);
    parts.flags[Overflow]->setLit(shown.flags.overflow, isSigned);
    parts.flags[Zero]->setLit(shown.flags.zero, false);
    parts.flags[Negative]->setLit(shown.flags.negative, false);
    const bool borrows = state.operation == IntegerOperation::Subtract || negate;
    parts.flagCaptions[Carry]->setText(borrows ? tr("borrow") : tr("carry"));
}

void IntColumnView::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange) applyFonts();
    if (event->type() == QEvent::PaletteChange) applyColors();
}

}  // namespace mlsyslab::widgets
