#include "pyvm/CodeFont.h"

#include <QFontDatabase>

namespace mlsyslab::widgets {

QFont codeFont(const QFont& textFont) {
    QFont font = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    // Some platforms (the offscreen one among them) answer with a proportional font.
    font.setStyleHint(QFont::TypeWriter);
    font.setFixedPitch(true);
    if (textFont.pointSizeF() > 0) {
        font.setPointSizeF(textFont.pointSizeF());
    } else {
        font.setPixelSize(textFont.pixelSize());
    }
    return font;
}

}  // namespace mlsyslab::widgets
