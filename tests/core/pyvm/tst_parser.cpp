#include <QDir>
#include <QFile>
#include <QtTest>
#include <string>

#include "AstLocations.h"
#include "pyvm/Parser.h"

using mlsyslab::pyvm::dump;
using mlsyslab::pyvm::parse;
using mlsyslab::pyvm::ParseResult;

namespace {

const QString parserData = QStringLiteral(MLSYSLAB_TEST_DATA_DIR "/pyvm/parser");

QByteArray readFile(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) return {};
    return file.readAll();
}

ParseResult parseFile(const QString& path) {
    const QByteArray source = readFile(path);
    return parse(std::string_view(source.constData(), static_cast<std::size_t>(source.size())));
}

QString describe(const ParseResult& result) {
    if (!result.error) return QStringLiteral("no error");
    return QString::fromStdString(result.error->kind) + QStringLiteral(": ") +
           QString::fromStdString(result.error->message) +
           QStringLiteral(" at %1:%2").arg(result.error->line).arg(result.error->offset);
}

void addGoldenRows(const QString& folder) {
    QTest::addColumn<QString>("casePath");
    const QDir directory(QDir(parserData).filePath(folder));
    const QStringList cases = directory.entryList({QStringLiteral("*.py")}, QDir::Files);
    QVERIFY2(cases.size() >= 25, "the golden cases are missing");
    for (const QString& name : cases) {
        QTest::newRow(name.toUtf8().constData()) << directory.filePath(name);
    }
}

}  // namespace

class ParserTest : public QObject {
    Q_OBJECT

private slots:
    void dumpsAsCPython_data() { addGoldenRows(QStringLiteral("cases")); }
    void dumpsAsCPython();
    void locatesAsCPython_data() { addGoldenRows(QStringLiteral("cases")); }
    void locatesAsCPython();
    void reportsCPythonErrors_data() { addGoldenRows(QStringLiteral("errors")); }
    void reportsCPythonErrors();
    void refusesConstructsOutsideTheSubset_data();
    void refusesConstructsOutsideTheSubset();
    void refusesIntegersBeyond64Bits();
    void staysWithinItsLimits_data();
    void staysWithinItsLimits();
    void keepsNoStatementsAfterAnError();
    void dumpsAnEmptyModule();
};

// dump() of every case equals CPython 3.11's ast.dump.
void ParserTest::dumpsAsCPython() {
    QFETCH(QString, casePath);
    const ParseResult result = parseFile(casePath);
    QVERIFY2(result.ok(), qPrintable(describe(result)));
    const QString expected =
        QString::fromUtf8(readFile(casePath.chopped(3) + QStringLiteral(".ast"))).trimmed();
    QVERIFY2(!expected.isEmpty(), "the .ast golden is missing");
    QCOMPARE(QString::fromStdString(dump(result.module)), expected);
}

// Every statement and expression sits where CPython's ast puts it.
void ParserTest::locatesAsCPython() {
    QFETCH(QString, casePath);
    const ParseResult result = parseFile(casePath);
    QVERIFY2(result.ok(), qPrintable(describe(result)));
    const QStringList expected =
        QString::fromUtf8(readFile(casePath.chopped(3) + QStringLiteral(".locations")))
            .split(u'\n', Qt::SkipEmptyParts);
    QVERIFY2(!expected.isEmpty(), "the .locations golden is missing");
    QStringList actual;
    for (const std::string& line : locationLines(result.module)) {
        actual << QString::fromStdString(line);
    }
    for (qsizetype index = 0; index < std::min(actual.size(), expected.size()); ++index) {
        QCOMPARE(actual[index], expected[index]);
    }
    QCOMPARE(actual.size(), expected.size());
}

