#include <QtTest>
#include <array>
#include <string>
#include <vector>

#include "logic/Gate.h"
#include "logic/Netlist.h"
#include "logic/TruthTable.h"

using mlsyslab::logic::GateKind;
namespace logic = mlsyslab::logic;

Q_DECLARE_METATYPE(GateKind)

class TestGate : public QObject {
    Q_OBJECT

private slots:
    // expected: one output digit per row, rows counting up with the first input as the MSB.
    void truthTable_data() {
        QTest::addColumn<GateKind>("kind");
        QTest::addColumn<int>("inputCount");
        QTest::addColumn<QString>("expected");
        QTest::newRow("AND 2") << GateKind::And << 2 << "0001";
        QTest::newRow("OR 2") << GateKind::Or << 2 << "0111";
        QTest::newRow("XOR 2") << GateKind::Xor << 2 << "0110";
        QTest::newRow("NAND 2") << GateKind::Nand << 2 << "1110";
        QTest::newRow("NOR 2") << GateKind::Nor << 2 << "1000";
        QTest::newRow("XNOR 2") << GateKind::Xnor << 2 << "1001";
        QTest::newRow("NOT") << GateKind::Not << 1 << "10";
        QTest::newRow("BUF") << GateKind::Buf << 1 << "01";
        QTest::newRow("AND 3") << GateKind::And << 3 << "00000001";
        QTest::newRow("OR 3") << GateKind::Or << 3 << "01111111";
        QTest::newRow("XOR 3 (odd parity)") << GateKind::Xor << 3 << "01101001";
        QTest::newRow("NAND 3") << GateKind::Nand << 3 << "11111110";
        QTest::newRow("NOR 3") << GateKind::Nor << 3 << "10000000";
        QTest::newRow("XNOR 3 (even parity)") << GateKind::Xnor << 3 << "10010110";
    }

    // Both ways a gate is evaluated: alone, and inside a netlist through its truth table.
    void truthTable() {
        QFETCH(GateKind, kind);
        QFETCH(int, inputCount);
        QFETCH(QString, expected);
        QCOMPARE(expected.size(), 1 << inputCount);

        logic::Netlist netlist;
        std::vector<logic::SignalId> inputs;
        for (int index = 0; index < inputCount; ++index) {
            inputs.push_back(netlist.addInput(std::string(1, static_cast<char>('a' + index))));
        }
        netlist.addOutput("y", netlist.addGate(kind, "gate", inputs, "y"));
        const auto table = logic::deriveTruthTable(netlist);
        QVERIFY2(table.ok(), table.ok() ? "" : table.error().c_str());
        QCOMPARE(table->rowCount(), 1 << inputCount);

        for (int row = 0; row < (1 << inputCount); ++row) {
            std::array<bool, 3> values{};
            for (int index = 0; index < inputCount; ++index) {
                values[index] = ((row >> (inputCount - 1 - index)) & 1) != 0;
            }
            const bool wanted = expected[row] == QLatin1Char('1');
            QCOMPARE(logic::evaluateGate(kind, std::span<const bool>(values.data(), inputCount)),
                     wanted);
            QCOMPARE(bool(table->outputs[row][0]), wanted);
        }
    }

    void namesRoundTrip_data() {
        QTest::addColumn<GateKind>("kind");
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("fewestInputs");
        QTest::addColumn<int>("mostInputs");
        QTest::newRow("AND") << GateKind::And << "AND" << 2 << logic::kMaxGateInputs;
        QTest::newRow("OR") << GateKind::Or << "OR" << 2 << logic::kMaxGateInputs;
        QTest::newRow("XOR") << GateKind::Xor << "XOR" << 2 << logic::kMaxGateInputs;
        QTest::newRow("NOT") << GateKind::Not << "NOT" << 1 << 1;
        QTest::newRow("NAND") << GateKind::Nand << "NAND" << 2 << logic::kMaxGateInputs;
        QTest::newRow("NOR") << GateKind::Nor << "NOR" << 2 << logic::kMaxGateInputs;
        QTest::newRow("XNOR") << GateKind::Xnor << "XNOR" << 2 << logic::kMaxGateInputs;
        QTest::newRow("BUF") << GateKind::Buf << "BUF" << 1 << 1;
    }

    void namesRoundTrip() {
        QFETCH(GateKind, kind);
        QFETCH(QString, name);
        QFETCH(int, fewestInputs);
        QFETCH(int, mostInputs);
        QCOMPARE(QString::fromLatin1(logic::gateKindName(kind)), name);
        QCOMPARE(logic::parseGateKind(name.toStdString()), std::optional(kind));
        QCOMPARE(logic::parseGateKind(name.toLower().toStdString()), std::optional(kind));
        QCOMPARE(logic::minimumInputs(kind), fewestInputs);
        QCOMPARE(logic::maximumInputs(kind), mostInputs);
    }

    void unknownNamesAreRejected() {
        QVERIFY(!logic::parseGateKind("ANDD").has_value());
        QVERIFY(!logic::parseGateKind("").has_value());
        QVERIFY(!logic::parseGateKind("AN").has_value());
    }

    // A wide gate: every one of the 256 rows of an 8-input AND, OR and XOR.
    void eightInputs() {
        for (int row = 0; row < 256; ++row) {
            std::array<bool, 8> values{};
            int ones = 0;
            for (int index = 0; index < 8; ++index) {
                values[index] = ((row >> index) & 1) != 0;
                ones += values[index] ? 1 : 0;
            }
            QCOMPARE(logic::evaluateGate(GateKind::And, values), row == 255);
            QCOMPARE(logic::evaluateGate(GateKind::Or, values), row != 0);
            QCOMPARE(logic::evaluateGate(GateKind::Xor, values), ones % 2 == 1);
        }
    }
};

QTEST_APPLESS_MAIN(TestGate)
#include "tst_gate.moc"
