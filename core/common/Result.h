#pragma once

#include <string>
#include <utility>
#include <variant>

namespace mlsyslab {

// The outcome of an operation a user can get wrong: a value, or a message that says why not.
// Bad input is not exceptional (STYLE.md), so parsers return this instead of throwing.
template <typename T>
class Result {
public:
    Result(T value) : outcome_(std::move(value)) {}  // NOLINT: implicit by design

    static Result failure(std::string message) { return Result(Failure{std::move(message)}); }

    bool ok() const { return std::holds_alternative<T>(outcome_); }
    explicit operator bool() const { return ok(); }

    const T& value() const { return std::get<T>(outcome_); }
    const T& operator*() const { return value(); }
    const T* operator->() const { return &value(); }

    const std::string& error() const { return std::get<Failure>(outcome_).message; }

private:
    struct Failure {
        std::string message;
    };
    explicit Result(Failure failure) : outcome_(std::move(failure)) {}

    std::variant<T, Failure> outcome_;
};

}  // namespace mlsyslab
