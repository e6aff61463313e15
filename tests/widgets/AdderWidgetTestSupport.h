#pragma once

// What the adder widget's test suites share: making it from lesson YAML, finding its parts and
// using it like a student.
#include <yaml-cpp/yaml.h>

#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QtTest>
#include <memory>

#include "common/StepControls.h"
#include "logic/lesson/AdderKind.h"
#include "logic/AdderDiagram.h"
#include "logic/AdderReadouts.h"
#include "logic/AdderTimingPlot.h"
#include "logic/AdderWidget.h"
#include "numeric/FlagBadge.h"
#include "WidgetTestSupport.h"

namespace mlsyslab::testing {

using lesson::kinds::AdderState;
using lesson::kinds::AdderStepMode;
using widgets::AdderDiagram;
using widgets::AdderReadouts;
using widgets::AdderTimingPlot;
using widgets::AdderWidget;
using widgets::FlagBadge;
using widgets::StepControls;

// The widget for a lesson's ```sim adder state, shown, as the lesson player shows it.
inline std::unique_ptr<AdderWidget> adderFrom(const char* yaml) {
    auto widget = std::make_unique<AdderWidget>(
        lesson::kinds::adderKind().read(YAML::Load(yaml)).state);
    widget->resize(1000, 900);
    widget->show();
    return widget;
}

inline StepControls* stepControls(const QWidget& widget) {
    return part<StepControls>(widget, QStringLiteral("stepControls"));
}
inline AdderDiagram* diagram(const QWidget& widget) {
    return part<AdderDiagram>(widget, QStringLiteral("diagram"));
}
inline AdderTimingPlot* timingPlot(const QWidget& widget) {
    return part<AdderTimingPlot>(widget, QStringLiteral("timingPlot"));
}
inline QString labelText(const QWidget& widget, const char* name) {
    return part<QLabel>(widget, QLatin1String(name))->text();
}
inline QString positionLabel(const QWidget& widget) {
    return labelText(*stepControls(widget), "positionLabel");
}

// "CvZn": upper case for a lit flag, lower case for a clear one.
inline QString litFlags(const QWidget& widget) {
    QString shown;
    for (const char letter : {'C', 'V', 'Z', 'N'}) {
        const QChar name(letter);
        const auto* flag = part<FlagBadge>(widget, QStringLiteral("flag") + name);
        shown += flag->isLit() ? name : name.toLower();
    }
    return shown;
}

// Types into a field as a student does and presses Return.
inline void typeInto(QLineEdit* field, const QString& text) {
    field->setFocus();
    field->selectAll();
    QTest::keyClick(field, Qt::Key_Delete);
    // QTest types ASCII only; other characters arrive as an input method would deliver them.
    bool ascii = true;
    for (const QChar character : text) ascii = ascii && character.unicode() < 128;
    if (ascii) {
        QTest::keyClicks(field, text);
    } else {
        field->insert(text);
    }
    QTest::keyClick(field, Qt::Key_Return);
}

inline void click(QWidget& widget, const QString& name) {
    auto* button = part<QAbstractButton>(widget, name);
    QVERIFY(button != nullptr);
    QTest::mouseClick(button, Qt::LeftButton);
}

}  // namespace mlsyslab::testing
