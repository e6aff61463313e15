#pragma once

#include <QSyntaxHighlighter>
#include <QTextCharFormat>

namespace mlsyslab::widgets {

// Colours Python source as editors do: keywords, builtins, strings (f-strings with their
// replacement fields left in the text colour, triple-quoted strings across lines), numbers and
// comments. It scans each line on its own, carrying only "inside a triple-quoted string" to the
// next line, so it colours half-typed code as well as finished code (the lexer would stop at the
// first error). Colours follow the palette of the document's editor (PyVmColors).
class PythonHighlighter : public QSyntaxHighlighter {
    Q_OBJECT
public:
    explicit PythonHighlighter(QTextDocument* document);

    // Takes the colours of a new palette (presentation mode, a dark theme) and recolours.
    void setPalette(const QPalette& palette);

protected:
    void highlightBlock(const QString& text) override;

private:
    // Colours a string from `start` (its prefix or opening quote); returns where it ends, or -1
    // when a triple-quoted string goes on past the end of the line.
    int highlightString(const QString& text, int start, int quoteStart, bool formatted,
                        bool continued);

    QTextCharFormat keyword_;
    QTextCharFormat builtin_;
    QTextCharFormat string_;
    QTextCharFormat number_;
    QTextCharFormat comment_;
};

}  // namespace mlsyslab::widgets
