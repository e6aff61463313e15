#include "matmul/BenchSizeList.h"

#include <QCoreApplication>
#include <QRegularExpression>
#include <QStringList>
#include <algorithm>

namespace mlsyslab::widgets {

namespace {

QString tr(const char* text) { return QCoreApplication::translate("BenchSizeList", text); }

}  // namespace

SizeListReading readSizeList(const QString& text, std::int64_t largest) {
    SizeListReading reading;
    const QStringList words =
        text.split(QRegularExpression(QStringLiteral("[,;\\s]+")), Qt::SkipEmptyParts);
    if (words.isEmpty()) {
        reading.error = tr("Type at least one matrix size, like 64, 256, 1024");
        return reading;
    }
    for (const QString& word : words) {
        bool isNumber = false;
        const qlonglong size = word.toLongLong(&isNumber);
        if (!isNumber || size < 1 || size > largest) {
            reading.sizes.clear();
            reading.error = tr("“%1” is not a size: sizes are whole numbers from 1 to %2, "
                               "separated by commas")
                                .arg(word)
                                .arg(largest);
            return reading;
        }
        if (std::find(reading.sizes.begin(), reading.sizes.end(), size) == reading.sizes.end())
            reading.sizes.push_back(size);
    }
    return reading;
}

QString sizeListText(const std::vector<std::int64_t>& sizes) {
    QStringList words;
    for (const std::int64_t size : sizes) words << QString::number(size);
    return words.join(QStringLiteral(", "));
}

}  // namespace mlsyslab::widgets
