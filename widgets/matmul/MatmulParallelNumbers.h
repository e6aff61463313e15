#pragma once

#include <QString>
#include <cstdint>

namespace mlsyslab::widgets {

// How the matmul-parallel views write numbers, in one place so views and tests agree.

// A whole number as itself ("4", "-3"), anything else with three decimals ("0.707", "0.670"),
// as the lecture writes softmax numbers. Never "-0".
QString valueText(double value);
// A count with thousands separators: "3,211,264".
QString groupedCountText(std::int64_t count);
// A count in words for the back row: "3.2 million", "86.7 million", "1.8 billion", or the
// number itself below ten thousand.
QString roughCountText(std::int64_t count);

}  // namespace mlsyslab::widgets
