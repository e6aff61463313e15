#pragma once

#include <QPlainTextEdit>
#include <optional>

namespace mlsyslab::widgets {

class PythonHighlighter;

// A stretch of the program: lines 1-based, columns 0-based in code points (as CPython's `ast` and
// the VM's instructions count them), the end one past the last character.
struct SourceSpan {
    int line = 0;
    int column = 0;
    int endLine = 0;
    int endColumn = 0;
};

// The program, with line numbers in a gutter, syntax colours, the running line on a coloured
// band with the running instruction's expression underlined, and an error's line in red with its
// message written after the line's text (in a lecture hall a tooltip is invisible). Read-only
// until setEditing(true).
class SourceEditor : public QPlainTextEdit {
    Q_OBJECT
public:
    explicit SourceEditor(QWidget* parent = nullptr);

    void setSource(const QString& source);
    QString source() const { return toPlainText(); }
    void setEditing(bool editing);
    bool isEditing() const { return !isReadOnly(); }

    // Where the running instruction comes from; nothing (or line 0: the module's RESUME) marks
    // no line.
    void showRunning(std::optional<SourceSpan> span);
    int runningLine() const { return runningLine_; }
    // The span underlined now, as text (what a test or a reader sees under the line).
    QString runningText() const;

    // An error at `line` (1-based), its column 0-based when known (else -1).
    void showError(int line, int column, const QString& message);
    void clearError();
    int errorLine() const { return errorLine_; }
    int errorColumn() const { return errorColumn_; }
    QString errorMessage() const { return errorMessage_; }

    // The gutter's width for the present line count and font.
    int gutterWidth() const;

protected:
    void resizeEvent(QResizeEvent* event) override;
    void paintEvent(QPaintEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    friend class SourceGutter;
    void paintGutter(QPaintEvent* event, QWidget& gutter);
    void refreshMarks();
    void applyFont();
    // The text cursor selecting [column, endColumn) of the 1-based line (code points).
    QTextCursor spanCursor(int line, int column, int endLine, int endColumn) const;

    QWidget* gutter_;
    PythonHighlighter* highlighter_;
    std::optional<SourceSpan> running_;
    int runningLine_ = 0;
    int errorLine_ = 0;
    int errorColumn_ = -1;
    QString errorMessage_;
};

}  // namespace mlsyslab::widgets
