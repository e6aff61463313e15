#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace mlsyslab::pyvm {

// How far a number literal reaches, or why it is not one. Numbers are ASCII, so byte distances
// from the literal's start are also column distances.
struct NumberScan {
    std::size_t lengthBytes = 0;
    std::string error;  // empty when the literal is valid
    // Added to the literal's 0-based start column, this gives CPython's 1-based error offset.
    int errorOffsetFromStart = 1;
};

// Scans the number literal that starts at `start` (a digit, or '.' before a digit): integers in
// decimal, 0x, 0o and 0b forms and floats, with single underscores between digits, worded as
// CPython 3.11's tokenizer words its errors. Imaginary literals are outside the lesson subset.
NumberScan scanNumber(std::string_view text, std::size_t start);

}  // namespace mlsyslab::pyvm
