#pragma once

#include <QWidget>
#include <memory>

#include "lesson/Lesson.h"
#include "numeric/BitPattern.h"

namespace mlsyslab::widgets {

// The `bits` simulator: a row of clickable bits (most significant on the left) and every
// reading of them, each editable. Typing into a field sets the bits; text that cannot be
// read leaves the bits alone and the field says why.
//
// Child object names (tests and style sheets rely on them):
//   widthSelector (QComboBox: 4, 8, 16, 32), bit0 .. bit<width-1> (checkable QToolButtons),
//   unsignedField, signedField, hexField, binaryField, asciiField (QLineEdits; an edit is
//   applied on Return or when the field loses focus), unsignedError .. asciiError (QLabels,
//   hidden unless the field's text was rejected), asciiDescription (QLabel), colorSwatch and
//   colorDescription (QLabels).
class BitsWidget : public QWidget {
    Q_OBJECT
public:
    explicit BitsWidget(numeric::BitPattern initial, QWidget* parent = nullptr);
    ~BitsWidget() override;

    numeric::BitPattern pattern() const;

public slots:
    void setPattern(const mlsyslab::numeric::BitPattern& pattern);

signals:
    void patternChanged(const mlsyslab::numeric::BitPattern& pattern);

private:
    void changeEvent(QEvent* event) override;
    // Parses the text of one reading (an index into Parts::readings) and sets the bits, or
    // shows why the text cannot be read.
    void applyEdit(int readingIndex);
    void rebuildBitGrid();  // when the width changes
    void applyFonts();      // sizes derive from the widget's font
    void applyColors();     // colours derive from the palette
    void refresh();         // every reading from the bits; clears the error lines

    struct Parts;
    std::unique_ptr<Parts> parts_;
};

}  // namespace mlsyslab::widgets
