#include <zlib.h>

#include <QTemporaryDir>
#include <QtTest>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "memory/LackeyTrace.h"

using mlsyslab::memory::AccessKind;
using mlsyslab::memory::MemoryAccess;
using mlsyslab::memory::TraceReading;
using mlsyslab::memory::TraceReadOptions;
namespace memory = mlsyslab::memory;

namespace {

// "L 7ff000a58 8; S 10 4": the accesses in a form a failed comparison shows readably.
QString describe(const std::vector<MemoryAccess>& accesses) {
    QStringList parts;
    for (const MemoryAccess& access : accesses) {
        parts << QString("%1 %2 %3")
                     .arg(access.kind == AccessKind::Store ? "S" : "L")
                     .arg(access.address, 0, 16)
                     .arg(access.sizeBytes);
    }
    return parts.join("; ");
}

QString describe(const TraceReading& reading) {
    QStringList parts;
    for (const auto& problem : reading.problems) {
        parts << QString("%1:%2: %3")
                     .arg(problem.line)
                     .arg(problem.column)
                     .arg(QString::fromStdString(problem.message));
    }
    return parts.join(" | ");
}

TraceReading readText(const std::string& text, bool instructions = false, bool skip = false) {
    std::istringstream stream(text);
    TraceReadOptions options;
    options.includeInstructions = instructions;
    options.skipMalformedLines = skip;
    return memory::readLackeyTrace(stream, options);
}

std::string dataPath(const char* name) {
    return std::string(MLSYSLAB_TEST_DATA_DIR) + "/memory/traces/" + name;
}

void writeGzip(const std::string& path, const std::string& text) {
    gzFile file = gzopen(path.c_str(), "wb");
    QVERIFY(file != nullptr);
    QCOMPARE(gzwrite(file, text.data(), static_cast<unsigned>(text.size())), int(text.size()));
    QCOMPARE(gzclose(file), Z_OK);
}

std::string readBytes(const std::string& path) {
    std::ifstream stream(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(stream), std::istreambuf_iterator<char>()};
}

void writeBytes(const std::string& path, const std::string& bytes) {
    std::ofstream stream(path, std::ios::binary);
    stream << bytes;
}

}  // namespace

class TestLackeyTrace : public QObject {
    Q_OBJECT

private slots:
    // One line each, as Lackey writes it and in the lenient forms people type.
    void goodLines_data() {
        QTest::addColumn<QString>("line");
        QTest::addColumn<bool>("instructions");
        QTest::addColumn<QString>("expected");
        const auto row = [](const char* name, const char* line, bool instructions,
                            const char* expected) {
            QTest::newRow(name) << line << instructions << expected;
        };
        row("instruction ignored", "I  04022920,3", false, "");
        row("instruction read", "I  04022920,3", true, "L 4022920 3");
        row("load", " L 7ff000a58,8", false, "L 7ff000a58 8");
        row("store", " S 1fff000708,8", false, "S 1fff000708 8");
        row("modify is load then store", " M 0421c7f0,4", false, "L 421c7f0 4; S 421c7f0 4");
        row("no leading space", "L 10,1", false, "L 10 1");
        row("tab and 0x", "\t S 0x1F,2", false, "S 1f 2");
        row("uppercase 0X and hex", " L 0XaBc,4", false, "L abc 4");
        row("spaces around the comma", " L 10 , 4  ", false, "L 10 4");
        row("carriage return", " L 10,4\r", false, "L 10 4");
        row("highest address", " L ffffffffffffffff,1", false, "L ffffffffffffffff 1");
        row("ends at the top", " L fffffffffffffff8,8", false, "L fffffffffffffff8 8");
        row("leading zeros past 16 digits", " L 000000000000000000010,4", false, "L 10 4");
        row("largest size", " L 0,1048576", false, "L 0 1048576");
        row("blank", "", false, "");
        row("spaces only", "   \t ", false, "");
        row("banner", "==24204== Lackey, an example Valgrind tool", true, "");
        row("banner, indented", "  ==24204== ", true, "");
    }

    void goodLines() {
        QFETCH(QString, line);
        QFETCH(bool, instructions);
        QFETCH(QString, expected);
        const TraceReading reading = readText(line.toStdString(), instructions);
        QVERIFY2(reading.complete(), qPrintable(describe(reading)));
        QCOMPARE(describe(reading.accesses), expected);
    }