// The first error, worded and placed as CPython 3.11's compile() reports it.
void ParserTest::reportsCPythonErrors() {
    QFETCH(QString, casePath);
    const ParseResult result = parseFile(casePath);
    const QStringList expected =
        QString::fromUtf8(readFile(casePath.chopped(3) + QStringLiteral(".error")))
            .split(u'\n', Qt::SkipEmptyParts);
    QCOMPARE(expected.size(), 2);
    QVERIFY2(!result.ok(), "no error reported");
    QCOMPARE(QString::fromStdString(result.error->kind) + QStringLiteral(": ") +
                 QString::fromStdString(result.error->message),
             expected[0]);
    QCOMPARE(QStringLiteral("%1 %2").arg(result.error->line).arg(result.error->offset),
             expected[1]);
}

// CPython parses these; the lesson VM refuses them by name, where they start.
void ParserTest::refusesConstructsOutsideTheSubset_data() {
    QTest::addColumn<QString>("source");
    QTest::addColumn<QString>("message");
    QTest::addColumn<int>("line");
    QTest::addColumn<int>("offset");

    const auto row = [](const char* name, const char* source, const char* message, int line,
                        int offset) {
        QTest::newRow(name) << QString::fromUtf8(source)
                            << QString::fromUtf8(message) +
                                   QStringLiteral(" not supported by the lesson VM")
                            << line << offset;
    };
    row("import", "import math\n", "'import' is", 1, 1);
    row("from import", "x = 1\nfrom math import pi\n", "'import' is", 2, 1);
    row("import after semicolon", "x = 1; import os\n", "'import' is", 1, 8);
    row("class", "class Point:\n    pass\n", "'class' is", 1, 1);
    row("try", "try:\n    x = 1\nexcept ValueError:\n    pass\n", "'try' is", 1, 1);
    row("with", "with open('f') as f:\n    pass\n", "'with' is", 1, 1);
    row("raise", "raise ValueError('no')\n", "'raise' is", 1, 1);
    row("assert", "assert x > 0\n", "'assert' is", 1, 1);
    row("async def", "async def f():\n    pass\n", "'async' is", 1, 1);
    row("await", "def f():\n    await g()\n", "'await' is", 2, 5);
    row("yield", "def f():\n    yield 1\n", "'yield' is", 2, 5);
    row("yield value", "def f():\n    x = yield\n", "'yield' is", 2, 9);
    row("match", "match command:\n    case 1:\n        pass\n", "'match' is", 1, 1);
    row("decorator", "@cache\ndef f():\n    pass\n", "decorators are", 1, 1);
    row("generator expression", "g = (x for x in y)\n", "generator expressions are", 1, 5);
    row("generator argument", "total = sum(x for x in y)\n", "generator expressions are", 1, 12);
    row("dict comprehension", "d = {k: v for k, v in pairs}\n", "dict comprehensions are", 1, 5);
    row("set comprehension", "s = {c for c in text}\n", "set comprehensions are", 1, 5);
    row("walrus", "if (n := len(a)) > 3:\n    pass\n", "assignment expressions (':=') are", 1, 5);
    row("walrus argument", "f(y := 1)\n", "assignment expressions (':=') are", 1, 3);
    row("variable annotation", "x: int = 1\n", "annotations are", 1, 2);
    row("parameter annotation", "def f(x: int):\n    pass\n", "annotations are", 1, 8);
    row("return annotation", "def f() -> int:\n    pass\n", "annotations are", 1, 9);
    row("async comprehension", "r = [x async for x in y]\n", "'async' is", 1, 8);
    row("bytes", "data = b'abc'\n", "bytes literals are", 1, 8);
    row("named escape", "s = '\\N{BULLET}'\n", "\\N{...} escapes are", 1, 17);
}

void ParserTest::refusesConstructsOutsideTheSubset() {
    QFETCH(QString, source);
    QFETCH(QString, message);
    QFETCH(int, line);
    QFETCH(int, offset);
    const QByteArray utf8 = source.toUtf8();
    const ParseResult result = parse(std::string_view(utf8.constData(), utf8.size()));
    QVERIFY2(!result.ok(), "no error reported");
    QCOMPARE(QString::fromStdString(result.error->kind), QStringLiteral("SyntaxError"));
    QCOMPARE(QString::fromStdString(result.error->message), message);
    QCOMPARE(result.error->line, line);
    QCOMPARE(result.error->offset, offset);
}

