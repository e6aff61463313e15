#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "lesson/KindFields.h"
#include "lesson/StateFields.h"

namespace mlsyslab::lesson::kinds {

// The `backends:` field the matmul simulators share: a list of the engine's backend names
// (matmul::matmulBackendNames(): naive, ikj, blocked, simd, threads, openblas, cuda-naive,
// cuda-tiled, cuda-regtile, cublas), in the order given. Whether a backend can run on the
// machine showing the lesson is not the lesson's business: the view says why one cannot.

// The names, or nothing when the field is not a non-empty list or a name is unknown (an error
// "backends must be naive, ikj, ... or cublas; did you mean 'simd'?" at the name). A name
// listed twice is a warning and is kept once.
std::optional<std::vector<std::string>> readBackendsField(const StateField& field,
                                                          std::vector<StateProblem>& problems);

// "backends: [naive, simd]" read with readBackendsField into State's member.
template <typename State>
KindField<State> backendsField(std::vector<std::string> State::*member, std::string defaultText,
                               std::string doc) {
    return customField<State>(
        "backends", std::move(defaultText), std::move(doc),
        [member](const StateField& field, State& state, std::vector<StateProblem>& problems) {
            if (auto backends = readBackendsField(field, problems)) {
                state.*member = std::move(*backends);
            }
        });
}

}  // namespace mlsyslab::lesson::kinds