    // Every malformed form, with the exact position (1-based) of the offending character.
    void badLines_data() {
        QTest::addColumn<QString>("line");
        QTest::addColumn<int>("column");
        QTest::addColumn<QString>("message");
        const auto row = [](const char* name, const char* line, int column, const char* message) {
            QTest::newRow(name) << line << column << message;
        };
        const char* kind = "expected an access kind (I, L, S or M), got ";
        const char* comma = "expected ',' and a size after the address";
        const char* size = "size must be a decimal number from 1 to 1048576 bytes";
        row("unknown kind", "X 10,4", 1, (std::string(kind) + "'X'").c_str());
        row("lowercase kind", " l 10,4", 2, (std::string(kind) + "'l'").c_str());
        row("word for a kind", "  Load 10,4", 3, (std::string(kind) + "'Load'").c_str());
        row("dashes", "--24204-- warning", 1, (std::string(kind) + "'--24204--'").c_str());
        row("no space after kind", " L10,4", 3, "expected a space between 'L' and the address");
        row("kind alone", " L", 3, "expected a hex address after 'L'");
        row("kind and spaces", " S   ", 6, "expected a hex address after 'S'");
        row("no address", " L ,4", 4, "expected a hex address after 'L'");
        row("0x alone", " M 0x,4", 6, "expected a hex address after 'M'");
        row("not hex", "I  zz,4", 4, "expected a hex address after 'I'");
        row("no comma", " L 10", 6, comma);
        row("semicolon", " L 10;4", 6, comma);
        row("letter in address", " L 10g,4", 6, comma);
        row("no size", " L 10,", 7, size);
        row("size zero", " L 10,0", 7, size);
        row("size too large", " L 10,1048577", 7, size);
        row("size overflows", " L 10,99999999999999999999999", 7, size);
        row("negative size", " L 10,-4", 7, size);
        row("hex size", " L 10,0x8", 7, size);
        row("size with letter", " L 10,4x", 7, size);
        row("trailing text", " L 10,4 extra", 9, "unexpected text after the size: 'extra'");
        row("second access", " L 10,4 L 20,4", 9, "unexpected text after the size: 'L'");
        row("address of 17 digits", " L 10000000000000000,4", 4,
            "the address does not fit in 64 bits");
        row("address of 17 digits with 0x", " S 0x10000000000000000,4", 4,
            "the address does not fit in 64 bits");
        row("past the top", " L ffffffffffffffff,2", 21,
            "the access runs past the end of the 64-bit address space");
        // An instruction line is checked even when instructions are not read.
        row("bad instruction", "I  0401ab70,0", 13, size);
    }

    void badLines() {
        QFETCH(QString, line);
        QFETCH(int, column);
        QFETCH(QString, message);
        for (const bool skip : {false, true}) {
            const TraceReading reading = readText(line.toStdString(), false, skip);
            QCOMPARE(reading.problems.size(), std::size_t{1});
            QCOMPARE(reading.problems[0].line, std::size_t{1});
            QCOMPARE(int(reading.problems[0].column), column);
            QCOMPARE(QString::fromStdString(reading.problems[0].message), message);
            QVERIFY(reading.accesses.empty());
            QVERIFY(!reading.complete());
        }
    }

    // Stop at the first bad line (the default), or report every bad line and keep the good ones.
    void stopOrKeepGoing() {
        const std::string text =
            "==1== banner\n"
            " L 100,4\n"
            "\n"
            " Q 104,4\n"
            " S 108,4\n"
            " L 10c\n"
            " M 110,2\n";
        const TraceReading stopped = readText(text);
        QCOMPARE(describe(stopped),
                 QString("4:2: expected an access kind (I, L, S or M), got 'Q'"));
        QCOMPARE(describe(stopped.accesses), QString("L 100 4"));

        const TraceReading skipped = readText(text, false, true);
        QCOMPARE(describe(skipped),
                 QString("4:2: expected an access kind (I, L, S or M), got 'Q' | "
                         "6:7: expected ',' and a size after the address"));
        QCOMPARE(describe(skipped.accesses), QString("L 100 4; S 108 4; L 110 2; S 110 2"));
    }

    // Instruction fetches interleave with data accesses in the order Lackey wrote them.
    void instructionsInOrder() {
        const std::string text = "I  0401ab70,3\n S 1fff000708,8\nI  0401ab73,5\n M 20,1\n";
        QCOMPARE(describe(readText(text).accesses), QString("S 1fff000708 8; L 20 1; S 20 1"));
        QCOMPARE(describe(readText(text, true).accesses),
                 QString("L 401ab70 3; S 1fff000708 8; L 401ab73 5; L 20 1; S 20 1"));
    }

    void lastLineWithoutNewline() {
        QCOMPARE(describe(readText(" L 1,1\n S 2,2").accesses), QString("L 1 1; S 2 2"));
        QCOMPARE(describe(readText(" L 1,1\n S 2")),
                 QString("2:5: expected ',' and a size after the address"));
    }

    // A real excerpt of a Lackey log (the first 60 and the last trace lines of a tiny C
    // program under valgrind 3.19, with its banner): 55 I, 4 L, 14 S and 1 M lines. The .gz is
    // the same file through `gzip -9 -n`.
    void realTraceFile() {
        for (const char* name : {"lackey-startup.trace", "lackey-startup.trace.gz"}) {
            const auto data = memory::readLackeyTraceFile(dataPath(name));
            QVERIFY2(data.ok(), name);
            QVERIFY2(data->complete(), qPrintable(describe(*data)));
            QCOMPARE(data->accesses.size(), std::size_t{4 + 14 + 2});
            QCOMPARE(data->accesses.front(), (MemoryAccess{AccessKind::Store, 0x1fff000708, 8}));
            QCOMPARE(data->accesses.back(), (MemoryAccess{AccessKind::Load, 0x4a1bde0, 8}));
            TraceReadOptions options;
            options.includeInstructions = true;
            const auto all = memory::readLackeyTraceFile(dataPath(name), options);
            QVERIFY(all.ok());
            QCOMPARE(all->accesses.size(), std::size_t{55 + 4 + 14 + 2});
            QCOMPARE(all->accesses.front(), (MemoryAccess{AccessKind::Load, 0x401ab70, 3}));
        }
    }

