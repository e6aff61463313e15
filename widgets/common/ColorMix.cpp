#include "common/ColorMix.h"

namespace mlsyslab::widgets {

QColor mixedColor(const QColor& base, const QColor& tint, double share) {
    const auto channel = [share](double from, double to) {
        return static_cast<float>(from * (1 - share) + to * share);
    };
    return QColor::fromRgbF(channel(base.redF(), tint.redF()),
                            channel(base.greenF(), tint.greenF()),
                            channel(base.blueF(), tint.blueF()));
}

}  // namespace mlsyslab::widgets
