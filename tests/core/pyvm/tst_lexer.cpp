#include <QDir>
#include <QFile>
#include <QtTest>
#include <cstdio>
#include <string>

#include "pyvm/Lexer.h"

using mlsyslab::pyvm::LexResult;
using mlsyslab::pyvm::Token;
using mlsyslab::pyvm::tokenize;

namespace {

const QString casesDirectory = QStringLiteral(MLSYSLAB_TEST_DATA_DIR "/pyvm/lexer/cases");

// Python's repr() of a str, as the goldens write it: single quotes unless the text holds a single
// quote and no double quote; non-ASCII characters are printable and stay as they are.
std::string pythonRepr(const std::string& text) {
    const bool useDouble =
        text.find('\'') != std::string::npos && text.find('"') == std::string::npos;
    const char quote = useDouble ? '"' : '\'';
    std::string repr(1, quote);
    for (const char character : text) {
        const auto byte = static_cast<unsigned char>(character);
        if (character == '\\' || character == quote) {
            repr += '\\';
            repr += character;
        } else if (character == '\n') {
            repr += "\\n";
        } else if (character == '\t') {
            repr += "\\t";
        } else if (character == '\r') {
            repr += "\\r";
        } else if (byte < 0x20 || byte == 0x7F) {
            char escaped[8];
            std::snprintf(escaped, sizeof escaped, "\\x%02x", byte);
            repr += escaped;
        } else {
            repr += character;
        }
    }
    repr += quote;
    return repr;
}

QString goldenLine(const Token& token) {
    return QString::fromStdString(std::string(tokenKindName(token.kind))) +
           QStringLiteral(" %1:%2-%3:%4 ")
               .arg(token.startLine)
               .arg(token.startColumn)
               .arg(token.endLine)
               .arg(token.endColumn) +
           QString::fromStdString(pythonRepr(token.text));
}

QByteArray readFile(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) return {};
    return file.readAll();
}

}  // namespace

class LexerTest : public QObject {
    Q_OBJECT

private slots:
    void matchesCPythonTokenize_data();
    void matchesCPythonTokenize();
    void reportsSyntaxErrors_data();
    void reportsSyntaxErrors();
    void keepsCarriageReturnLinesApart();
};

void LexerTest::matchesCPythonTokenize_data() {
    QTest::addColumn<QString>("casePath");
    const QStringList cases = QDir(casesDirectory).entryList({QStringLiteral("*.py")}, QDir::Files);
    QVERIFY2(cases.size() >= 10, "the golden cases are missing");
    for (const QString& name : cases) {
        QTest::newRow(name.toUtf8().constData()) << QDir(casesDirectory).filePath(name);
    }
}

void LexerTest::matchesCPythonTokenize() {
    QFETCH(QString, casePath);
    const QByteArray source = readFile(casePath);
    const QString goldenPath = casePath.chopped(3) + QStringLiteral(".tokens");
    const QStringList expected =
        QString::fromUtf8(readFile(goldenPath)).split(u'\n', Qt::SkipEmptyParts);
    QVERIFY2(!expected.isEmpty(), qPrintable(goldenPath));

    const LexResult result = tokenize(std::string_view(source.constData(), source.size()));
    QVERIFY2(result.ok(), result.error ? result.error->message.c_str() : "");
    QStringList actual;
    for (const Token& token : result.tokens) actual << goldenLine(token);
    for (qsizetype index = 0; index < std::min(actual.size(), expected.size()); ++index) {
        QCOMPARE(actual[index], expected[index]);
    }
    QCOMPARE(actual.size(), expected.size());
}

