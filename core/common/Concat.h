#pragma once

#include <string>

namespace mlsyslab {

// Builds a message by appending its pieces (strings, string_views, literals). Messages are built
// this way rather than with `"literal" + std::string`, which trips GCC 12's false -Wrestrict
// positive (GCC bug 105329) in optimised builds.
template <typename... Pieces>
std::string concat(const Pieces&... pieces) {
    std::string text;
    (text.append(pieces), ...);
    return text;
}

}  // namespace mlsyslab
