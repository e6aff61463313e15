#pragma once

class QPalette;
class QTextDocument;

namespace mlsyslab::widgets {

// Restyles a document just imported from Markdown so that lesson prose reads well at a desk and
// on a projector: every run has the size and weight of its block (headings stay headings around
// inline code, code is as large as the text it sits in), paragraphs get air between them, code
// blocks sit in a tinted box with their lines together, and tables get padding and thin rules.
// lineHeight is the body text's line height in pixels, the unit of every gap.
void styleMarkdownDocument(QTextDocument& document, const QPalette& palette, double lineHeight);

}  // namespace mlsyslab::widgets
