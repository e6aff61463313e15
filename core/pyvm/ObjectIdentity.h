#pragma once

#include <cstdint>
#include <string>

#include "pyvm/Value.h"

namespace mlsyslab::pyvm {

// The stable stand-in for an object's address: id() returns it and reprs print it
// (`<function add at 0x7f3a10000040>`). It is made from Object::serial(), so two runs of the same
// program print the same addresses.
std::uint64_t fakeAddress(const Object& object);
std::string addressText(const Object& object);  // "0x7f3a10000040"

}  // namespace mlsyslab::pyvm
