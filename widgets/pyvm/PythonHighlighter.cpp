#include "pyvm/PythonHighlighter.h"

#include <QSet>
#include <QTextDocument>

#include "pyvm/PyVmColors.h"

namespace mlsyslab::widgets {

namespace {

// Block states: 0 outside any string; otherwise inside a triple-quoted string that started on an
// earlier line, its quote in bit 0 (set: "), an f-string in bit 1.
constexpr int kInsideTripleString = 4;
constexpr int kDoubleQuoteBit = 1;
constexpr int kFormattedBit = 2;

bool isIdentifierStart(QChar c) { return c.isLetter() || c == u'_'; }
bool isIdentifierPart(QChar c) { return c.isLetterOrNumber() || c == u'_'; }

const QSet<QString>& keywords() {
    // Python 3.11's keyword.kwlist.
    static const QSet<QString> words = {
        "False",  "None",   "True",    "and",      "as",       "assert", "async",
        "await",  "break",  "class",   "continue", "def",      "del",    "elif",
        "else",   "except", "finally", "for",      "from",     "global", "if",
        "import", "in",     "is",      "lambda",   "nonlocal", "not",    "or",
        "pass",   "raise",  "return",  "try",      "while",    "with",   "yield"};
    return words;
}

const QSet<QString>& builtins() {
    // The builtins a lesson program meets (the VM's builtins module has these and a few more).
    static const QSet<QString> names = {
        "abs",   "all",    "any",       "bool",     "dict",  "divmod", "enumerate", "filter",
        "float", "format", "hash",      "id",       "input", "int",    "isinstance", "iter",
        "len",   "list",   "map",       "max",      "min",   "next",   "object",    "ord",
        "chr",   "pow",    "print",     "range",    "repr",  "reversed", "round",   "set",
        "sorted", "str",   "sum",       "tuple",    "type",  "zip",    "super"};
    return names;
}

bool isStringPrefix(const QString& word) {
    static const QSet<QString> prefixes = {"r", "u", "f", "b", "br", "rb", "fr", "rf"};
    return prefixes.contains(word.toLower());
}

}  // namespace

PythonHighlighter::PythonHighlighter(QTextDocument* document) : QSyntaxHighlighter(document) {
    setPalette(QPalette());
}

void PythonHighlighter::setPalette(const QPalette& palette) {
    keyword_.setForeground(pyVmColor(PyVmRole::Keyword, palette));
    keyword_.setFontWeight(QFont::Bold);
    builtin_.setForeground(pyVmColor(PyVmRole::Builtin, palette));
    string_.setForeground(pyVmColor(PyVmRole::String, palette));
    number_.setForeground(pyVmColor(PyVmRole::Number, palette));
    comment_.setForeground(pyVmColor(PyVmRole::Comment, palette));
    comment_.setFontItalic(true);
    rehighlight();
}

void PythonHighlighter::highlightBlock(const QString& text) {
    setCurrentBlockState(0);
    int position = 0;
    const int previous = std::max(0, previousBlockState());
    if (previous & kInsideTripleString) {
        position = highlightString(text, 0, (previous & kDoubleQuoteBit) ? -2 : -1,
                                   (previous & kFormattedBit) != 0, true);
        if (position < 0) return;
    }
    const int length = int(text.size());
    while (position < length) {
        const QChar c = text[position];
        if (c == u'#') {
            setFormat(position, length - position, comment_);
            return;
        }
        if (isIdentifierStart(c)) {
            int end = position + 1;
            while (end < length && isIdentifierPart(text[end])) ++end;
            const QString word = text.mid(position, end - position);
            if (end < length && (text[end] == u'\'' || text[end] == u'"') && isStringPrefix(word)) {
                position = highlightString(text, position, end, word.contains(u'f', Qt::CaseInsensitive),
                                           false);
                if (position < 0) return;
                continue;
            }
            const bool attribute = position > 0 && text[position - 1] == u'.';
            if (keywords().contains(word)) {
                setFormat(position, end - position, keyword_);
            } else if (!attribute && builtins().contains(word)) {
                setFormat(position, end - position, builtin_);
            }
            position = end;
        } else if (c == u'\'' || c == u'"') {
            position = highlightString(text, position, position, false, false);
            if (position < 0) return;
        } else if (c.isDigit() || (c == u'.' && position + 1 < length && text[position + 1].isDigit())) {
            int end = position + 1;
            while (end < length) {
                const QChar next = text[end];
                const bool exponentSign = (next == u'+' || next == u'-') &&
                                          (text[end - 1] == u'e' || text[end - 1] == u'E') &&
                                          !text.mid(position, 2).startsWith(QLatin1String("0x"),
                                                                            Qt::CaseInsensitive);
                if (!isIdentifierPart(next) && next != u'.' && !exponentSign) break;
                ++end;
            }
            setFormat(position, end - position, number_);
            position = end;
        } else {
            ++position;
        }
    }
}

int PythonHighlighter::highlightString(const QString& text, int start, int quoteStart,
                                       bool formatted, bool continued) {
    const int length = int(text.size());
    QChar quote;
    bool triple = true;
    int position = 0;
    if (continued) {
        // quoteStart is -1 for ''' and -2 for """ when the string began on an earlier line.
        quote = quoteStart == -2 ? u'"' : u'\'';
    } else {
        quote = text[quoteStart];
        triple = text.mid(quoteStart, 3) == QString(3, quote);
        position = quoteStart + (triple ? 3 : 1);
    }
    QList<std::pair<int, int>> fields;  // f-string replacement fields: start, length
    int end = -1;
    while (position < length) {
        const QChar c = text[position];
        if (c == u'\\') {
            position += 2;
            continue;
        }
        if (formatted && c == u'{') {
            if (position + 1 < length && text[position + 1] == u'{') {
                position += 2;
                continue;
            }
            int close = position + 1;
            int depth = 1;
            while (close < length && depth > 0) {
                if (text[close] == u'{') ++depth;
                if (text[close] == u'}') --depth;
                ++close;
            }
            fields.append({position + 1, std::max(0, close - position - 2)});
            position = close;
            continue;
        }
        if (c == quote && (!triple || text.mid(position, 3) == QString(3, quote))) {
            end = position + (triple ? 3 : 1);
            break;
        }
        ++position;
    }
    const bool open = end < 0;
    if (open) end = length;
    setFormat(start, end - start, string_);
    for (const auto& [fieldStart, fieldLength] : fields) {
        setFormat(fieldStart, fieldLength, QTextCharFormat());
    }
    if (open && triple) {
        setCurrentBlockState(kInsideTripleString | (quote == u'"' ? kDoubleQuoteBit : 0) |
                             (formatted ? kFormattedBit : 0));
        return -1;
    }
    return end;
}

}  // namespace mlsyslab::widgets
