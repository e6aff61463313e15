#pragma once

#include <QString>

namespace mlsyslab::widgets {

// How the matmul views write their numbers, so the plot labels, the tables and the readouts
// agree: three significant digits, no exponent where a student would not expect one.

// "43.1 ms", "0.125 ms", "2.35 s" (from seconds).
QString durationText(double seconds);
// "1234 GFLOPS" is "1234", "12.3", "0.512": the figure alone, three significant digits or the
// whole number when it is larger.
QString gflopsNumberText(double gflops);
// "12.3 TFLOPS" from 1000 GFLOPS up, else "123 GFLOPS".
QString gflopsText(double gflops);
// "3.35 TB/s" from 1000 GB/s up, else "38.2 GB/s".
QString gigabytesPerSecondText(double gigabytesPerSecond);
// "0.5", "1", "8.16", "171" flop/byte, without the unit.
QString flopsPerByteText(double flopsPerByte);
// "87 %", "4.2 %", "0.31 %" (from a fraction).
QString fractionAsPercentText(double fraction);
// "×12.3", "×1.00", "×1234".
QString speedupText(double times);

}  // namespace mlsyslab::widgets
