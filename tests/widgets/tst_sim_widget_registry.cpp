#include <QtTest>
#include <memory>

#include "SimViewTestSupport.h"
#include "common/SimWidgetRegistry.h"
#include "lesson/KindSpec.h"
#include "numeric/BitsWidget.h"
#include "numeric/IntWidget.h"

using mlsyslab::lesson::SimBlock;
using mlsyslab::widgets::SimWidgetRegistry;

class TestSimWidgetRegistry : public QObject {
    Q_OBJECT
private slots:
    void everyCoreKindHasAWidget() {
        // The lesson validator (core) and the player (widgets) must know the same kinds, or a
        // valid lesson would show an empty frame.
        QCOMPARE(mlsyslab::widgets::builtinSimWidgets().names(),
                 mlsyslab::lesson::builtinSimKinds().names());
    }

    void everyViewTakesItsKindsState() {
        // A view registered with another kind's spec would get a state of the wrong type and
        // build nothing; every kind's defaults must build its view.
        const auto kinds = mlsyslab::lesson::builtinSimKinds();
        const auto views = mlsyslab::widgets::builtinSimWidgets();
        for (const std::string& name : kinds.names()) {
            SimBlock block{name, "", 1, 2, kinds.find(name)->read(YAML::Node()).state};
            std::unique_ptr<QWidget> created(views.create(block, nullptr));
            QVERIFY2(created != nullptr, name.c_str());
        }
    }

    void aBlockWithoutStateGetsTheDefaults() {
        // A fence whose YAML does not parse has no state; its view opens with the defaults.
        QWidget parent;
        auto* bits = qobject_cast<mlsyslab::widgets::BitsWidget*>(
            mlsyslab::widgets::builtinSimWidgets().create(SimBlock{"bits", "[", 1, 2, {}}, &parent));
        QVERIFY(bits != nullptr);
        QCOMPARE(bits->pattern(), mlsyslab::numeric::BitPattern(8, 0));
    }

    void addFindCreate() {
        SimWidgetRegistry registry;
        QVERIFY(registry.add("label", [](const SimBlock& block, QWidget* parent) -> QWidget* {
            auto* widget = new QWidget(parent);
            widget->setObjectName(QString::fromStdString(block.stateYaml));
            return widget;
        }));
        QVERIFY(!registry.add("label", [](const SimBlock&, QWidget*) -> QWidget* { return nullptr; }));
        QVERIFY(registry.contains("label"));
        QVERIFY(!registry.contains("lab"));
        QCOMPARE(registry.names(), std::vector<std::string>{"label"});

        QWidget parent;
        QWidget* created = registry.create(SimBlock{"label", "state", 1, 2, {}}, &parent);
        QVERIFY(created != nullptr);
        QCOMPARE(created->objectName(), QString("state"));
        QCOMPARE(created->parent(), &parent);
        QVERIFY(registry.create(SimBlock{"unknown", "", 1, 2, {}}, &parent) == nullptr);
    }

    void builtinBitsFactoryBuildsTheBitsWidget() {
        QWidget parent;
        QWidget* widget =
            mlsyslab::testing::createView("bits", "width: 16\nvalue: 0x1E64\n", &parent);
        auto* bits = qobject_cast<mlsyslab::widgets::BitsWidget*>(widget);
        QVERIFY(bits != nullptr);
        QCOMPARE(bits->pattern(), mlsyslab::numeric::BitPattern(16, 0x1E64));
    }

    void builtinIntFactoryBuildsTheIntWidget() {
        QWidget parent;
        QWidget* widget = mlsyslab::testing::createView("int", "width: 4\na: 7\nb: 1\n", &parent);
        auto* integers = qobject_cast<mlsyslab::widgets::IntWidget*>(widget);
        QVERIFY(integers != nullptr);
        QCOMPARE(integers->result().bits, mlsyslab::numeric::BitPattern(4, 0x8));
    }
};

QTEST_MAIN(TestSimWidgetRegistry)
#include "tst_sim_widget_registry.moc"
