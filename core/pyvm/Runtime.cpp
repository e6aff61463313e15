#include "pyvm/Runtime.h"

#include "common/Concat.h"

namespace mlsyslab::pyvm {

std::string PyError::line() const {
    if (message.empty()) return type;
    return concat(type, ": ", message);
}

Value Runtime::raise(std::string type, std::string message) {
    error_ = PyError{std::move(type), std::move(message)};
    return Value();
}

std::optional<PyError> Runtime::takeError() {
    std::optional<PyError> taken = std::move(error_);
    error_.reset();
    return taken;
}

bool Runtime::checkContainerSize(std::int64_t items) {
    if (items <= limits_.maxContainerItems) return true;
    raise("MemoryError",
          concat("the lesson VM allows at most ", std::to_string(limits_.maxContainerItems),
                 " items in one container"));
    return false;
}

bool Runtime::checkStringSize(std::int64_t bytes) {
    if (bytes <= limits_.maxStringBytes) return true;
    raise("MemoryError", concat("the lesson VM allows at most ",
                                std::to_string(limits_.maxStringBytes), " bytes in one str"));
    return false;
}

}  // namespace mlsyslab::pyvm
