#pragma once

// Unicode character classes and case mapping for the str methods. The lesson VM carries no
// Unicode database: ASCII, Latin-1, Latin Extended-A, Greek and Cyrillic are mapped as Python
// maps them (students write `é`, `λ`, `ж`); other scripts count as letters without case.
namespace mlsyslab::pyvm {

bool isSpaceCharacter(char32_t c);    // str.isspace / split() with no separator
bool isDecimalCharacter(char32_t c);  // str.isdecimal / isdigit / isnumeric (ASCII and fullwidth)
bool isAlphaCharacter(char32_t c);    // str.isalpha
bool isUpperCharacter(char32_t c);
bool isLowerCharacter(char32_t c);
bool isLineBreak(char32_t c);  // str.splitlines boundaries
char32_t toUpperCharacter(char32_t c);
char32_t toLowerCharacter(char32_t c);
inline bool isCasedCharacter(char32_t c) { return isUpperCharacter(c) || isLowerCharacter(c); }

}  // namespace mlsyslab::pyvm
