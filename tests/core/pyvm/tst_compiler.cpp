#include <QDir>
#include <QFile>
#include <QtTest>
#include <string>

#include "pyvm/Compiler.h"
#include "pyvm/FrozenSetConstant.h"

using mlsyslab::pyvm::CodeObject;
using mlsyslab::pyvm::CompileResult;
using mlsyslab::pyvm::Constant;
using mlsyslab::pyvm::Instruction;
using mlsyslab::pyvm::Opcode;

namespace {

const QString programsDirectory = QStringLiteral(MLSYSLAB_TEST_DATA_DIR "/pyvm/programs");

QByteArray readFile(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) return {};
    return file.readAll();
}

CompileResult compileText(const QByteArray& source) {
    return mlsyslab::pyvm::compile(std::string_view(source.constData(), source.size()), "<test>");
}

// The first line where two listings part, with the lines around it, for a readable failure.
QString firstDifference(const QStringList& actual, const QStringList& expected) {
    const qsizetype common = std::min(actual.size(), expected.size());
    qsizetype line = 0;
    while (line < common && actual[line] == expected[line]) ++line;
    if (line == common && actual.size() == expected.size()) return {};
    QString report = QStringLiteral("first difference at line %1\n").arg(line + 1);
    for (qsizetype context = std::max<qsizetype>(0, line - 4); context < line; ++context) {
        report += QStringLiteral("    %1\n").arg(expected[context]);
    }
    report += QStringLiteral("  expected: %1\n").arg(line < expected.size() ? expected[line] : "<end>");
    report += QStringLiteral("  actual:   %1\n").arg(line < actual.size() ? actual[line] : "<end>");
    return report;
}

}  // namespace

class CompilerTest : public QObject {
    Q_OBJECT

private slots:
    void matchesCPythonDisassembly_data();
    void matchesCPythonDisassembly();
    void reportsCompileErrors_data();
    void reportsCompileErrors();
    void writesExtendedArguments();
    void ordersFrozenSetsAsCPython();
    void describesArguments();
};

// Every program with a .dis golden, whoever wrote it: CPython 3.11's own bytecode for it.
void CompilerTest::matchesCPythonDisassembly_data() {
    QTest::addColumn<QString>("programPath");
    const QDir directory(programsDirectory);
    const QStringList goldens = directory.entryList({QStringLiteral("*.dis")}, QDir::Files);
    QVERIFY2(goldens.size() >= 40, "the golden programs are missing");
    for (const QString& golden : goldens) {
        const QString program = golden.chopped(4) + QStringLiteral(".py");
        QTest::newRow(program.toUtf8().constData()) << directory.filePath(program);
    }
}

void CompilerTest::matchesCPythonDisassembly() {
    QFETCH(QString, programPath);
    const CompileResult result = compileText(readFile(programPath));
    QVERIFY2(result.ok(), result.error ? result.error->message.c_str() : "");
    const QStringList expected =
        QString::fromUtf8(readFile(programPath.chopped(3) + QStringLiteral(".dis"))).split(u'\n', Qt::SkipEmptyParts);
    const QStringList actual =
        QString::fromStdString(mlsyslab::pyvm::disassemble(*result.code)).split(u'\n', Qt::SkipEmptyParts);
    const QString difference = firstDifference(actual, expected);
    QVERIFY2(difference.isEmpty(), qPrintable(difference));
}

