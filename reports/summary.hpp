// The first terminal summary of a journal: per backend × MPI × family, the
// count of each outcome (the full report formats live beside it).
#pragma once
#include <ostream>

#include "results/journal.hpp"

namespace assay {

void print_outcome_summary(const JournalContents& journal, std::ostream& out);

}  // namespace assay
