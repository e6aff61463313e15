#pragma once

// What the latency views' test suites share: tiny runs on the AMD EPYC sysfs fixture for the
// caches, and finding a view's parts by object name.
#include <QWidget>
#include <QtGlobal>
#include <cstdint>
#include <filesystem>

namespace probetest {

constexpr std::uint64_t KiB = 1024;

// The fixture's caches: 32 KiB L1, 1 MiB L2 and 32 MiB L3, under its own /sys root.
inline std::filesystem::path amdEpycSystemRoot() {
    return std::filesystem::path(MLSYSLAB_TEST_DATA_DIR) / "memory" / "sysfs" / "amd-epyc";
}

// The child of `widget` named `name`; a missing one stops the test program.
template <typename T>
T* child(QWidget& widget, const char* name) {
    T* found = widget.findChild<T*>(QLatin1String(name));
    if (found == nullptr) qFatal("no child %s", name);
    return found;
}

}  // namespace probetest