    // A gzip file written here with zlib reads the same as its text, whatever its name.
    void gzipWrittenHere() {
        QTemporaryDir directory;
        QVERIFY(directory.isValid());
        std::string text;
        for (int index = 0; index < 5000; ++index) {
            text += " L " + QString::number(0x1000 + 8 * index, 16).toStdString() + ",8\n";
        }
        text += " S xyz\n";
        const std::string path = directory.filePath("trace.txt").toStdString();
        writeGzip(path, text);
        const auto data = memory::readLackeyTraceFile(path);
        QVERIFY(data.ok());
        QCOMPARE(data->accesses.size(), std::size_t{5000});
        QCOMPARE(data->accesses[4999].address, std::uint64_t{0x1000 + 8 * 4999});
        QCOMPARE(describe(*data), QString("5001:4: expected a hex address after 'S'"));
    }

    void corruptGzip() {
        QTemporaryDir directory;
        const std::string good = directory.filePath("good.gz").toStdString();
        std::string text;
        for (int index = 0; index < 2000; ++index) text += " L " + std::to_string(index) + ",4\n";
        writeGzip(good, text);
        const std::string bytes = readBytes(good);

        // Cut short: the stream ends before the compressed data does.
        const std::string truncated = directory.filePath("truncated.gz").toStdString();
        writeBytes(truncated, bytes.substr(0, bytes.size() / 2));
        const auto cut = memory::readLackeyTraceFile(truncated);
        QVERIFY(!cut.ok());
        QCOMPARE(QString::fromStdString(cut.error()),
                 QString("'%1' is not a valid gzip file: unexpected end of file")
                     .arg(QString::fromStdString(truncated)));

        // The magic bytes, then garbage.
        const std::string garbage = directory.filePath("garbage.gz").toStdString();
        writeBytes(garbage, std::string("\x1f\x8b\x08\x00", 4) + std::string(64, '\x55'));
        const auto broken = memory::readLackeyTraceFile(garbage);
        QVERIFY(!broken.ok());
        QVERIFY2(QString::fromStdString(broken.error())
                     .startsWith(QString("'%1' is not a valid gzip file: ")
                                     .arg(QString::fromStdString(garbage))),
                 broken.error().c_str());
    }

    void unreadableFiles() {
        QTemporaryDir directory;
        const std::string missing = directory.filePath("missing.trace").toStdString();
        const auto absent = memory::readLackeyTraceFile(missing);
        QVERIFY(!absent.ok());
        QCOMPARE(absent.error(), "cannot read '" + missing + "': No such file or directory");
        const std::string folder = directory.path().toStdString();
        const auto isFolder = memory::readLackeyTraceFile(folder);
        QVERIFY(!isFolder.ok());
        QCOMPARE(isFolder.error(), "cannot read '" + folder + "': it is a directory");
        // An empty file is an empty trace.
        const std::string empty = directory.filePath("empty.trace").toStdString();
        writeBytes(empty, "");
        const auto nothing = memory::readLackeyTraceFile(empty);
        QVERIFY(nothing.ok());
        QVERIFY(nothing->accesses.empty() && nothing->complete());
    }

    void problemFormat() {
        const memory::TraceProblem problem{12, 7, "size must be 1 or more"};
        QCOMPARE(memory::formatTraceProblem("t.trace", problem),
                 std::string("t.trace:12:7: error: size must be 1 or more"));
    }

    // Written in Lackey's form, read back to the same accesses.
    void writeAndReadBack() {
        const std::vector<MemoryAccess> accesses{{AccessKind::Load, 0x7ff0001a0, 4},
                                                 {AccessKind::Store, 0x10, 8},
                                                 {AccessKind::Load, 0, 1},
                                                 {AccessKind::Store, ~std::uint64_t{0}, 1},
                                                 {AccessKind::Load, 0x1000, 1048576}};
        const std::string text = memory::writeLackeyTrace(accesses);
        QCOMPARE(text, std::string(" L 7ff0001a0,4\n S 10,8\n L 0,1\n S ffffffffffffffff,1\n"
                                   " L 1000,1048576\n"));
        const TraceReading reading = readText(text);
        QVERIFY(reading.complete());
        QCOMPARE(reading.accesses, accesses);
        QCOMPARE(memory::writeLackeyTrace({}), std::string());
    }
};

QTEST_APPLESS_MAIN(TestLackeyTrace)
#include "tst_lackey_trace.moc"
