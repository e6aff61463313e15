#include "memory/CacheText.h"

#include <QStringList>

namespace mlsyslab::widgets {

namespace {

using memory::LevelEvent;
using memory::ReferenceOutcome;

QString levelName(const memory::CacheConfig& config, std::size_t level) {
    return level < config.levels.size() ? QString::fromStdString(config.levels[level].name)
                                        : CacheText::tr("memory");
}

// "L1 miss (conflict, evicts dirty 0x80)", "L2 hit", "L1 hit, written through".
QString eventText(const LevelEvent& event, const memory::CacheConfig& config) {
    QString text = levelName(config, event.level) + QLatin1Char(' ') +
                   (event.hit ? CacheText::tr("hit") : CacheText::tr("miss"));
    QStringList details;
    if (!event.hit && event.missKind) details << CacheText::missKind(*event.missKind);
    if (event.evictedLineAddress) {
        details
            << (event.evictedDirty
                    ? CacheText::tr("evicts dirty %1")
                          .arg(CacheText::hex(*event.evictedLineAddress))
                    : CacheText::tr("evicts %1").arg(CacheText::hex(*event.evictedLineAddress)));
    }
    if (!details.isEmpty()) text += QStringLiteral(" (%1)").arg(details.join(QStringLiteral(", ")));
    if (event.forwarded) text += CacheText::tr(", written through");
    return text;
}

// One line reference: every request the access itself made (writebacks are the victims'
// business, named by the eviction), then memory when no level had the line.
QString referenceText(const ReferenceOutcome& outcome, const memory::CacheConfig& config) {
    QStringList parts;
    for (const LevelEvent& event : outcome.events) {
        if (!event.isWriteback) parts << eventText(event, config);
    }
    if (!outcome.servedByLevel) parts << CacheText::tr("memory");
    return parts.join(QStringLiteral(", "));
}

}  // namespace

QString CacheText::hex(std::uint64_t value) {
    return QStringLiteral("0x") + QString::number(qulonglong(value), 16);
}

QString CacheText::access(const memory::MemoryAccess& access) {
    return tr("%1 %2, %3 B")
        .arg(access.kind == memory::AccessKind::Store ? QStringLiteral("S") : QStringLiteral("L"))
        .arg(hex(access.address))
        .arg(access.sizeBytes);
}

QString CacheText::missKind(memory::MissKind kind) {
    switch (kind) {
        case memory::MissKind::Compulsory:
            return tr("compulsory");
        case memory::MissKind::Capacity:
            return tr("capacity");
        case memory::MissKind::Conflict:
            return tr("conflict");
    }
    return {};
}

QString CacheText::outcome(const std::vector<ReferenceOutcome>& outcomes,
                           const memory::CacheConfig& config) {
    std::uint64_t cycles = 0;
    QStringList references;
    for (const ReferenceOutcome& reference : outcomes) {
        cycles += reference.cycles;
        const QString text = referenceText(reference, config);
        references << (outcomes.size() > 1
                           ? QStringLiteral("%1: %2").arg(hex(reference.lineAddress), text)
                           : text);
    }
    const QString joined = references.join(QStringLiteral("; "));
    return cycles == 1 ? tr("%1: 1 cycle").arg(joined)
                       : tr("%1: %2 cycles").arg(joined).arg(qulonglong(cycles));
}

QString CacheText::listRow(std::size_t index, const memory::MemoryAccess& access,
                           const std::vector<ReferenceOutcome>* outcomes,
                           const memory::CacheConfig& config, int numberWidth) {
    const QString number = QStringLiteral("#%1").arg(index + 1).rightJustified(numberWidth + 1);
    const QString head = QStringLiteral("%1  %2").arg(number, CacheText::access(access));
    if (outcomes == nullptr || outcomes->empty()) return head;
    return QStringLiteral("%1  →  %2").arg(head, outcome(*outcomes, config));
}

QString CacheText::addressFields(std::uint64_t address, const memory::CacheLevelConfig& level) {
    const std::uint64_t lineNumber = address / level.lineBytes;
    const std::uint64_t sets = std::max<std::uint64_t>(1, level.setCount());
    return tr("%1 = tag %2 · set %3 · offset %4")
        .arg(hex(address))
        .arg(hex(lineNumber / sets))
        .arg(lineNumber % sets)
        .arg(address % level.lineBytes);
}

QString CacheText::levelStory(const std::vector<ReferenceOutcome>& outcomes, std::size_t level,
                              const memory::CacheConfig& config) {
    const QString below = levelName(config, level + 1);
    QStringList sentences;
    for (const ReferenceOutcome& outcome : outcomes) {
        for (const LevelEvent& event : outcome.events) {
            if (event.level != level) continue;
            const QString result = event.hit ? tr("hit") : tr("miss");
            QString sentence =
                event.isWriteback
                    ? tr("a writeback of %1 from above: %2").arg(hex(event.lineAddress), result)
                    : result;
            if (!event.hit && event.missKind && !event.isWriteback) {
                sentence += QStringLiteral(" (%1)").arg(missKind(*event.missKind));
            }
            if (event.hit) sentence += tr(" in way %1").arg(event.way);
            if (event.filled) sentence += tr(", filled way %1").arg(event.way);
            if (event.evictedLineAddress) {
                sentence += event.evictedDirty
                                ? tr(", evicting %1 (dirty: written back to %2)")
                                      .arg(hex(*event.evictedLineAddress), below)
                                : tr(", evicting %1").arg(hex(*event.evictedLineAddress));
            }
            if (event.forwarded) sentence += tr(", written through to %1").arg(below);
            sentences << sentence;
        }
    }
    if (sentences.isEmpty() && !outcomes.empty()) {
        return tr("not asked: a level above had the line");
    }
    return sentences.join(QStringLiteral("; then "));
}

QString CacheText::configSummary(const memory::CacheConfig& config) {
    QStringList levels;
    QStringList latencies;
    bool sameLines = true;
    for (const memory::CacheLevelConfig& level : config.levels) {
        sameLines = sameLines && level.lineBytes == config.levels.front().lineBytes;
    }
    for (const memory::CacheLevelConfig& level : config.levels) {
        QString text = tr("%1 %2 %3")
                           .arg(QString::fromStdString(level.name), bytes(level.sizeBytes),
                                associativity(level));
        if (!sameLines) text += tr(" (%1 B lines)").arg(level.lineBytes);
        levels << text;
        latencies << QString::number(level.latencyCycles);
    }
    latencies << QString::number(config.memoryLatencyCycles);
    QStringList parts = {levels.join(QStringLiteral(" · "))};
    if (sameLines && !config.levels.empty()) {
        parts << tr("%1 B lines").arg(config.levels.front().lineBytes);
    }
    parts << tr("%1 cycles").arg(latencies.join(QStringLiteral(" / ")));
    return parts.join(QStringLiteral(" · "));
}

QString CacheText::levelSummary(const memory::CacheConfig& config, std::size_t level) {
    const memory::CacheLevelConfig& shown = config.levels.at(level);
    const QString ways = shown.associativity == 0
                             ? tr("1 set × %1 ways (fully associative)").arg(shown.ways())
                         : shown.associativity == 1
                             ? tr("%1 sets × 1 way (direct mapped)").arg(shown.setCount())
                             : tr("%1 sets × %2 ways").arg(shown.setCount()).arg(shown.ways());
    const QString latency =
        shown.latencyCycles == 1 ? tr("1 cycle") : tr("%1 cycles").arg(shown.latencyCycles);
    return tr("%1: %2, %3, %4 B lines, %5 · memory: %6 cycles")
        .arg(QString::fromStdString(shown.name), bytes(shown.sizeBytes), ways)
        .arg(shown.lineBytes)
        .arg(latency)
        .arg(config.memoryLatencyCycles);
}

QString CacheText::bytes(std::uint64_t count) {
    constexpr std::uint64_t kKiB = 1024;
    if (count >= kKiB * kKiB && count % (kKiB * kKiB) == 0) {
        return tr("%1 MiB").arg(count / (kKiB * kKiB));
    }
    if (count >= kKiB && count % kKiB == 0) return tr("%1 KiB").arg(count / kKiB);
    return tr("%1 B").arg(count);
}

QString CacheText::associativity(const memory::CacheLevelConfig& level) {
    if (level.associativity == 0) return tr("fully associative");
    if (level.associativity == 1) return tr("direct mapped");
    return tr("%1-way").arg(level.associativity);
}

QString CacheText::percent(double fraction) { return tr("%1 %").arg(fraction * 100.0, 0, 'f', 1); }

}  // namespace mlsyslab::widgets
