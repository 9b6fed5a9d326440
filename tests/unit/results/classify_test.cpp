#include "results/classify.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace assay {
namespace {

using Strings = std::vector<std::string>;

constexpr const char* kPut = "rma.local.origin-write-during-put";
constexpr const char* kConflict = "rma.remote.conflict";

// An erroneous case at /abs/cases/rma/fence/put-store-nok.c whose EXPECT-AT
// markers resolved to lines 17 and 18.
Case put_store_case() {
  Case c;
  c.id = "rma/fence/put-store-nok";
  c.path = "/abs/cases/rma/fence/put-store-nok.c";
  c.errors.push_back({kPut, {"put", "store"}, {17, 18}});
  return c;
}

Case correct_case() {
  Case c;
  c.id = "rma/fence/put-store-ok";
  c.path = "/abs/cases/rma/fence/put-store-ok.c";
  return c;
}

Finding finding(const std::string& cls, std::vector<std::pair<std::string, int>> where = {},
                const std::string& severity = "error") {
  Finding f;
  f.backend = "pmpi";
  f.error_class = cls;
  f.severity = severity;
  for (const auto& [file, line] : where) {
    Access a;
    a.op = "MPI_Put";
    a.kind = "call";
    a.file = file;
    a.line = line;
    f.accesses.push_back(a);
  }
  return f;
}

RunFacts clean_exit() { return {}; }
RunFacts timed_out() {
  RunFacts facts;
  facts.timed_out = true;
  facts.signal = 9;  // the launcher was killed at the timeout
  return facts;
}
RunFacts killed_by(int signal) {
  RunFacts facts;
  facts.signal = signal;
  return facts;
}
RunFacts exited(int code) {
  RunFacts facts;
  facts.exit_code = code;
  return facts;
}

TEST(Classify, NotCompiledIsCeWhateverElse) {
  RunFacts facts = timed_out();
  facts.compiled = false;
  facts.tool_failed = true;
  const Verdict v = classify(put_store_case(), facts, {finding(kPut)});
  EXPECT_EQ(v.outcome, Outcome::CE);
  EXPECT_FALSE(v.detected);
  EXPECT_EQ(v.reason, "did not compile");
}

TEST(Classify, ToolFailureIsTfEvenWithFindings) {
  RunFacts facts;
  facts.tool_failed = true;
  const Verdict v = classify(put_store_case(), facts, {finding(kPut)});
  EXPECT_EQ(v.outcome, Outcome::TF);
  EXPECT_FALSE(v.detected);
  EXPECT_FALSE(v.classified);
}

TEST(Classify, ExpectedClassIsTpAndLocatedWhenEveryMarkedLineIsNamed) {
  const Verdict v = classify(
      put_store_case(), clean_exit(),
      {finding(kPut, {{"/elsewhere/put-store-nok.c", 18}, {"put-store-nok.c", 17}, {"x.c", 3}})});
  EXPECT_EQ(v.outcome, Outcome::TP);
  EXPECT_TRUE(v.detected);
  EXPECT_TRUE(v.classified);
  EXPECT_TRUE(v.located);
  EXPECT_EQ(v.matched_classes, Strings{kPut});
  EXPECT_EQ(v.reason, "found rma.local.origin-write-during-put at the marked lines");
}

TEST(Classify, NotLocatedWhenALineIsMissingOrInAnotherFile) {
  const Case c = put_store_case();
  const Verdict one_line = classify(c, clean_exit(), {finding(kPut, {{c.path, 17}})});
  EXPECT_EQ(one_line.outcome, Outcome::TP);
  EXPECT_TRUE(one_line.classified);
  EXPECT_FALSE(one_line.located);
  EXPECT_EQ(one_line.reason, "found rma.local.origin-write-during-put (marked lines not named)");

  const Verdict other_file =
      classify(c, clean_exit(), {finding(kPut, {{c.path, 17}, {"/abs/other.c", 18}})});
  EXPECT_FALSE(other_file.located);

  // Lines split over two findings do not count: one finding must name them all.
  const Verdict split =
      classify(c, clean_exit(), {finding(kPut, {{c.path, 17}}), finding(kPut, {{c.path, 18}})});
  EXPECT_FALSE(split.located);
}

TEST(Classify, AnExpectationWithoutMarkersIsNeverLocated) {
  Case c = put_store_case();
  c.errors[0].at.clear();
  c.errors[0].at_lines.clear();
  const Verdict v = classify(c, clean_exit(), {finding(kPut, {{c.path, 17}})});
  EXPECT_EQ(v.outcome, Outcome::TP);
  EXPECT_FALSE(v.located);
}

TEST(Classify, AGroupFindingClassifiesAnyClassOfItsGroup) {
  const Case c = put_store_case();
  const Verdict v = classify(c, clean_exit(), {finding("rma.local", {{c.path, 17}, {c.path, 18}})});
  EXPECT_EQ(v.outcome, Outcome::TP);
  EXPECT_TRUE(v.located);
  EXPECT_EQ(v.matched_classes, Strings{kPut});

  const Verdict family_only = classify(c, clean_exit(), {finding("rma")});
  EXPECT_EQ(family_only.outcome, Outcome::WC);
  const Verdict other_group = classify(c, clean_exit(), {finding("rma.remote")});
  EXPECT_EQ(other_group.outcome, Outcome::WC);
}

TEST(Classify, TpAlsoWhenTheRunThenHungOrCrashed) {
  const Verdict hung = classify(put_store_case(), timed_out(), {finding(kPut)});
  EXPECT_EQ(hung.outcome, Outcome::TP);
  EXPECT_EQ(hung.reason,
            "found rma.local.origin-write-during-put (marked lines not named), then the run "
            "timed out");
  const Verdict crashed = classify(put_store_case(), killed_by(11), {finding(kPut)});
  EXPECT_EQ(crashed.outcome, Outcome::TP);
  EXPECT_NE(crashed.reason.find("killed by signal 11"), std::string::npos);
}

TEST(Classify, OtherClassesAreWc) {
  const Verdict v =
      classify(put_store_case(), exited(1),
               {finding(kConflict), finding("mem.recv.unused", {}, "warning"), finding(kConflict)});
  EXPECT_EQ(v.outcome, Outcome::WC);
  EXPECT_TRUE(v.detected);
  EXPECT_FALSE(v.classified);
  EXPECT_FALSE(v.located);
  EXPECT_TRUE(v.matched_classes.empty());
  EXPECT_EQ(v.reason,
            "findings rma.remote.conflict, mem.recv.unused, expected "
            "rma.local.origin-write-during-put");
  EXPECT_EQ(classify(put_store_case(), clean_exit(), {finding(kConflict)}).reason,
            "finding rma.remote.conflict, expected rma.local.origin-write-during-put");
}

TEST(Classify, NoFindingAtTheTimeoutIsTo) {
  const Verdict v = classify(put_store_case(), timed_out(), {});
  EXPECT_EQ(v.outcome, Outcome::TO);
  EXPECT_FALSE(v.detected);
  EXPECT_EQ(v.reason, "timed out with no finding");
  EXPECT_EQ(classify(correct_case(), timed_out(), {}).outcome, Outcome::TO);
  RunFacts unsupported = timed_out();
  unsupported.backend_supports_case = false;
  EXPECT_EQ(classify(put_store_case(), unsupported, {}).outcome, Outcome::TO);
}

TEST(Classify, NoFindingAndACrashOrFailureIsRe) {
  const Verdict signalled = classify(put_store_case(), killed_by(11), {});
  EXPECT_EQ(signalled.outcome, Outcome::RE);
  EXPECT_EQ(signalled.reason, "killed by signal 11 with no finding");
  const Verdict failed = classify(correct_case(), exited(3), {});
  EXPECT_EQ(failed.outcome, Outcome::RE);
  EXPECT_EQ(failed.reason, "exited with code 3 with no finding");
}

TEST(Classify, UnsupportedClassRunToCompletionIsNs) {
  RunFacts facts;
  facts.backend_supports_case = false;
  const Verdict v = classify(put_store_case(), facts, {});
  EXPECT_EQ(v.outcome, Outcome::NS);
  EXPECT_EQ(v.reason, "the backend does not support rma.local.origin-write-during-put; no finding");
  // A finding still counts when the backend did not declare the class.
  EXPECT_EQ(classify(put_store_case(), facts, {finding(kPut)}).outcome, Outcome::TP);
}

TEST(Classify, SupportedClassWithoutFindingIsFn) {
  const Verdict v = classify(put_store_case(), clean_exit(), {});
  EXPECT_EQ(v.outcome, Outcome::FN);
  EXPECT_FALSE(v.detected);
  EXPECT_EQ(v.reason, "no finding, expected rma.local.origin-write-during-put");
}

TEST(Classify, AnyFindingOnACorrectCaseIsFpWhateverElseHappened) {
  const Verdict warning =
      classify(correct_case(), clean_exit(), {finding("mem.recv.unused", {}, "warning")});
  EXPECT_EQ(warning.outcome, Outcome::FP);
  EXPECT_FALSE(warning.detected);
  EXPECT_EQ(warning.reason, "finding mem.recv.unused on a correct case");
  EXPECT_EQ(classify(correct_case(), timed_out(), {finding(kPut)}).outcome, Outcome::FP);
  EXPECT_EQ(classify(correct_case(), killed_by(6), {finding(kPut)}).outcome, Outcome::FP);
}

TEST(Classify, CleanCorrectRunIsTn) {
  const Verdict v = classify(correct_case(), clean_exit(), {});
  EXPECT_EQ(v.outcome, Outcome::TN);
  EXPECT_FALSE(v.detected);
  EXPECT_FALSE(v.classified);
  EXPECT_FALSE(v.located);
  EXPECT_EQ(v.reason, "no finding, exit status 0");
}

TEST(Classify, SeveralExpectationsMatchAndLocateSeparately) {
  Case c = put_store_case();
  c.errors.push_back({kConflict, {"get"}, {30}});
  const Verdict second_only =
      classify(c, clean_exit(), {finding(kConflict, {{"put-store-nok.c", 30}})});
  EXPECT_EQ(second_only.outcome, Outcome::TP);
  EXPECT_EQ(second_only.matched_classes, Strings{kConflict});
  EXPECT_TRUE(second_only.located);

  // A finding of one class does not locate the other class's lines.
  const Verdict crossed =
      classify(c, clean_exit(), {finding(kConflict, {{c.path, 17}, {c.path, 18}}), finding(kPut)});
  EXPECT_EQ(crossed.matched_classes, (Strings{kPut, kConflict}));
  EXPECT_FALSE(crossed.located);
  EXPECT_EQ(
      crossed.reason,
      "found rma.local.origin-write-during-put, rma.remote.conflict (marked lines not named)");
}

TEST(Outcome, NamesRoundTrip) {
  for (const Outcome o : kAllOutcomes) EXPECT_EQ(outcome_from_name(outcome_name(o)), o);
  EXPECT_STREQ(outcome_name(Outcome::TP), "TP");
  EXPECT_STREQ(outcome_name(Outcome::NS), "NS");
  EXPECT_EQ(outcome_from_name("tp"), std::nullopt);
  EXPECT_EQ(outcome_from_name("XX"), std::nullopt);
}

}  // namespace
}  // namespace assay
