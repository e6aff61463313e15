#include "logic/AdderReadouts.h"

#include <QEvent>
#include <QFontDatabase>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>
#include <algorithm>
#include <string>

#include "common/DisplayStyle.h"
#include "numeric/BitPattern.h"
#include "numeric/FlagBadge.h"

namespace mlsyslab::widgets {

namespace {

using numeric::BitPattern;

constexpr int kBitsPerNibble = 4;
constexpr double kSumScale = 1.5;
constexpr double kEquationScale = 1.05;
const QChar kMinusSign(0x2212);

QString inNibbles(std::uint64_t bits, int width) {
    const QString digits = QString::fromStdString(BitPattern(width, bits).binary());
    QString grouped;
    for (int position = 0; position < digits.size(); ++position) {
        if (position > 0 && (digits.size() - position) % kBitsPerNibble == 0) grouped += ' ';
        grouped += digits[position];
    }
    return grouped;
}

QString signedText(std::uint64_t bits, int width) {
    return QString::number(BitPattern(width, bits).signedValue()).replace('-', kMinusSign);
}

// Glitches worth naming to a student: the wires the diagram and the timing diagram label
// (c3, s5, overflow, zero), not the gates inside a full adder or a lookahead unit.
bool isNamedWire(const std::string& name) {
    const bool numbered = name.size() > 1 && (name[0] == 'c' || name[0] == 's') &&
                          std::all_of(name.begin() + 1, name.end(),
                                      [](char digit) { return digit >= '0' && digit <= '9'; });
    return numbered || name == "overflow" || name == "zero";
}

}  // namespace

AdderReadoutData readoutDataAt(const logic::AdderCircuit& adder, const logic::SimulationRun& run,
                               int time, std::uint64_t a, std::uint64_t b, bool subtracting) {
    AdderReadoutData data;
    data.width = adder.width;
    data.subtracting = subtracting;
    data.a = a;
    data.b = b;
    data.shown = logic::readAdderOutcome(adder, run.snapshots[time].values);
    data.settled = logic::readAdderOutcome(adder, run.finalValues());
    data.shownTime = time;
    data.settleTime = run.settleTime;
    data.worstCaseTime = adder.netlist.criticalPathDelay();
    data.gateCount = static_cast<int>(adder.netlist.gates().size());
    data.depth = adder.netlist.depth();
    data.gateEvaluations = run.gateEvaluations;
    for (const logic::SignalId signal : run.glitches) {
        const std::string& name = adder.netlist.allSignals()[signal].name;
        if (isNamedWire(name)) data.glitches << QString::fromStdString(name);
    }
    return data;
}

AdderReadouts::AdderReadouts(QWidget* parent)
    : QWidget(parent),
      sumBits_(new QLabel(this)),
      sumValues_(new QLabel(this)),
      settledNote_(new QLabel(this)),
      equation_(new QLabel(this)),
      flagC_(new FlagBadge(QStringLiteral("C"), this)),
      flagV_(new FlagBadge(QStringLiteral("V"), this)),
      flagZ_(new FlagBadge(QStringLiteral("Z"), this)),
      flagN_(new FlagBadge(QStringLiteral("N"), this)),
      flagMeaning_(new QLabel(this)),
      timing_(new QLabel(this)),
      cost_(new QLabel(this)) {
    sumBits_->setObjectName(QStringLiteral("sumBits"));
    sumValues_->setObjectName(QStringLiteral("sumValues"));
    settledNote_->setObjectName(QStringLiteral("settledNote"));
    equation_->setObjectName(QStringLiteral("equation"));
    flagC_->setObjectName(QStringLiteral("flagC"));
    flagV_->setObjectName(QStringLiteral("flagV"));
    flagZ_->setObjectName(QStringLiteral("flagZ"));
    flagN_->setObjectName(QStringLiteral("flagN"));
    timing_->setObjectName(QStringLiteral("timing"));
    cost_->setObjectName(QStringLiteral("cost"));
    for (QLabel* label : {sumBits_, equation_}) {
        label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    }
    for (QLabel* label : {sumValues_, settledNote_, flagMeaning_, timing_, cost_}) {
        label->setWordWrap(true);
    }
    flagC_->setToolTip(tr("C: the carry out of the top bit (for A − B: 1 means no borrow)"));
    flagV_->setToolTip(
        tr("V: signed overflow, the carry into the top bit differs from the "
           "carry out of it"));
    flagZ_->setToolTip(tr("Z: every sum bit is 0"));
    flagN_->setToolTip(tr("N: the top sum bit, the sign of the signed reading"));

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(sumBits_);
    layout->addWidget(sumValues_);
    layout->addWidget(settledNote_);
    layout->addSpacing(fontMetrics().height() / 2);
    auto* flags = new QHBoxLayout;
    for (FlagBadge* flag : {flagC_, flagV_, flagZ_, flagN_}) flags->addWidget(flag);
    flags->addStretch();
    layout->addLayout(flags);
    layout->addWidget(flagMeaning_);
    layout->addSpacing(fontMetrics().height() / 2);
    layout->addWidget(equation_);
    layout->addSpacing(fontMetrics().height() / 2);
    layout->addWidget(timing_);
    layout->addWidget(cost_);
    layout->addStretch();
    applyFonts();
    refresh();
}

void AdderReadouts::setData(const AdderReadoutData& data) {
    data_ = data;
    refresh();
}

void AdderReadouts::applyFonts() {
    QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    mono.setPointSizeF(font().pointSizeF() > 0 ? font().pointSizeF() : 10.0);
    QFont sumFont = scaledFont(mono, kSumScale);
    sumFont.setBold(true);
    sumBits_->setFont(sumFont);
    equation_->setFont(scaledFont(mono, kEquationScale));
}

void AdderReadouts::refresh() {
    const AdderReadoutData& data = data_;
    const int width = data.width;
    sumBits_->setText(tr("S = %1").arg(inNibbles(data.shown.sum, width)));
    sumValues_->setText(
        tr("= %1 unsigned · %2 signed").arg(data.shown.sum).arg(signedText(data.shown.sum, width)));
    settledNote_->setText(
        data.shownTime >= data.settleTime
            ? tr("Settled: the outputs keep these values from t = %1 on.").arg(data.settleTime)
            : tr("Not settled yet at t = %1: the wires keep changing until t = %2.")
                  .arg(data.shownTime)
                  .arg(data.settleTime));

    flagC_->setLit(data.shown.carry, false);
    flagV_->setLit(data.shown.overflow, true);
    flagZ_->setLit(data.shown.zero, false);
    flagN_->setLit(data.shown.negative, false);
    flagMeaning_->setText(data.subtracting
                              ? tr("C carry out (1: no borrow) · V signed overflow · Z zero · "
                                   "N negative")
                              : tr("C carry out · V signed overflow · Z zero · N negative"));

    // The sum as on paper, with the settled result: A − B is A + NOT B + 1.
    const std::uint64_t mask = BitPattern::mask(width);
    const QString pad = QStringLiteral("  ");
    QStringList lines;
    lines << pad + inNibbles(data.a, width) + QStringLiteral("   A");
    if (data.subtracting) {
        lines << QStringLiteral("+ ") + inNibbles(~data.b & mask, width) + tr("   NOT B");
        lines << QStringLiteral("+ ") + inNibbles(1, width).replace('0', ' ') + tr("   + 1 (sub)");
    } else {
        lines << QStringLiteral("+ ") + inNibbles(data.b, width) + QStringLiteral("   B");
    }
    lines << QStringLiteral("= ") + inNibbles(data.settled.sum, width) +
                 (data.subtracting ? tr("   A \u2212 B") : tr("   A + B"));
    equation_->setText(lines.join('\n'));

    timing_->setText(tr("This run settles at t = %1 gate delays; the worst case for this adder "
                        "(its critical path) is t = %2.")
                         .arg(data.settleTime)
                         .arg(data.worstCaseTime));
    QString cost = tr("%1 gates, logic depth %2; %3 gate evaluations in this run.")
                       .arg(data.gateCount)
                       .arg(data.depth)
                       .arg(data.gateEvaluations);
    if (!data.glitches.isEmpty()) {
        cost += tr(" Glitches (wires that changed more than once): %1.")
                    .arg(data.glitches.join(QStringLiteral(", ")));
    }
    cost_->setText(cost);
}

void AdderReadouts::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange) applyFonts();
}

}  // namespace mlsyslab::widgets
