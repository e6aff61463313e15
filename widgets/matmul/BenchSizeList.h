#pragma once

#include <QString>
#include <cstdint>
#include <vector>

namespace mlsyslab::widgets {

// The sizes box of the benchmark: "64, 128, 256" (commas, spaces or both between them).
struct SizeListReading {
    std::vector<std::int64_t> sizes;  // in the order typed, each once
    QString error;                    // empty when the text is good
};

// Each size a whole number from 1 to `largest`; at least one.
SizeListReading readSizeList(const QString& text, std::int64_t largest);

// "64, 128, 256": what readSizeList reads back.
QString sizeListText(const std::vector<std::int64_t>& sizes);

}  // namespace mlsyslab::widgets
