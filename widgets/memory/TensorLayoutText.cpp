#include "memory/TensorLayoutText.h"

#include <QCoreApplication>
#include <QStringList>

namespace mlsyslab::widgets {

namespace {

QString translated(const char* text, int count = -1) {
    return QCoreApplication::translate("mlsyslab::widgets::TensorLayoutWidget", text, nullptr,
                                       count);
}

QString joinedNumbers(const std::vector<std::int64_t>& values) {
    QStringList parts;
    for (const std::int64_t value : values) parts << QString::number(value);
    return parts.join(QStringLiteral(", "));
}

// "+4", "−7" with a real minus sign, which reads better from the back of the room.
QString signedText(std::int64_t value) {
    return value < 0 ? QStringLiteral("\u2212%1").arg(-value) : QStringLiteral("+%1").arg(value);
}

}  // namespace

QString tupleText(const std::vector<std::int64_t>& values) {
    if (values.size() == 1) return QStringLiteral("(%1,)").arg(values[0]);
    return QStringLiteral("(%1)").arg(joinedNumbers(values));
}

QString hexAddress(std::uint64_t address) {
    return QStringLiteral("0x") + QString::number(address, 16).toUpper().rightJustified(4, '0');
}

QString indexText(const std::vector<std::int64_t>& index) {
    return QStringLiteral("[%1]").arg(joinedNumbers(index));
}

QString elementText(const std::vector<std::int64_t>& index) {
    return QStringLiteral("t") + indexText(index);
}

QString addressFormulaText(const memory::TensorLayout& layout,
                           const std::vector<std::int64_t>& index) {
    QStringList terms{QString::number(layout.offset())};
    for (std::size_t dim = 0; dim < index.size() && dim < layout.rank(); ++dim) {
        terms << QStringLiteral("%1\u00B7%2").arg(index[dim]).arg(layout.strides()[dim]);
    }
    const std::int64_t element = layout.storageIndex(index);
    return translated("%1 \u2192 offset %2 = %3 \u2192 address %4 + %3\u00B7%5 = %6")
        .arg(elementText(index), terms.join(QStringLiteral(" + ")))
        .arg(element)
        .arg(hexAddress(layout.storageBase()))
        .arg(layout.elementBytes())
        .arg(hexAddress(layout.address(index)));
}

QString contiguityText(const memory::TensorLayout& layout) {
    const auto broken = memory::firstContiguityBreak(layout);
    if (!broken) return translated("True");
    return translated("False: dim %1 has stride %2 where row-major order needs %3")
        .arg(broken->dim)
        .arg(broken->stride)
        .arg(broken->expectedStride);
}

QString expressionText(const memory::TensorWorkspace& workspace, std::string_view dtypeName) {
    // A zero-width space before the view lets a narrow label wrap there rather than inside
    // the arange call.
    QString creation = QString::fromStdString(workspace.creationText(dtypeName));
    creation.replace(QStringLiteral(").view("), QStringLiteral(")\u200B.view("));
    QStringList lines{QStringLiteral("t = ") + creation};
    for (const std::string& operation : workspace.operationTexts()) {
        lines << QStringLiteral("t = t") + QString::fromStdString(operation);
    }
    return lines.join(QLatin1Char('\n'));
}

QString moveText(const memory::TensorLayout& layout, std::int64_t position) {
    const std::vector<std::int64_t> order = layout.storageIndicesInLogicalOrder();
    if (order.empty()) return translated("The tensor is empty: there is nothing to read.");
    if (position <= 0) {
        return translated("Start: the loop reads storage element %1 first.").arg(order.front());
    }
    const auto at = static_cast<std::size_t>(position);
    const std::int64_t from = order[at - 1];
    const std::int64_t to = order[at];
    const std::int64_t distance = to - from;
    const QString elements = distance == 1 || distance == -1
                                 ? translated("%1 element").arg(signedText(distance))
                                 : translated("%1 elements").arg(signedText(distance));
    const QString bytes = signedText(distance * std::int64_t{layout.elementBytes()});
    if (distance == 1) {
        return translated(
                   "Move %1: storage element %2 \u2192 %3, %4 (%5 bytes): the next one in "
                   "memory.")
            .arg(position)
            .arg(from)
            .arg(to)
            .arg(elements, bytes);
    }
    return translated("Move %1: storage element %2 \u2192 %3, %4 (%5 bytes): a jump.")
        .arg(position)
        .arg(from)
        .arg(to)
        .arg(elements, bytes);
}

QString traversalText(const memory::TensorLayout& layout, std::int64_t position) {
    const std::int64_t count = layout.elementCount();
    if (count == 0) return {};
    const memory::TraversalCounts soFar = memory::traversalCounts(layout, position);
    const memory::TraversalCounts whole = memory::traversalCounts(layout, count - 1);
    return translated(
               "So far: %1 of %2 moves were jumps; 64-byte cache lines entered: %3. "
               "The whole loop: %4 of %5 moves jump; lines entered: %6.")
        .arg(soFar.jumps)
        .arg(soFar.steps)
        .arg(soFar.linesEntered)
        .arg(whole.jumps)
        .arg(whole.steps)
        .arg(whole.linesEntered);
}

}  // namespace mlsyslab::widgets
