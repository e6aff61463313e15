#pragma once

#include <qcustomplot.h>

namespace mlsyslab::widgets {

// One notation for every tick label of a log axis. QCustomPlot's default "g" format writes
// plain numbers up to 100000 and exponents from 10⁶ on, so an axis that spans both reads
// "100000" beneath "10⁶"; these settings keep the whole axis in one notation, whatever its range.

// "10⁻¹ 10⁰ 10¹ … 10⁶", a tick at every power of ten and `subTickCount` between: for axes that
// span many decades, such as GFLOPS from a laptop's core to a GPU's tensor cores.
void setPowerOfTenTicks(QCPAxis& axis, int subTickCount);

// "0.1 1 10 100 1000", plain decimals with a tick at every power of ten: for axes whose numbers
// students read as they are written in the lesson (flop per byte, nanoseconds, cycles). Plain
// up to 10¹⁵ and down to 10⁻⁴, far past any range these axes show.
void setPlainDecadeTicks(QCPAxis& axis, int subTickCount);

}  // namespace mlsyslab::widgets
