#include "common/DisplayStyle.h"

#include <qcustomplot.h>

#include <QFontDatabase>
#include <QFontInfo>
#include <QWidget>

namespace mlsyslab::widgets {

DisplayStyle deskStyle() { return {}; }

DisplayStyle presentationStyle() {
    // 1.6x reads from about 15 m on a 3 m wide projection at 1920 px; pens of 4 px stay visible
    // after the projector's scaling.
    return {.presentation = true, .fontScale = 1.6, .plotPenWidth = 4.0};
}

DisplayStyle displayStyleOf(const QWidget& widget) {
    // Between the desk's font (1 to 1.15 times the system's) and presentation's (1.6 and up).
    constexpr double kPresentationFontRatio = 1.3;
    const double systemPixels =
        QFontInfo(QFontDatabase::systemFont(QFontDatabase::GeneralFont)).pixelSize();
    const double widgetPixels = QFontInfo(widget.font()).pixelSize();
    DisplayStyle style =
        widgetPixels >= kPresentationFontRatio * systemPixels ? presentationStyle() : deskStyle();
    style.fontScale = 1.0;
    return style;
}

QPalette paletteFor(const DisplayStyle& style, const QPalette& deskPalette) {
    if (!style.presentation) return deskPalette;
    QPalette palette;
    const QColor ink(Qt::black);
    const QColor paper(Qt::white);
    const QColor strongBlue(0x00, 0x3C, 0xB4);
    for (const auto group : {QPalette::Active, QPalette::Inactive}) {
        palette.setColor(group, QPalette::Window, paper);
        palette.setColor(group, QPalette::WindowText, ink);
        palette.setColor(group, QPalette::Base, paper);
        palette.setColor(group, QPalette::AlternateBase, QColor(0xEE, 0xEE, 0xEE));
        palette.setColor(group, QPalette::Text, ink);
        palette.setColor(group, QPalette::Button, QColor(0xE8, 0xE8, 0xE8));
        palette.setColor(group, QPalette::ButtonText, ink);
        palette.setColor(group, QPalette::Highlight, strongBlue);
        palette.setColor(group, QPalette::HighlightedText, paper);
        palette.setColor(group, QPalette::Link, strongBlue);
        palette.setColor(group, QPalette::ToolTipBase, paper);
        palette.setColor(group, QPalette::ToolTipText, ink);
        palette.setColor(group, QPalette::PlaceholderText, QColor(0x44, 0x44, 0x44));
    }
    palette.setColor(QPalette::Disabled, QPalette::WindowText, QColor(0x66, 0x66, 0x66));
    palette.setColor(QPalette::Disabled, QPalette::ButtonText, QColor(0x66, 0x66, 0x66));
    palette.setColor(QPalette::Disabled, QPalette::Text, QColor(0x66, 0x66, 0x66));
    return palette;
}

QColor errorColor(const QPalette& palette) {
    // Material's #B00020 on light backgrounds, a light red on dark ones.
    return palette.color(QPalette::Window).lightness() >= 128 ? QColor(0xB0, 0x00, 0x20)
                                                              : QColor(0xFF, 0x8A, 0x80);
}

QFont scaledFont(QFont font, double factor) {
    if (font.pointSizeF() > 0) {
        font.setPointSizeF(font.pointSizeF() * factor);
    } else {
        font.setPixelSize(qRound(font.pixelSize() * factor));
    }
    return font;
}

QFont fontFor(const DisplayStyle& style, const QFont& deskFont) {
    return scaledFont(deskFont, style.fontScale);
}

void applyPlotStyle(QCustomPlot& plot, const DisplayStyle& style) {
    const QPalette palette = paletteFor(style, plot.palette());
    const QFont font = fontFor(style, plot.font());
    plot.setBackground(palette.color(QPalette::Base));
    for (QCPAxis* axis : plot.axisRect()->axes()) {
        QPen axisPen(palette.color(QPalette::Text), style.presentation ? 2.0 : 1.0);
        axis->setBasePen(axisPen);
        axis->setTickPen(axisPen);
        axis->setSubTickPen(axisPen);
        axis->setTickLabelColor(palette.color(QPalette::Text));
        axis->setLabelColor(palette.color(QPalette::Text));
        axis->setTickLabelFont(font);
        axis->setLabelFont(font);
    }
    for (int index = 0; index < plot.graphCount(); ++index) {
        QPen pen = plot.graph(index)->pen();
        pen.setWidthF(style.plotPenWidth);
        plot.graph(index)->setPen(pen);
    }
    if (plot.legend != nullptr) plot.legend->setFont(font);
}

}  // namespace mlsyslab::widgets
