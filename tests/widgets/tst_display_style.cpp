#include <qcustomplot.h>

#include <QtTest>

#include "common/DisplayStyle.h"

using namespace mlsyslab::widgets;

namespace {

// WCAG 2 relative luminance and contrast ratio.
double luminance(const QColor& color) {
    const auto channel = [](double value) {
        return value <= 0.03928 ? value / 12.92 : std::pow((value + 0.055) / 1.055, 2.4);
    };
    return 0.2126 * channel(color.redF()) + 0.7152 * channel(color.greenF()) +
           0.0722 * channel(color.blueF());
}

double contrast(const QColor& a, const QColor& b) {
    const double lighter = std::max(luminance(a), luminance(b));
    const double darker = std::min(luminance(a), luminance(b));
    return (lighter + 0.05) / (darker + 0.05);
}

}  // namespace

class TestDisplayStyle : public QObject {
    Q_OBJECT
private slots:
    void deskStyleKeepsTheDesktop() {
        QPalette desk;
        desk.setColor(QPalette::Window, QColor(10, 20, 30));
        QCOMPARE(paletteFor(deskStyle(), desk).color(QPalette::Window), QColor(10, 20, 30));
        QFont font;
        font.setPointSizeF(10);
        QCOMPARE(fontFor(deskStyle(), font).pointSizeF(), 10.0);
    }

    void presentationIsLargerAndHighContrast() {
        const DisplayStyle style = presentationStyle();
        QVERIFY(style.presentation);
        QFont font;
        font.setPointSizeF(10);
        QVERIFY(fontFor(style, font).pointSizeF() >= 15.0);
        QFont pixelFont;
        pixelFont.setPixelSize(12);
        QVERIFY(fontFor(style, pixelFont).pixelSize() >= 18);
        QVERIFY(style.plotPenWidth >= 3.0);

        const QPalette palette = paletteFor(style, QPalette());
        // WCAG AAA asks 7:1 for body text; a projector loses some of it, so ask for more.
        QVERIFY(contrast(palette.color(QPalette::WindowText), palette.color(QPalette::Window)) >= 15);
        QVERIFY(contrast(palette.color(QPalette::Text), palette.color(QPalette::Base)) >= 15);
        QVERIFY(contrast(palette.color(QPalette::HighlightedText), palette.color(QPalette::Highlight)) >= 7);
        QVERIFY(contrast(palette.color(QPalette::Disabled, QPalette::Text), palette.color(QPalette::Base)) >= 4.5);
    }

    void plotPensFollowTheStyle() {
        QCustomPlot plot;
        plot.addGraph();
        plot.addGraph();
        applyPlotStyle(plot, presentationStyle());
        QCOMPARE(plot.graph(0)->pen().widthF(), presentationStyle().plotPenWidth);
        QCOMPARE(plot.graph(1)->pen().widthF(), presentationStyle().plotPenWidth);
        QCOMPARE(plot.xAxis->basePen().widthF(), 2.0);
        applyPlotStyle(plot, deskStyle());
        QCOMPARE(plot.graph(0)->pen().widthF(), deskStyle().plotPenWidth);
    }

    // Widgets learn presentation mode from their font, as the app scales the whole font 1.6x;
    // lesson text at the desk is 1.15x and must not count.
    void styleIsRecognisedFromTheFont() {
        const QFont system = QFontDatabase::systemFont(QFontDatabase::GeneralFont);
        QWidget widget;
        widget.setFont(system);
        QVERIFY(!displayStyleOf(widget).presentation);
        widget.setFont(scaledFont(system, 1.15));
        QVERIFY(!displayStyleOf(widget).presentation);
        widget.setFont(scaledFont(system, presentationStyle().fontScale));
        const DisplayStyle shown = displayStyleOf(widget);
        QVERIFY(shown.presentation);
        QCOMPARE(shown.plotPenWidth, presentationStyle().plotPenWidth);
        QCOMPARE(shown.fontScale, 1.0);  // the font already carries the scale
    }
};

QTEST_MAIN(TestDisplayStyle)
#include "tst_display_style.moc"