void CompilerTest::reportsCompileErrors_data() {
    QTest::addColumn<QString>("source");
    QTest::addColumn<QString>("message");
    QTest::addColumn<int>("line");
    QTest::addColumn<int>("offset");

    // Messages, lines and offsets as CPython 3.11's compile() reports them.
    QTest::newRow("return at module level") << "return 5\n" << "'return' outside function" << 1 << 1;
    QTest::newRow("break outside loop") << "x = 1\nbreak\n" << "'break' outside loop" << 2 << 1;
    QTest::newRow("break after loop") << "def f():\n    for i in x:\n        pass\n    break\n"
                                      << "'break' outside loop" << 4 << 5;
    QTest::newRow("break in else of if") << "def f():\n  if x:\n    return\n  else:\n    break\n"
                                         << "'break' outside loop" << 5 << 5;
    QTest::newRow("continue after loop") << "while x:\n    pass\ncontinue\n"
                                         << "'continue' not properly in loop" << 3 << 1;
    QTest::newRow("continue in function in loop") << "for i in x:\n    def f():\n        continue\n"
                                                  << "'continue' not properly in loop" << 3 << 9;
    QTest::newRow("nonlocal without binding") << "def f():\n    def g():\n        nonlocal x\n"
                                              << "no binding for nonlocal 'x' found" << 3 << 9;
    QTest::newRow("nonlocal at module level") << "nonlocal x\n"
                                              << "nonlocal declaration not allowed at module level" << 1 << 1;
    QTest::newRow("used before global") << "def f():\n    print(x)\n    global x\n"
                                        << "name 'x' is used prior to global declaration" << 3 << 5;
    QTest::newRow("assigned before global") << "def f():\n    x = 1\n    global x\n"
                                            << "name 'x' is assigned to before global declaration" << 3 << 5;
    QTest::newRow("augmented before global") << "x = 1\ndef f():\n    x += 1\n    global x\n"
                                             << "name 'x' is assigned to before global declaration" << 4 << 5;
    QTest::newRow("deleted before global") << "def f():\n    del x\n    global x\n"
                                           << "name 'x' is assigned to before global declaration" << 3 << 5;
    QTest::newRow("module assigned before global") << "x = 1\nglobal x\n"
                                                   << "name 'x' is assigned to before global declaration" << 2 << 1;
    QTest::newRow("module used before global") << "print(x)\nglobal x\n"
                                               << "name 'x' is used prior to global declaration" << 2 << 1;
    QTest::newRow("parameter and global") << "def f(x):\n    global x\n" << "name 'x' is parameter and global" << 2 << 5;
    QTest::newRow("parameter and nonlocal") << "def f(x):\n    nonlocal x\n"
                                            << "name 'x' is parameter and nonlocal" << 2 << 5;
    QTest::newRow("used before nonlocal") << "def f():\n    x = 1\n    def g():\n        print(x)\n        nonlocal x\n"
                                          << "name 'x' is used prior to nonlocal declaration" << 5 << 9;
    QTest::newRow("assigned before nonlocal")
        << "def f():\n    x = 1\n    def g():\n        x = 2\n        nonlocal x\n"
        << "name 'x' is assigned to before nonlocal declaration" << 5 << 9;
    QTest::newRow("nonlocal and global") << "def f():\n    global x\n    nonlocal x\n"
                                         << "name 'x' is nonlocal and global" << 2 << 5;
    QTest::newRow("duplicate argument") << "def f(a, a):\n    pass\n"
                                        << "duplicate argument 'a' in function definition" << 1 << 10;
    QTest::newRow("duplicate star argument") << "def f(a, *a): pass\n"
                                             << "duplicate argument 'a' in function definition" << 1 << 11;
    QTest::newRow("duplicate lambda argument") << "lambda a, a: 1\n"
                                               << "duplicate argument 'a' in function definition" << 1 << 11;
    QTest::newRow("repeated keyword") << "f(a=1, a=2)\n" << "keyword argument repeated: a" << 1 << 8;
    QTest::newRow("two starred targets") << "a, *b, *c = d\n"
                                         << "multiple starred expressions in assignment" << 1 << 1;
}

void CompilerTest::reportsCompileErrors() {
    QFETCH(QString, source);
    QFETCH(QString, message);
    QFETCH(int, line);
    QFETCH(int, offset);
    const CompileResult result = compileText(source.toUtf8());
    QVERIFY(!result.ok());
    QCOMPARE(QString::fromStdString(result.error->kind), QStringLiteral("SyntaxError"));
    QCOMPARE(QString::fromStdString(result.error->message), message);
    QCOMPARE(result.error->line, line);
    QCOMPARE(result.error->offset, offset);
}

// `a, *b, c = x` unpacks with UNPACK_EX 257, which CPython writes as EXTENDED_ARG 1 first; dis
// lists the prefix as an instruction, so the listing has it too (the code object does not).
void CompilerTest::writesExtendedArguments() {
    const CompileResult result = compileText("a, *b, c = x\n");
    QVERIFY(result.ok());
    const std::string listing = mlsyslab::pyvm::disassemble(*result.code);
    QVERIFY2(listing.find("EXTENDED_ARG 1\nUNPACK_EX 257\n") != std::string::npos, listing.c_str());
    bool unpacks = false;
    for (const Instruction& instruction : result.code->code) {
        if (instruction.op == Opcode::UNPACK_EX) unpacks = instruction.arg == 257;
    }
    QVERIFY(unpacks);
}

// CPython iterates frozenset([2, 9, 1]) as 9, 2, 1: 9 lands in slot 1, and 1, colliding with it,
// is sent on to slot 6.
void CompilerTest::ordersFrozenSetsAsCPython() {
    const Constant folded = mlsyslab::pyvm::makeFrozenSet({Constant{std::int64_t{2}}, Constant{std::int64_t{9}},
                                                           Constant{std::int64_t{1}}, Constant{std::int64_t{2}}});
    QCOMPARE(QString::fromStdString(mlsyslab::pyvm::constantRepr(folded)), QStringLiteral("frozenset({9, 2, 1})"));
    const CompileResult result = compileText("print(x in {3, 1, 2})\n");
    QVERIFY(result.ok());
    const std::string listing = mlsyslab::pyvm::disassemble(*result.code);
    QVERIFY2(listing.find("LOAD_CONST frozenset({1, 2, 3})") != std::string::npos, listing.c_str());
}

void CompilerTest::describesArguments() {
    const CompileResult result = compileText("def f(a, b=1):\n    return a + b\nprint(f(2))\n");
    QVERIFY(result.ok());
    const CodeObject& module = *result.code;
    QStringList reprs;
    for (const Instruction& instruction : module.code) {
        reprs << QString::fromStdString(mlsyslab::pyvm::argumentRepr(module, instruction));
    }
    QVERIFY(reprs.contains(QStringLiteral("NULL + print")) || reprs.contains(QStringLiteral("print")));
    QVERIFY(reprs.contains(QStringLiteral("defaults")));
    QVERIFY(reprs.contains(QStringLiteral("<code object f>")));
}

QTEST_APPLESS_MAIN(CompilerTest)
#include "tst_compiler.moc"
