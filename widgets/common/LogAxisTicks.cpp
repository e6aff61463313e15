#include "common/LogAxisTicks.h"

namespace mlsyslab::widgets {

namespace {

// Enough significant digits that "g" never turns a power of ten into an exponent (it does once
// the exponent reaches the precision) and that rounding in the ticker never shows ("1", not
// "1.00000000000000002").
constexpr int kPlainPrecision = 15;

void setDecadeTicker(QCPAxis& axis, int subTickCount) {
    axis.setScaleType(QCPAxis::stLogarithmic);
    auto ticker = QSharedPointer<QCPAxisTickerLog>::create();
    ticker->setLogBase(10.0);
    ticker->setSubTickCount(subTickCount);
    axis.setTicker(ticker);
}

}  // namespace

void setPowerOfTenTicks(QCPAxis& axis, int subTickCount) {
    setDecadeTicker(axis, subTickCount);
    // "e" with no decimals writes every tick as 1e+NN; "b" has QCustomPlot draw it as 10 with a
    // raised exponent (on a log axis it drops the "1·").
    axis.setNumberFormat(QStringLiteral("eb"));
    axis.setNumberPrecision(0);
}

void setPlainDecadeTicks(QCPAxis& axis, int subTickCount) {
    setDecadeTicker(axis, subTickCount);
    axis.setNumberFormat(QStringLiteral("g"));
    axis.setNumberPrecision(kPlainPrecision);
}

}  // namespace mlsyslab::widgets
