#pragma once

#include <QString>
#include <cstddef>

#include "numeric/Quantization.h"

namespace mlsyslab::widgets {

// How the `quantize` simulator writes its numbers for the class: three significant digits, a
// real minus sign (U+2212), and powers of ten as "6.02 × 10⁻⁵" rather than "6.02e-05", which
// reads from the back of a lecture hall.

// "0.0268", "42.1", "−0.5", "6.02 × 10⁻⁵" (below 0.001 or from 10 000 on), "0".
QString quantizeNumberText(double value, int significantDigits = 3);
// "0.0219 … 0.0301"; one number when both ends are the same.
QString quantizeRangeText(double low, double high);
// "42.1 dB", or "∞ (exact)" when nothing was lost.
QString sqnrText(double decibels);
// Binary units, as a 4096-weight tensor's sizes come out: "512 B", "16 KiB", "3.8 MiB".
QString storageBytesText(std::size_t bytes);
// Decimal units, as the lecture's model tables: "32 GB", "140 GB", "1.3 TB".
QString modelBytesText(double bytes);
// "4×", "7.8×"; "75 %", "87.5 %".
QString ratioText(double ratio);
QString percentText(double percent);
// "INT8", "UINT4": the slides' spelling.
QString quantizedTypeDisplayName(numeric::QuantizedType type);

}  // namespace mlsyslab::widgets