void LexerTest::reportsSyntaxErrors_data() {
    QTest::addColumn<QString>("source");
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("message");
    QTest::addColumn<int>("line");
    QTest::addColumn<int>("offset");

    // Messages, lines and offsets from CPython 3.11's compile() unless marked as the subset's own.
    QTest::newRow("unindent mismatch")
        << "if x:\n        a\n    b\n"
        << "IndentationError"
        << "unindent does not match any outer indentation level" << 3 << 6;
    QTest::newRow("unterminated string")
        << "s = 'abc\n"
        << "SyntaxError"
        << "unterminated string literal (detected at line 1)" << 1 << 5;
    QTest::newRow("unterminated string at end")
        << "x = 1\ns = \"abc"
        << "SyntaxError"
        << "unterminated string literal (detected at line 2)" << 2 << 5;
    QTest::newRow("unterminated triple-quoted string")
        << "s = '''abc\n\n"
        << "SyntaxError"
        << "unterminated triple-quoted string literal (detected at line 2)" << 1 << 5;
    QTest::newRow("tab after spaces")
        << "if x:\n\ta\n        b\n"
        << "TabError"
        << "inconsistent use of tabs and spaces in indentation" << 3 << 1;
    QTest::newRow("never closed") << "x = (1,\n"
                                  << "SyntaxError"
                                  << "'(' was never closed" << 1 << 5;
    QTest::newRow("unmatched") << "x = 1)\n"
                               << "SyntaxError"
                               << "unmatched ')'" << 1 << 6;
    QTest::newRow("mismatched bracket")
        << "x = [1, 2)\n"
        << "SyntaxError"
        << "closing parenthesis ')' does not match opening parenthesis '['" << 1 << 10;
    QTest::newRow("mismatched bracket on another line")
        << "x = [1,\n2)\n"
        << "SyntaxError"
        << "closing parenthesis ')' does not match opening parenthesis '[' on line 1" << 2 << 2;
    QTest::newRow("leading zeros")
        << "x = 0777\n"
        << "SyntaxError"
        << "leading zeros in decimal integer literals are not permitted; use an 0o prefix for "
           "octal integers"
        << 1 << 5;
    QTest::newRow("double underscore") << "x = 1__0\n"
                                       << "SyntaxError"
                                       << "invalid decimal literal" << 1 << 6;
    QTest::newRow("empty hexadecimal") << "x = 0x\n"
                                       << "SyntaxError"
                                       << "invalid hexadecimal literal" << 1 << 6;
    QTest::newRow("invalid binary digit") << "x = 0b2\n"
                                          << "SyntaxError"
                                          << "invalid digit '2' in binary literal" << 1 << 7;
    QTest::newRow("invalid octal digit") << "x = 0o8\n"
                                         << "SyntaxError"
                                         << "invalid digit '8' in octal literal" << 1 << 7;
    QTest::newRow("exponent without digits") << "x = 1e\n"
                                             << "SyntaxError"
                                             << "invalid decimal literal" << 1 << 5;
    QTest::newRow("letter after number") << "x = 5abc\n"
                                         << "SyntaxError"
                                         << "invalid decimal literal" << 1 << 5;
    QTest::newRow("string continued into the end")
        << "x = 'a\\\n"
        << "SyntaxError"
        << "unterminated string literal (detected at line 1)" << 1 << 5;
    QTest::newRow("continuation at the end") << "x = 1 \\"
                                             << "SyntaxError"
                                             << "unexpected EOF while parsing" << 1 << 8;
    QTest::newRow("after continuation")
        << "x = 1\\ \n"
        << "SyntaxError"
        << "unexpected character after line continuation character" << 1 << 7;
    QTest::newRow("non-ASCII character") << "a = 1 \xe2\x82\xac 2\n"
                                         << "SyntaxError"
                                         << "invalid character '\xe2\x82\xac' (U+20AC)" << 1 << 7;
    // The subset's own wording: CPython 3.11 says "invalid syntax" for '$'.
    QTest::newRow("dollar") << "a $ b\n"
                            << "SyntaxError"
                            << "invalid character '$' (U+0024)" << 1 << 3;
    QTest::newRow("bytes refused") << "x = b'a'\n"
                                   << "SyntaxError"
                                   << "bytes literals are not supported by the lesson VM" << 1 << 5;
    QTest::newRow("imaginary refused")
        << "x = 1j\n"
        << "SyntaxError"
        << "imaginary numbers are not supported by the lesson VM" << 1 << 5;
}

void LexerTest::reportsSyntaxErrors() {
    QFETCH(QString, source);
    QFETCH(QString, kind);
    QFETCH(QString, message);
    QFETCH(int, line);
    QFETCH(int, offset);

    const QByteArray utf8 = source.toUtf8();
    const LexResult result = tokenize(std::string_view(utf8.constData(), utf8.size()));
    QVERIFY(!result.ok());
    QCOMPARE(QString::fromStdString(result.error->kind), kind);
    QCOMPARE(QString::fromStdString(result.error->message), message);
    QCOMPARE(result.error->line, line);
    QCOMPARE(result.error->offset, offset);
}

// Universal newlines: "\r\n" and a lone "\r" end lines as "\n" does.
void LexerTest::keepsCarriageReturnLinesApart() {
    const LexResult result = tokenize("a = 1\r\nb = 2\rc");
    QVERIFY(result.ok());
    QCOMPARE(result.tokens.size(), std::size_t{11});
    QCOMPARE(result.tokens[4].startLine, 2);
    QCOMPARE(result.tokens[8].text, std::string("c"));
    QCOMPARE(result.tokens[8].startLine, 3);
}

QTEST_APPLESS_MAIN(LexerTest)
#include "tst_lexer.moc"
