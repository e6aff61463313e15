#include "gui/DiagnosticsPanel.h"

#include <QFontDatabase>
#include <QLabel>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QSplitter>
#include <QTextBlock>
#include <QVBoxLayout>
#include <algorithm>

namespace mlsyslab::app {

namespace {

constexpr int kLineRole = Qt::UserRole;
constexpr int kColumnRole = Qt::UserRole + 1;

}  // namespace

DiagnosticsPanel::DiagnosticsPanel(QWidget* parent)
    : QWidget(parent),
      summary_(new QLabel(this)),
      list_(new QListWidget(this)),
      source_(new QPlainTextEdit(this)) {
    summary_->setObjectName("diagnosticsSummary");
    summary_->setWordWrap(true);
    list_->setObjectName("diagnosticsList");
    list_->setWordWrap(true);
    source_->setObjectName("diagnosticsSource");
    source_->setReadOnly(true);
    source_->setLineWrapMode(QPlainTextEdit::NoWrap);
    source_->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));

    auto* splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(list_);
    splitter->addWidget(source_);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 2);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(16, 16, 16, 16);
    layout->addWidget(summary_);
    layout->addWidget(splitter, 1);

    connect(list_, &QListWidget::currentRowChanged, this, &DiagnosticsPanel::showDiagnosticAt);
}

void DiagnosticsPanel::showLesson(const LoadedLesson& lesson) {
    const auto& diagnostics = lesson.parsed.diagnostics;
    const auto errors = std::count_if(diagnostics.begin(), diagnostics.end(), [](const auto& d) {
        return d.severity == lesson::Severity::Error;
    });
    const QString errorCount = errors == 1 ? tr("1 error") : tr("%1 errors").arg(errors);
    summary_->setText(tr("<b>%1</b> cannot open: %2. Fix them in your editor; the lesson reloads "
                         "by itself when you save.")
                          .arg(lesson.source.location.toHtmlEscaped(), errorCount));

    list_->clear();
    const std::string fileName = lesson.source.location.toStdString();
    for (const auto& diagnostic : diagnostics) {
        auto* item = new QListWidgetItem(QString::fromStdString(lesson::formatDiagnostic(fileName, diagnostic)), list_);
        item->setData(kLineRole, diagnostic.line);
        item->setData(kColumnRole, diagnostic.column);
        item->setForeground(diagnostic.severity == lesson::Severity::Error ? QColor(0xB0, 0x1E, 0x1E)
                                                                         : palette().color(QPalette::Text));
    }
    // Binary data is shown with replacement characters; the diagnostic says what is wrong.
    source_->setPlainText(QString::fromUtf8(lesson.text.data(), static_cast<qsizetype>(lesson.text.size())));
    highlightedLine_ = 0;
    if (list_->count() > 0) list_->setCurrentRow(0);
}

void DiagnosticsPanel::showDiagnosticAt(int row) {
    const QListWidgetItem* item = list_->item(row);
    if (item == nullptr) return;
    const int line = item->data(kLineRole).toInt();
    if (line <= 0) return;  // about the whole file
    const QTextBlock block = source_->document()->findBlockByNumber(line - 1);
    if (!block.isValid()) return;
    QTextCursor cursor(block);
    cursor.select(QTextCursor::LineUnderCursor);
    source_->setTextCursor(cursor);
    source_->centerCursor();
    highlightedLine_ = line;
}

}  // namespace mlsyslab::app