// The lesson VM's ints are 64-bit: a larger literal is refused where it stands.
void ParserTest::refusesIntegersBeyond64Bits() {
    const ParseResult largest = parse("x = 9223372036854775807\n");
    QVERIFY(largest.ok());
    const ParseResult beyond = parse("x = 1\ny = 9223372036854775808\n");
    QVERIFY(!beyond.ok());
    QCOMPARE(QString::fromStdString(beyond.error->message),
             QStringLiteral("integer literal too large for the lesson VM (64-bit ints)"));
    QCOMPARE(beyond.error->line, 2);
    QCOMPARE(beyond.error->offset, 5);
}

// Deep nesting ends in an error, never in a stack overflow: CPython allows 200 open brackets and
// gives up on trees about 3000 levels deep (a RecursionError, which CPython gives no location;
// here it points where the limit is hit).
void ParserTest::staysWithinItsLimits_data() {
    QTest::addColumn<QString>("source");
    QTest::addColumn<QString>("error");

    const auto repeated = [](const char* piece, int count) {
        return QString::fromUtf8(piece).repeated(count);
    };
    QTest::newRow("200 brackets") << QStringLiteral("x = ") + repeated("(", 200) +
                                         QStringLiteral("1") + repeated(")", 200)
                                  << QString();
    QTest::newRow("201 brackets") << QStringLiteral("x = ") + repeated("[", 150) +
                                         repeated("(", 51) + repeated(")", 51) + repeated("]", 150)
                                  << QStringLiteral(
                                         "SyntaxError: too many nested parentheses at 1:205");
    // One token a line: the lexer counts columns from the start of the line.
    QTest::newRow("20000 brackets")
        << QStringLiteral("x = ") + repeated("(\n", 20000) + QStringLiteral("1") +
               repeated(")\n", 20000)
        << QStringLiteral("SyntaxError: too many nested parentheses at 201:1");
    QTest::newRow("2000 minus signs")
        << QStringLiteral("x = ") + repeated("-", 2000) + QStringLiteral("1") << QString();
    QTest::newRow("20000 minus signs")
        << QStringLiteral("x = (") + repeated("-\n", 20000) + QStringLiteral("1)")
        << QStringLiteral(
               "RecursionError: maximum recursion depth exceeded during compilation at 2999:1");
    QTest::newRow("20000 additions")
        << QStringLiteral("x = (1") + repeated("\n+ 1", 20000) + QStringLiteral(")")
        << QStringLiteral(
               "RecursionError: maximum recursion depth exceeded during compilation at 3000:1");
    QTest::newRow("20000 attributes")
        << QStringLiteral("x = (a") + repeated("\n.b", 20000) + QStringLiteral(")")
        << QStringLiteral(
               "RecursionError: maximum recursion depth exceeded during compilation at 3000:1");
}

void ParserTest::staysWithinItsLimits() {
    QFETCH(QString, source);
    QFETCH(QString, error);
    const QByteArray utf8 = source.toUtf8();
    const ParseResult result = parse(std::string_view(utf8.constData(), utf8.size()));
    QCOMPARE(result.ok() ? QString() : describe(result), error);
}

// A failed parse hands no half-built tree to the compiler.
void ParserTest::keepsNoStatementsAfterAnError() {
    const ParseResult result = parse("x = 1\ny = = 2\n");
    QVERIFY(!result.ok());
    QVERIFY(result.module.body.empty());
}

void ParserTest::dumpsAnEmptyModule() {
    const ParseResult result = parse("# nothing but a comment\n\n");
    QVERIFY(result.ok());
    QCOMPARE(QString::fromStdString(dump(result.module)),
             QStringLiteral("Module(body=[], type_ignores=[])"));
}

QTEST_APPLESS_MAIN(ParserTest)
#include "tst_parser.moc"
