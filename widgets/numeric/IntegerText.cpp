#include "numeric/IntegerText.h"

namespace mlsyslab::widgets {

namespace {

constexpr int kBitsPerNibble = 4;
const QChar kMinusSign(0x2212);

}  // namespace

QString withMinusSign(const std::string& decimal) {
    QString text = QString::fromStdString(decimal);
    text.replace(QLatin1Char('-'), kMinusSign);
    return text;
}

QString readingText(const numeric::BitPattern& pattern, numeric::Signedness signedness) {
    return signedness == numeric::Signedness::Signed
               ? withMinusSign(std::to_string(pattern.signedValue()))
               : QString::number(pattern.unsignedValue());
}

QString nibbleGroupedBits(const numeric::BitPattern& pattern, int digitsPerLine) {
    const QString digits = QString::fromStdString(pattern.binary());
    QString grouped;
    for (int position = 0; position < digits.size(); ++position) {
        const int digitsLeft = int(digits.size()) - position;
        if (position > 0 && digitsLeft % digitsPerLine == 0) {
            grouped += QLatin1Char('\n');
        } else if (position > 0 && digitsLeft % kBitsPerNibble == 0) {
            grouped += QLatin1Char(' ');
        }
        grouped += digits[position];
    }
    return grouped;
}

QString formatDescription(numeric::IntegerFormat format) {
    return withMinusSign(format.describe());
}

QString operatorSymbol(numeric::IntegerOperation operation) {
    switch (operation) {
        case numeric::IntegerOperation::Add:
            return QStringLiteral("+");
        case numeric::IntegerOperation::Multiply:
            return QStringLiteral("\u00D7");
        case numeric::IntegerOperation::Subtract:
        case numeric::IntegerOperation::Negate:
            break;
    }
    return QString(kMinusSign);
}

}  // namespace mlsyslab::widgets
