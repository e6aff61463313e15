#include "logic/GatesText.h"

#include <QCoreApplication>
#include <QStringList>
#include <algorithm>

namespace mlsyslab::widgets {

namespace {

QString tr(const char* text) { return QCoreApplication::translate("GatesWidget", text); }

QString nameOf(const logic::Netlist& netlist, logic::SignalId signal) {
    return QString::fromStdString(netlist.allSignals()[signal].name);
}

const QString kArrow = QStringLiteral(" \u2192 ");

}  // namespace

QString gatesEventsText(const logic::Netlist& netlist, const logic::SimulationRun& run,
                        int position) {
    if (run.events.empty()) {
        return tr("Click an input switch, or a row of the truth table, to change the inputs.");
    }
    const logic::TimeSnapshot& snapshot = run.snapshots.at(position);
    QStringList changes;
    for (const logic::SignalEvent& event : run.events) {
        if (event.time != snapshot.time) continue;
        QString change = nameOf(netlist, event.signal) + kArrow +
                         (event.value ? QStringLiteral("1") : QStringLiteral("0"));
        if (std::binary_search(run.glitches.begin(), run.glitches.end(), event.signal) &&
            event.gate >= 0) {
            change += tr(" (glitch)");
        }
        changes << change;
    }
    QString text =
        tr("t = %1: %2")
            .arg(snapshot.time)
            .arg(changes.isEmpty() ? tr("no change") : changes.join(QStringLiteral(", ")));
    if (position + 1 == int(run.snapshots.size())) text += tr(". Settled.");
    return text;
}

QString gatesSettleText(const logic::Netlist& netlist, const logic::SimulationRun& run) {
    const QString worstCase = tr("no input change takes longer than %1 (the critical path)")
                                  .arg(netlist.criticalPathDelay());
    if (run.events.empty()) return {};
    const QString evaluations = run.gateEvaluations == 1
                                    ? tr("1 gate evaluation")
                                    : tr("%1 gate evaluations").arg(run.gateEvaluations);
    return tr("Settles at t = %1 after %2; %3.").arg(run.settleTime).arg(evaluations, worstCase);
}

QString gatesGlitchText(const logic::Netlist& netlist, const logic::SimulationRun& run) {
    QStringList lines;
    for (const logic::SignalId signal : run.glitches) {
        if (netlist.allSignals()[signal].driver < 0) continue;  // an input changes once
        QStringList values{run.snapshots.front().values[signal] ? QStringLiteral("1")
                                                                : QStringLiteral("0")};
        QStringList times;
        for (const logic::SignalEvent& event : run.events) {
            if (event.signal != signal) continue;
            values << (event.value ? QStringLiteral("1") : QStringLiteral("0"));
            times << tr("t = %1").arg(event.time);
        }
        const QString timeList =
            times.size() > 1
                ? tr("%1 and %2")
                      .arg(QStringList(times.mid(0, times.size() - 1)).join(QStringLiteral(", ")),
                           times.back())
                : times.join(QString());
        lines << tr("Glitch: %1 goes %2 (at %3) before it settles.")
                     .arg(nameOf(netlist, signal), values.join(kArrow), timeList);
    }
    return lines.join(QLatin1Char('\n'));
}

}  // namespace mlsyslab::widgets
