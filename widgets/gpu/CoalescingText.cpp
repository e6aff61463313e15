#include "gpu/CoalescingText.h"

#include <cmath>
#include <cstdlib>

namespace mlsyslab::widgets {

namespace {

using gpu::CoalescingPattern;
using Kind = gpu::CoalescingPatternKind;

// "+ 3·i", "− i", "" (stride 0).
QString strideTerm(std::int64_t stride) {
    if (stride == 0) return {};
    const QString sign = stride < 0 ? QStringLiteral(" \u2212 ") : QStringLiteral(" + ");
    const std::int64_t size = stride < 0 ? -stride : stride;
    return sign + (size == 1 ? QStringLiteral("i") : QStringLiteral("%1\u00B7i").arg(size));
}

}  // namespace

QString CoalescingText::patternTitle(Kind kind) {
    switch (kind) {
        case Kind::Sequential:
            return tr("sequential");
        case Kind::Misaligned:
            return tr("misaligned by one element");
        case Kind::Stride2:
            return tr("stride 2");
        case Kind::Column:
            return tr("column of a row-major tile");
        case Kind::Reversed:
            return tr("reversed");
        case Kind::Broadcast:
            return tr("broadcast (every lane the same element)");
        case Kind::Permutation:
            return tr("random permutation within the lines");
        case Kind::Custom:
            return tr("custom stride and offset");
        case Kind::Addresses:
            return tr("addresses from the lesson");
    }
    return {};
}

QString CoalescingText::elementSize(int bytes) {
    switch (bytes) {
        case 1:
            return tr("1 byte (char)");
        case 2:
            return tr("2 bytes (half)");
        case 4:
            return tr("4 bytes (float)");
        case 8:
            return tr("8 bytes (double)");
        case 16:
            return tr("16 bytes (float4)");
        default:
            return tr("%1 bytes").arg(bytes);
    }
}

QString CoalescingText::laneFormula(const CoalescingPattern& pattern) {
    if (pattern.kind == Kind::Addresses) return tr("lane i reads the address the lesson gives it");
    if (pattern.kind == Kind::Permutation) {
        return tr("lane i reads element p(i), p a shuffle of 0\u201331");
    }
    const auto strided = gpu::strideAndOffsetOf(pattern).value_or(gpu::StrideAndOffset{});
    if (strided.stride == 0) return tr("every lane reads element %1").arg(strided.offset);
    const QString term = strideTerm(strided.stride);
    if (strided.offset == 0 && strided.stride > 0) {
        return tr("lane i reads element %1").arg(term.mid(3));
    }
    return tr("lane i reads element %1%2").arg(strided.offset).arg(term);
}

QString CoalescingText::percent(double value) {
    // One decimal where it matters (12.5%), none where it would be noise (80%, 400%).
    const double rounded = std::round(value * 10) / 10;
    return rounded == std::round(rounded) ? QStringLiteral("%1%").arg(qint64(std::round(rounded)))
                                          : QStringLiteral("%1%").arg(rounded, 0, 'f', 1);
}

QString CoalescingText::explanation(const CoalescingPattern& pattern,
                                    const gpu::CoalescingResult& result) {
    const auto sectors = qint64(result.sectors.size());
    const auto lanes = qint64(result.lanes.size());
    const int bytes = pattern.elementBytes;
    QString why;
    switch (pattern.kind) {
        case Kind::Sequential:
            why = tr("Neighbouring lanes read neighbouring elements: the warp's %1 bytes fill "
                     "whole sectors, and nothing moves that no lane asked for.")
                      .arg(lanes * bytes);
            break;
        case Kind::Misaligned:
            // The extra sector opens a line of its own when the warp's bytes end on a line.
            why = result.sectors.back() % (gpu::kCacheLineBytes / gpu::kSectorBytes) == 0
                      ? tr("The warp starts one element into a sector, so its bytes run over "
                           "into one more sector, in the next line: one sector and one line "
                           "more than aligned.")
                      : tr("The warp starts one element into a sector, so its bytes run over "
                           "into one more sector than aligned.");
            break;
        case Kind::Stride2:
            why =
                tr("Every other element: each sector that moves holds as many unused bytes as "
                   "used ones, so twice as many sectors move as the lanes need.");
            break;
        case Kind::Column:
            why = tr("Lane i reads row i of a row-major tile whose rows are %1 elements (%2 "
                     "bytes) long. Rows of 32 bytes or more put every lane's element in a "
                     "sector of its own.")
                      .arg(pattern.rowLength)
                      .arg(pattern.rowLength * bytes);
            break;
        case Kind::Reversed:
            why =
                tr("The lanes read the same elements as sequentially, in the opposite order. "
                   "Which sectors are touched is what counts, not the order the lanes ask in.");
            break;
        case Kind::Broadcast:
            why = tr("Every lane reads the same element: one sector serves the whole warp. %1 "
                     "bytes reach the lanes for the 32 bytes moved.")
                      .arg(lanes * bytes);
            break;
        case Kind::Permutation:
            why =
                tr("The lanes read the elements in a shuffled order. The same sectors are "
                   "touched as sequentially, so the count does not change.");
            break;
        case Kind::Custom:
            why = (std::abs(pattern.stride) == 1
                       ? tr("Neighbouring lanes are %1 element (%2 bytes) apart.")
                       : tr("Neighbouring lanes are %1 elements (%2 bytes) apart."))
                      .arg(pattern.stride)
                      .arg(pattern.stride * bytes);
            break;
        case Kind::Addresses:
            why = tr("Each lane reads the byte address the lesson gives it.");
            break;
    }
    const QString counts =
        sectors == 1
            ? tr("1 sector of 32 bytes moves for the %1 bytes the lanes asked for.")
                  .arg(result.bytesRequested)
            : tr("%1 sectors of 32 bytes move (%2 bytes) for the %3 bytes the lanes asked for.")
                  .arg(sectors)
                  .arg(result.bytesMoved())
                  .arg(result.bytesRequested);
    QString text = why + QLatin1Char(' ') + counts;
    if (const int misaligned = gpu::misalignedLaneCount(result); misaligned > 0) {
        text += QLatin1Char(' ') +
                (misaligned == 1 ? tr("1 lane reads") : tr("%1 lanes read").arg(misaligned)) +
                tr(" at an address that is not a multiple of %1 bytes: CUDA requires natural "
                   "alignment and would refuse the load; it is counted here as if it were "
                   "allowed.")
                    .arg(bytes);
    }
    return text;
}

QString CoalescingText::problem(const CoalescingPattern& pattern,
                                const std::string& engineMessage) {
    QString text = QString::fromStdString(engineMessage);
    text[0] = text[0].toUpper();
    text += QLatin1Char('.');
    const auto strided = gpu::strideAndOffsetOf(pattern);
    if (strided && strided->stride < 0) {
        text += QLatin1Char(' ') + tr("With stride %1 and %2 lanes the offset must be at least %3.")
                                       .arg(strided->stride)
                                       .arg(pattern.lanes)
                                       .arg(-strided->stride * (pattern.lanes - 1));
    }
    return text;
}

}  // namespace mlsyslab::widgets
