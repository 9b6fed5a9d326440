#include <gtest/gtest.h>

#include <tuple>

#include "fixtures.hpp"

namespace assay {
namespace {

using test::case_of;
using test::column_of;
using test::coverage_of;
using test::model_of;

TEST(ReportMetrics, PrecisionIsTruePositivesOverAllAlarms) {
  OutcomeCounts c;
  c[Outcome::TP] = 3;
  c[Outcome::FP] = 1;
  c[Outcome::TN] = 5;
  Metrics m = compute_metrics(c, 0, 3);
  ASSERT_TRUE(m.precision);
  EXPECT_DOUBLE_EQ(*m.precision, 0.75);  // not TN/(TP+FP) = 1.25
  EXPECT_DOUBLE_EQ(*m.recall, 1.0);
  EXPECT_DOUBLE_EQ(*m.specificity, 5.0 / 6.0);
  EXPECT_DOUBLE_EQ(*m.localisation, 1.0);
}

TEST(ReportMetrics, UndefinedWhenTheDenominatorIsZero) {
  OutcomeCounts c;
  c[Outcome::TN] = 2;
  Metrics m = compute_metrics(c, 0, 0);
  EXPECT_FALSE(m.recall);
  EXPECT_FALSE(m.precision);
  EXPECT_FALSE(m.f1);
  EXPECT_FALSE(m.localisation);
  EXPECT_DOUBLE_EQ(*m.specificity, 1.0);
  EXPECT_FALSE(compute_metrics(OutcomeCounts{}, 0, 0).accuracy);
}

TEST(ReportModel, ColumnsAreSortedBackendThenMpi) {
  auto m = model_of("fixed");
  ASSERT_EQ(m.columns.size(), 3u);
  EXPECT_EQ(m.columns[0].name(), "native/openmpi");
  EXPECT_EQ(m.columns[1].name(), "pmpi/mpich");
  EXPECT_EQ(m.columns[2].name(), "pmpi/openmpi");
  EXPECT_EQ(m.journals, std::vector<std::string>{"fixed"});
}

TEST(ReportModel, MetricsOfAKnownJournal) {
  auto m = model_of("fixed");
  const Metrics& mt = m.metrics[column_of(m, "pmpi/openmpi")];
  // The superseded FN of put-store-nok is not counted: the later TP is.
  EXPECT_EQ(mt.counts[Outcome::TP], 3);
  EXPECT_EQ(mt.counts[Outcome::FN], 1);
  EXPECT_EQ(mt.counts[Outcome::TO], 1);
  EXPECT_EQ(mt.counts[Outcome::FP], 1);
  EXPECT_EQ(mt.counts[Outcome::TN], 1);
  EXPECT_EQ(mt.counts[Outcome::NS], 1);
  EXPECT_EQ(mt.counts[Outcome::WC], 1);
  EXPECT_EQ(mt.counts.total(), 9);
  EXPECT_EQ(mt.missed, 2);  // FN + TO on an erroneous case
  EXPECT_DOUBLE_EQ(*mt.recall, 3.0 / 5.0);
  EXPECT_DOUBLE_EQ(*mt.precision, 0.75);
  EXPECT_DOUBLE_EQ(*mt.specificity, 0.5);
  EXPECT_DOUBLE_EQ(*mt.f1, 2 * 0.6 * 0.75 / 1.35);
  EXPECT_DOUBLE_EQ(*mt.accuracy, 4.0 / 9.0);
  EXPECT_DOUBLE_EQ(*mt.conclusiveness, 8.0 / 9.0);
  EXPECT_DOUBLE_EQ(*mt.coverage, 8.0 / 9.0);
  EXPECT_DOUBLE_EQ(*mt.localisation, 2.0 / 3.0);

  const Metrics& mpich = m.metrics[column_of(m, "pmpi/mpich")];
  EXPECT_EQ(mpich.missed, 2);  // FN + RE
  EXPECT_DOUBLE_EQ(*mpich.conclusiveness, 1.0 - 2.0 / 9.0);  // RE and CE
}

TEST(ReportModel, RepeatedRunsAreSystematicOrOccasional) {
  auto m = model_of("fixed");
  EXPECT_EQ(m.metrics[column_of(m, "pmpi/openmpi")].occasional, 1);
  EXPECT_EQ(m.metrics[column_of(m, "pmpi/openmpi")].systematic, 0);
  EXPECT_EQ(m.metrics[column_of(m, "pmpi/mpich")].systematic, 1);
  EXPECT_EQ(m.metrics[column_of(m, "pmpi/mpich")].occasional, 0);
}

TEST(ReportModel, CoverageCountsCasesPerClass) {
  auto m = model_of("fixed");
  const auto& race = coverage_of(m, "rma.remote.conflict");
  EXPECT_EQ(race.family, "rma");
  EXPECT_EQ(race.group, "rma.remote");
  const auto& cell = race.cells[column_of(m, "pmpi/openmpi")];
  EXPECT_EQ(cell.cases, 1);  // two runs, one case
  EXPECT_EQ(cell.classified, 1);
  EXPECT_EQ(cell.located, 0);
  const auto& get = coverage_of(m, "rma.local.origin-access-during-get");
  EXPECT_EQ(get.cells[column_of(m, "pmpi/mpich")].classified, 0);
  EXPECT_EQ(get.cells[column_of(m, "native/openmpi")].cases, 0);  // not run
  const auto& wc = coverage_of(m, "mem.send.uninitialized").cells[column_of(m, "pmpi/openmpi")];
  EXPECT_EQ(wc.detected, 1);
  EXPECT_EQ(wc.classified, 0);
}

TEST(ReportModel, NotSupportedIsDistinctFromAMiss) {
  auto m = model_of("fixed");
  const auto& put = coverage_of(m, "rma.local.origin-write-during-put");
  EXPECT_TRUE(put.cells[column_of(m, "native/openmpi")].all_not_supported());
  const auto& get = coverage_of(m, "rma.local.origin-access-during-get");
  EXPECT_FALSE(get.cells[column_of(m, "pmpi/mpich")].all_not_supported());
}

TEST(ReportModel, CoverageFollowsTaxonomyOrderAndSkipsClassesWithoutCases) {
  auto m = model_of("fixed");
  std::vector<std::string> ids;
  for (const auto& row : m.coverage) ids.push_back(row.class_id);
  EXPECT_EQ(ids, (std::vector<std::string>{"rma.local.origin-write-during-put", "rma.local.origin-access-during-get",
                                           "rma.remote.conflict", "nb.request.missing-completion",
                                           "coll.order.mismatch", "mem.send.uninitialized"}));
}

TEST(ReportModel, PerCaseMatrixKeepsRunsAndOutputPaths) {
  auto m = model_of("fixed");
  const auto& race = case_of(m, "rma/lock/remote-race-nok");
  const auto& runs = race.cells[column_of(m, "pmpi/openmpi")];
  ASSERT_EQ(runs.size(), 2u);
  EXPECT_EQ(runs[0].outcome, Outcome::TP);
  EXPECT_EQ(runs[1].outcome, Outcome::FN);
  EXPECT_EQ(runs[1].stderr_path, "runs/pmpi-openmpi-rma_lock_remote-race-nok-2/stderr");
  EXPECT_TRUE(race.cells[column_of(m, "native/openmpi")].empty());
}

TEST(ReportModel, AttentionListsRunsThatAreNotGood) {
  auto m = model_of("fixed");
  std::size_t openmpi = 0;
  for (const auto& a : m.attention) {
    EXPECT_FALSE(is_good(a.outcome));
    if (a.column == "pmpi/openmpi") ++openmpi;
  }
  EXPECT_EQ(openmpi, 4u);  // FN, TO, FP, WC
  auto fp = std::find_if(m.attention.begin(), m.attention.end(),
                         [](const Attention& a) { return a.outcome == Outcome::FP; });
  ASSERT_NE(fp, m.attention.end());
  ASSERT_EQ(fp->messages.size(), 1u);
  EXPECT_EQ(fp->messages[0], "rma.local.origin-write-during-put: store to the origin buffer of a pending MPI_Put");
}

TEST(ReportModel, SeveralJournalsGetLabelledColumns) {
  auto m = build_model({load_journal_input(test::fixture("fixed")), load_journal_input(test::fixture("ns-only"))},
                       test::fixture_taxonomy());
  ASSERT_EQ(m.columns.size(), 4u);
  EXPECT_EQ(m.columns.front().name(), "native/openmpi@fixed");
  EXPECT_EQ(m.columns.back().name(), "native/openmpi@ns-only");
  const auto& coll = coverage_of(m, "coll.order.mismatch");
  EXPECT_TRUE(coll.cells[3].all_not_supported());
  EXPECT_EQ(coll.cells[0].cases, 0);
}

TEST(ReportModel, EmptyJournalGivesAnEmptyModel) {
  auto m = model_of("empty");
  EXPECT_TRUE(m.empty());
  EXPECT_TRUE(m.coverage.empty());
  EXPECT_TRUE(m.cases.empty());
}

TEST(ReportModel, MissingJournalThrows) {
  EXPECT_THROW(load_journal_input(test::fixture("no-such")), std::runtime_error);
}

}  // namespace
}  // namespace assay

