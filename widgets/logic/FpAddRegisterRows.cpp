#include "logic/FpAddRegisterRows.h"

#include <QCoreApplication>
#include <algorithm>
#include <bit>
#include <cmath>

#include "logic/FloatAdderText.h"
#include "numeric/FloatConversion.h"
#include "numeric/FloatFormat.h"
#include "numeric/FloatText.h"

namespace mlsyslab::widgets {

namespace {

using logic::FloatAdderStage;
using logic::FloatAdderStep;
using logic::SignificandLayout;
using numeric::FloatClass;

QString tr(const char* text) { return QCoreApplication::translate("FpAddRegisterRows", text); }

// Register values are shown in full up to this many characters: the seed's 2.5 and 1.25 and
// most fp16 sums; longer ones (fp32's 24 bits) as 9 significant digits after a "≈", so a row
// still fits beside its exponent in a lesson column.
constexpr int kLongestExactValue = 16;

bool bitAt(std::uint64_t value, int bit) { return ((value >> bit) & 1) != 0; }

// "1.01₂ × 2^1 = 2.5": the register in binary as the seed writes it, and its value. The sticky
// bit is no digit of the value: it says that bits were shifted out below the round bit, so the
// value shown is that of the bits above it, and approximate ("≈"), as is one cut to 9 digits.
// A register that holds nothing but the sticky bit (a far smaller operand, aligned) says so.
QString registerNotation(const logic::FloatAdditionTrace& trace, bool negative,
                         std::uint64_t significand, int exponent) {
    const SignificandLayout& layout = trace.layout;
    const QString sign = negative ? QStringLiteral("\u2212") : QString();
    const QString digits =
        QString::fromStdString(logic::significandBinaryText(layout, significand));
    const QString binary = QStringLiteral("%1%2\u2082 \u00D7 2^%3").arg(sign, digits).arg(exponent);
    const bool sticky = bitAt(significand, SignificandLayout::kStickyBit);
    const std::uint64_t aboveSticky = significand & ~std::uint64_t{1};
    if (sticky && aboveSticky == 0) return tr("every bit shifted out into the sticky bit");
    // The register's lowest bit has weight 2^(exponent - hiddenBit).
    const double magnitude =
        std::ldexp(static_cast<double>(aboveSticky), exponent - layout.hiddenBit());
    const double value = negative ? -magnitude : magnitude;
    const std::string exact = numeric::exactDecimalText(value);
    const bool fits = static_cast<int>(exact.size()) <= kLongestExactValue;
    const QString valueShown = fits ? exactOrShortValueText(trace.format, value, kLongestExactValue)
                                    : valueText(numeric::kFp32, value);
    return QStringLiteral("%1 %2 %3")
        .arg(binary, !fits || sticky ? QStringLiteral("\u2248") : QStringLiteral("="), valueShown);
}

QString operandNotation(const logic::FloatAdditionTrace& trace,
                        const logic::OperandFields& operand) {
    switch (operand.floatClass) {
        case FloatClass::Infinity:
            return operand.negative ? QStringLiteral("\u2212inf") : QStringLiteral("+inf");
        case FloatClass::Nan:
            return tr("NaN");
        case FloatClass::Zero:
            return operand.negative ? QStringLiteral("\u22120") : QStringLiteral("+0");
        case FloatClass::Normal:
        case FloatClass::Subnormal:
            break;
    }
    return registerNotation(trace, operand.negative, operand.significand, operand.exponent);
}

RegisterRow operandRow(const logic::FloatAdditionTrace& trace, const logic::OperandFields& operand,
                       RegisterRow::Role role, const QString& name) {
    RegisterRow row;
    row.role = role;
    row.name = name;
    row.negative = operand.negative;
    row.biasedExponent = operand.biasedExponent;
    row.significand = operand.significand;
    row.notation = operandNotation(trace, operand);
    return row;
}

// What this stage did to the operand registers: ChangedParts says whether they changed, the
// stage says which (a swap moves both, an alignment shifts the second).
void markOperandChanges(const FloatAdderStep& step, RegisterRow& first, RegisterRow& second) {
    const bool everything =
        step.stage == FloatAdderStage::Unpack ||
        (step.stage == FloatAdderStage::CompareAndSwap && step.changed.operands);
    for (RegisterRow* row : {&first, &second}) {
        row->signChanged = row->exponentChanged = row->significandChanged = everything;
    }
    if (step.stage == FloatAdderStage::Align && step.changed.operands) {
        second.exponentChanged = true;
        second.significandChanged = true;
    }
}

}  // namespace

RegisterRows registerRows(const logic::FloatAdditionTrace& trace, int stepIndex) {
    RegisterRows result;
    if (stepIndex < 0 || stepIndex >= static_cast<int>(trace.steps.size())) return result;
    const FloatAdderStep& step = trace.steps[static_cast<std::size_t>(stepIndex)];
    const bool ordered =
        step.stage != FloatAdderStage::Unpack && step.stage != FloatAdderStage::Special;
    const bool bFirst = ordered && step.swapped;
    RegisterRow first =
        operandRow(trace, step.first, RegisterRow::Role::First, bFirst ? tr("B") : tr("A"));
    RegisterRow second =
        operandRow(trace, step.second, RegisterRow::Role::Second, bFirst ? tr("A") : tr("B"));
    // The operation on the significands, known once the larger operand is first.
    if (ordered)
        second.operatorSign = step.subtract ? QStringLiteral("\u2212") : QStringLiteral("+");
    markOperandChanges(step, first, second);
    result.rows = {first, second};

    if (step.hasResult) {
        RegisterRow sum;
        sum.role = RegisterRow::Role::Result;
        sum.name = tr("sum");
        sum.negative = step.result.negative;
        sum.biasedExponent = step.result.biasedExponent;
        sum.significand = step.result.significand;
        sum.showCarry = true;
        sum.notation = registerNotation(trace, step.result.negative, step.result.significand,
                                        step.result.exponent);
        sum.signChanged = step.changed.resultSign;
        sum.exponentChanged = step.changed.resultExponent;
        sum.significandChanged = step.changed.resultSignificand;
        result.rows.push_back(sum);
    }

    int widest = trace.format.exponentBits;
    for (const RegisterRow& row : result.rows) {
        const auto exponent = static_cast<unsigned>(std::max(0, row.biasedExponent));
        widest = std::max(widest, static_cast<int>(std::bit_width(exponent)));
    }
    result.columns = RegisterColumns{widest, trace.format.mantissaBits};
    return result;
}

std::vector<RegisterCell> registerCells(const RegisterColumns& columns,
                                        const SignificandLayout& layout, const RegisterRow& row) {
    std::vector<RegisterCell> cells;
    cells.push_back({CellField::Sign, columns.signColumn(), row.negative});
    const auto exponent = static_cast<std::uint64_t>(std::max(0, row.biasedExponent));
    for (int digit = 0; digit < columns.exponentDigits; ++digit) {
        const int bit = columns.exponentDigits - 1 - digit;
        cells.push_back(
            {CellField::Exponent, columns.firstExponentColumn() + digit, bitAt(exponent, bit)});
    }
    if (row.showCarry) {
        cells.push_back(
            {CellField::Carry, columns.carryColumn(), bitAt(row.significand, layout.carryBit())});
    }
    cells.push_back(
        {CellField::Hidden, columns.hiddenColumn(), bitAt(row.significand, layout.hiddenBit())});
    for (int digit = 0; digit < columns.mantissaBits; ++digit) {
        const int bit = layout.hiddenBit() - 1 - digit;
        cells.push_back({CellField::Mantissa, columns.firstMantissaColumn() + digit,
                         bitAt(row.significand, bit)});
    }
    const int guard = columns.guardColumn();
    cells.push_back(
        {CellField::Guard, guard, bitAt(row.significand, SignificandLayout::kGuardBit)});
    cells.push_back(
        {CellField::Round, guard + 1, bitAt(row.significand, SignificandLayout::kRoundBit)});
    cells.push_back(
        {CellField::Sticky, guard + 2, bitAt(row.significand, SignificandLayout::kStickyBit)});
    return cells;
}

QString registerDigits(const RegisterColumns& columns, const SignificandLayout& layout,
                       const RegisterRow& row) {
    QString text;
    CellField previous = CellField::Sign;
    for (const RegisterCell& cell : registerCells(columns, layout, row)) {
        const bool newGroup =
            cell.field != previous &&
            (cell.field == CellField::Exponent || (cell.field == CellField::Carry) ||
             (cell.field == CellField::Hidden && previous != CellField::Carry) ||
             cell.field == CellField::Guard);
        if (newGroup) text += QLatin1Char(' ');
        if (cell.field == CellField::Mantissa && previous == CellField::Hidden) {
            text += QLatin1Char('.');
        }
        text += cell.bit ? QLatin1Char('1') : QLatin1Char('0');
        previous = cell.field;
    }
    return text;
}

}  // namespace mlsyslab::widgets
