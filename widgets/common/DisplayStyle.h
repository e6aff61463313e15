#pragma once

#include <QFont>
#include <QPalette>

class QCustomPlot;
class QWidget;

namespace mlsyslab::widgets {

// How the app is drawn: at a desk, or projected in a lecture hall (presentation mode). Views
// read it from here rather than hard-coding sizes and colours, so one switch restyles all.
struct DisplayStyle {
    bool presentation = false;
    double fontScale = 1.0;     // times the desktop font size
    double plotPenWidth = 1.5;  // pixels, for every curve and bar outline
};

DisplayStyle deskStyle();
// Larger type and thick pens that survive a projector and the back row.
DisplayStyle presentationStyle();

// The style a widget is shown in, recognised from its font: the app enters presentation mode by
// scaling the application font 1.6 times (MainWindow::setPresentationMode), so a font at least
// 1.3 times the system's counts as presentation. The font already carries that scale, so the
// result's fontScale is 1: plots take the font as it is and only pens and colours from the style.
DisplayStyle displayStyleOf(const QWidget& widget);

// The palette for a style: the desktop palette as it is, or a high-contrast light one
// (projectors wash out dark backgrounds and thin mid-grey text).
QPalette paletteFor(const DisplayStyle& style, const QPalette& deskPalette);
QFont fontFor(const DisplayStyle& style, const QFont& deskFont);
// No palette role means "error" (or "overflow"): a red that keeps about 7:1 contrast on the
// palette's window colour, dark on light backgrounds and light on dark ones.
QColor errorColor(const QPalette& palette);
// The font at factor times its size, whether it was set in points or in pixels.
QFont scaledFont(QFont font, double factor);

// Applies pen widths, fonts and palette colours to a plot and its graphs.
void applyPlotStyle(QCustomPlot& plot, const DisplayStyle& style);

}  // namespace mlsyslab::widgets
