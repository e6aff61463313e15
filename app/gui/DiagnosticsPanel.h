#pragma once

#include <QWidget>

#include "gui/LessonSource.h"

class QLabel;
class QListWidget;
class QPlainTextEdit;

namespace mlsyslab::app {

// What a lesson with errors shows instead of itself: every diagnostic, and the file's text
// beside them. Clicking a diagnostic shows its line, selected, in the text.
// Child object names: diagnosticsSummary, diagnosticsList, diagnosticsSource.
class DiagnosticsPanel : public QWidget {
    Q_OBJECT
public:
    explicit DiagnosticsPanel(QWidget* parent = nullptr);

    void showLesson(const LoadedLesson& lesson);

    QListWidget* list() const { return list_; }
    QPlainTextEdit* source() const { return source_; }
    // The 1-based line shown selected in the source (0 when none).
    int highlightedLine() const { return highlightedLine_; }

private:
    void showDiagnosticAt(int row);

    QLabel* summary_;
    QListWidget* list_;
    QPlainTextEdit* source_;
    int highlightedLine_ = 0;
};

}  // namespace mlsyslab::app
