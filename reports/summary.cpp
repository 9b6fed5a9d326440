#include "reports/summary.hpp"

#include <array>
#include <map>
#include <tuple>

#include <fmt/format.h>

#include "results/classify.hpp"

namespace assay {

void print_outcome_summary(const JournalContents& journal, std::ostream& out) {
  constexpr std::size_t n = std::size(kAllOutcomes);
  using Row = std::tuple<std::string, std::string, std::string>;  // backend, mpi, family
  std::map<Row, std::array<int, n>> rows;
  std::map<std::tuple<std::string, std::string>, std::array<int, n>> totals;
  for (const auto& [key, rec] : journal.latest_results()) {
    auto o = outcome_from_name(rec.value("outcome", ""));
    if (!o) continue;
    auto i = static_cast<std::size_t>(*o);
    ++rows[{key.backend, key.mpi, rec.value("family", "?")}][i];
    ++totals[{key.backend, key.mpi}][i];
  }
  if (rows.empty()) {
    out << "no results in this journal\n";
    return;
  }
  std::string header = fmt::format("{:<10} {:<8} {:<6}", "backend", "mpi", "family");
  for (Outcome o : kAllOutcomes) header += fmt::format(" {:>5}", outcome_name(o));
  out << header << "\n" << std::string(header.size(), '-') << "\n";
  auto line = [&](const std::string& b, const std::string& m, const std::string& f,
                  const std::array<int, n>& counts) {
    std::string s = fmt::format("{:<10} {:<8} {:<6}", b, m, f);
    for (int c : counts) s += c ? fmt::format(" {:>5}", c) : fmt::format(" {:>5}", ".");
    out << s << "\n";
  };
  for (const auto& [tot_key, counts] : totals) {
    const auto& [backend, mpi] = tot_key;
    for (const auto& [row, row_counts] : rows)
      if (std::get<0>(row) == backend && std::get<1>(row) == mpi)
        line(backend, mpi, std::get<2>(row), row_counts);
    line(backend, mpi, "all", counts);
  }
}

}  // namespace assay