namespace assay {
namespace {

ReportModel compare_model() {
  return build_model({load_journal_input(std::string(ASSAY_TEST_DATA_DIR) + "/reports/compare/alpha/results.jsonl"),
                      load_journal_input(std::string(ASSAY_TEST_DATA_DIR) + "/reports/compare/beta/results.jsonl")},
                     test::fixture_taxonomy());
}

const ComparisonRow& comparison_of(const ReportModel& m, const std::string& id) {
  for (const auto& row : m.comparison)
    if (row.id == id) return row;
  throw std::runtime_error("no comparison row " + id);
}

}  // namespace

// Two journals (tools alpha on Open MPI, beta on MPICH) side by side: counts,
// ratios and located rate per family and per class, and each tool's date.
TEST(ReportComparison, PerFamilyAndClassCountsOfTwoJournals) {
  ReportModel m = compare_model();
  std::size_t alpha = test::column_of(m, "alpha/openmpi@alpha"), beta = test::column_of(m, "beta/mpich@beta");
  const ComparisonCell& rma_a = comparison_of(m, "rma").cells[alpha];
  EXPECT_EQ(std::make_tuple(rma_a.tp, rma_a.fn, rma_a.fp, rma_a.tn, rma_a.located), std::make_tuple(1, 1, 1, 1, 1));
  EXPECT_DOUBLE_EQ(*rma_a.f1(), 0.5);
  const ComparisonCell& rma_b = comparison_of(m, "rma").cells[beta];
  EXPECT_EQ(std::make_tuple(rma_b.tp, rma_b.fn, rma_b.fp, rma_b.tn, rma_b.located), std::make_tuple(2, 0, 1, 1, 1));
  EXPECT_DOUBLE_EQ(*rma_b.f1(), 0.8);
  EXPECT_DOUBLE_EQ(*rma_b.located_rate(), 0.5);

  // A false alarm counts against the class it names (or, for a group finding, its classes).
  const ComparisonRow& put = comparison_of(m, "rma.local.origin-write-during-put");
  EXPECT_FALSE(put.is_family);
  EXPECT_EQ(std::make_tuple(put.cells[alpha].tp, put.cells[alpha].fp, put.cells[alpha].tn), std::make_tuple(1, 1, 1));
  EXPECT_EQ(std::make_tuple(put.cells[beta].tp, put.cells[beta].fp, put.cells[beta].tn), std::make_tuple(1, 0, 2));
  const ComparisonRow& remote = comparison_of(m, "rma.remote.conflict");
  EXPECT_EQ(std::make_tuple(remote.cells[alpha].tp, remote.cells[alpha].fn), std::make_tuple(0, 1));
  EXPECT_FALSE(remote.cells[alpha].precision());
  EXPECT_EQ(std::make_tuple(remote.cells[beta].tp, remote.cells[beta].fp), std::make_tuple(1, 1));

  // A timeout is a miss; not supported counts nowhere.
  const ComparisonRow& nb = comparison_of(m, "nb");
  EXPECT_EQ(nb.cells[alpha].fn, 1);
  EXPECT_EQ(nb.cells[beta].tp + nb.cells[beta].fn + nb.cells[beta].fp + nb.cells[beta].tn, 0);

  // Families first, then their classes.
  EXPECT_TRUE(m.comparison.front().is_family);
  EXPECT_EQ(*m.columns[alpha].provenance.dates.begin(), "2026-11-20");
  EXPECT_EQ(*m.columns[beta].provenance.dates.begin(), "2026-11-21");
}

}  // namespace assay
