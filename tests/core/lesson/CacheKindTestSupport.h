#pragma once

#include <QString>
#include <QStringList>
#include <string>

#include "LessonTestSupport.h"
#include "memory/lesson/CacheKind.h"

// One comparable line per cache state, shared by the cache kind's suites.
namespace mlsyslab::testing::cache_kind {

inline QString text(const std::string& value) { return QString::fromStdString(value); }

// "L1 1024 4 64 lru back 4": a level in one comparable line (associativity 0 = full).
inline QString describe(const mlsyslab::memory::CacheLevelConfig& level) {
    return QStringLiteral("%1 %2 %3 %4 %5 %6 %7")
        .arg(text(level.name))
        .arg(level.sizeBytes)
        .arg(level.associativity)
        .arg(level.lineBytes)
        .arg(text(std::string(mlsyslab::memory::replacementName(level.replacement))))
        .arg(text(std::string(mlsyslab::memory::writePolicyName(level.write))))
        .arg(level.latencyCycles);
}

// "lecture | L1 1024 4 64 lru back 4 | ... | memory 100 | row-major, 16×16, 4-byte elements |
// 256 accesses | show L1 | editable": the whole state in one comparable line.
inline QString describe(const mlsyslab::lesson::kinds::CacheState& state) {
    QStringList parts{state.customLevels ? QStringLiteral("own levels") : text(state.preset)};
    for (const mlsyslab::memory::CacheLevelConfig& level : state.config.levels) parts << describe(level);
    parts << QStringLiteral("memory %1").arg(state.config.memoryLatencyCycles);
    parts << (state.usesTrace ? QStringLiteral("trace")
                              : text(mlsyslab::lesson::kinds::describeCachePattern(state.pattern)));
    parts << QStringLiteral("%1 accesses").arg(state.accesses.size());
    parts << QStringLiteral("show %1").arg(text(state.showLevel));
    if (state.startStep != 0) parts << QStringLiteral("start %1").arg(state.startStep);
    parts << (state.editable ? QStringLiteral("editable") : QStringLiteral("fixed"));
    return parts.join(QStringLiteral(" | "));
}

inline const QString kLecture = QStringLiteral(
    "lecture | L1 1024 4 64 lru back 4 | L2 4096 8 64 lru back 10 | L3 16384 16 64 lru back 40 | "
    "memory 100");
inline const QString kTiny = QStringLiteral("tiny | L1 128 1 16 lru back 1 | memory 10");
inline const QString kDefaultPattern =
    QStringLiteral("row-major, 16×16, 4-byte elements | 256 accesses | show L1 | editable");

}  // namespace mlsyslab::testing::cache_kind
