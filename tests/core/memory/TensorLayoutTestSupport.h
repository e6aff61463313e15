#pragma once

// What the tensor layout suites share: shapes from text, and small programs of operations.
#include <QStringList>
#include <cstdint>
#include <vector>

#include "memory/TensorLayout.h"

namespace mlsyslab::testing {

using memory::StorageOrder;
using memory::TensorLayout;

// "3,4" -> {3, 4}; "" -> {} (a 0-dim tensor).
inline std::vector<std::int64_t> numbers(const QString& text) {
    std::vector<std::int64_t> values;
    for (const QString& part : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        values.push_back(part.trimmed().toLongLong());
    }
    return values;
}

inline QString joined(const std::vector<std::int64_t>& values) {
    QStringList parts;
    for (const std::int64_t value : values) parts << QString::number(value);
    return parts.join(QLatin1Char(' '));
}

// Applies a program of operations separated by '|': "T 0 1" transpose, "P 2 0 1" permute,
// "S dim start stop step" slice, "V 4 3" view, "C base" contiguousCopy. The first failure ends
// the program with its message.
inline Result<TensorLayout> run(TensorLayout layout, const QString& program) {
    for (const QString& operation : program.split(QLatin1Char('|'), Qt::SkipEmptyParts)) {
        QStringList words = operation.trimmed().split(QLatin1Char(' '), Qt::SkipEmptyParts);
        const QString name = words.takeFirst();
        std::vector<std::int64_t> arguments;
        for (const QString& word : words) arguments.push_back(word.toLongLong(nullptr, 0));
        Result<TensorLayout> next = layout;
        if (name == "T") {
            next = layout.transpose(arguments.at(0), arguments.at(1));
        } else if (name == "P") {
            next = layout.permute(arguments);
        } else if (name == "S") {
            next = layout.slice(arguments.at(0), arguments.at(1), arguments.at(2), arguments.at(3));
        } else if (name == "V") {
            next = layout.view(arguments);
        } else if (name == "C") {
            next = layout.contiguousCopy(static_cast<std::uint64_t>(arguments.at(0)));
        } else {
            qFatal("unknown operation in a test program");
        }
        if (!next) return next;
        layout = *next;
    }
    return layout;
}

inline TensorLayout fresh(const QString& shape, StorageOrder order = StorageOrder::RowMajor,
                          std::uint32_t elementBytes = 4, std::uint64_t base = 0x1000) {
    return *TensorLayout::contiguous(numbers(shape), elementBytes, order, base);
}

}  // namespace mlsyslab::testing
