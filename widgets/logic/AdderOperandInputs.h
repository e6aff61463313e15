#pragma once

#include <QWidget>
#include <cstdint>
#include <memory>

namespace mlsyslab::widgets {

// A and B of the adder simulator: for each, a row of clickable bits (most significant on the
// left, as numbers are written; a gap every 4 bits; rows of 16 above 16 bits, so 32 bits stay
// large targets) and a field that takes a decimal number in either reading (-3 and 253 are the
// same 8 bits), "0x" hex or "0b" binary. Text that cannot be read stays in the field, with a
// message under it, and changes nothing.
//
// Child object names (tests rely on them): aBit0 .. aBit<W-1> and bBit0 .. (checkable
// BitButtons), aField and bField (QLineEdits; an edit is applied on Return or when the field
// loses focus), aError and bError (QLabels, hidden unless the text was refused), aReadings and
// bReadings (QLabels: the unsigned, signed and hex readings).
class AdderOperandInputs : public QWidget {
    Q_OBJECT
public:
    enum Operand { A = 0, B = 1 };

    explicit AdderOperandInputs(QWidget* parent = nullptr);
    ~AdderOperandInputs() override;

    // Shows these operands (their low `width` bits); rebuilds the bit rows when the width
    // changes. A field keeps its text while it still means the operand ("-3" stays "-3").
    void setOperands(int width, std::uint64_t a, std::uint64_t b);

signals:
    // The student clicked a bit or typed a number that fits.
    void operandEdited(int operand, std::uint64_t bits);

private:
    void changeEvent(QEvent* event) override;
    void applyEdit(int operand);
    void rebuildBitRows();
    void applyFonts();
    void applyColors();
    void refresh();

    struct Parts;
    std::unique_ptr<Parts> parts_;
};

}  // namespace mlsyslab::widgets
