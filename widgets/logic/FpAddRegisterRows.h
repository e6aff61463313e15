#pragma once

#include <QString>
#include <cstdint>
#include <optional>
#include <vector>

#include "logic/FloatAdder.h"

namespace mlsyslab::widgets {

// What the fp-add register view shows for one snapshot of the floating-point adder, as rows of
// bit cells on one grid of columns, so that a bit of weight 2^k sits in the same column in
// every row and the alignment shift is visible. The view paints exactly these cells; tests
// read them. Built from one snapshot alone (DESIGN.md §2).

// The fields a cell belongs to. Carry, hidden bit and G, R, S exist only inside the datapath:
// the stored pattern has none of them.
enum class CellField { Sign, Exponent, Carry, Hidden, Mantissa, Guard, Round, Sticky };

// The grid: sign | exponent | carry, hidden bit . mantissa | G R S.
struct RegisterColumns {
    int exponentDigits = 0;  // the format's exponent bits, one more while an exponent overflows
    int mantissaBits = 0;

    int count() const { return 1 + exponentDigits + 2 + mantissaBits + 3; }
    int signColumn() const { return 0; }
    int firstExponentColumn() const { return 1; }
    int carryColumn() const { return 1 + exponentDigits; }
    int hiddenColumn() const { return carryColumn() + 1; }
    int firstMantissaColumn() const { return hiddenColumn() + 1; }
    int guardColumn() const { return firstMantissaColumn() + mantissaBits; }
};

struct RegisterCell {
    CellField field = CellField::Mantissa;
    int column = 0;
    bool bit = false;
};

struct RegisterRow {
    enum class Role { First, Second, Result };
    Role role = Role::First;
    QString name;  // "A", "B", "sum"
    // "+" or "−": the operation on the significands (not on the values: the sign cells hold
    // the signs), on the second operand once the larger one is first.
    QString operatorSign;
    bool negative = false;
    int biasedExponent = 0;
    std::uint64_t significand = 0;  // SignificandLayout, carry bit included
    bool showCarry = false;         // the result's carry cell (operands never carry)
    QString notation;               // "1.01₂ × 2^1 = 2.5", "+inf", "NaN"
    // What this step changed in the row, for the highlight.
    bool signChanged = false;
    bool exponentChanged = false;
    bool significandChanged = false;
};

struct RegisterRows {
    RegisterColumns columns;
    std::vector<RegisterRow> rows;  // first, second, and the result once there is one
};

RegisterRows registerRows(const logic::FloatAdditionTrace& trace, int stepIndex);

// The cells of a row, left to right; a row without a carry has no carry cell.
std::vector<RegisterCell> registerCells(const RegisterColumns& columns,
                                        const logic::SignificandLayout& layout,
                                        const RegisterRow& row);

// The row as its digits, fields apart: "0 10000 1.0100000000 000", a carry in front of the
// hidden bit when the row shows one ("0 10000 01.1110000000 000"). What a test compares.
QString registerDigits(const RegisterColumns& columns, const logic::SignificandLayout& layout,
                       const RegisterRow& row);

}  // namespace mlsyslab::widgets
