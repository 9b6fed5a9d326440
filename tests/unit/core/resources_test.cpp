#include "assay/core/resources.hpp"

#include <gtest/gtest.h>

#include "sink.hpp"

namespace assay::core {
namespace {

using test::at;
using test::Collected;

// What the backend does on entry: builds the site only for a violation.
void enter(ThreadLevel& t, std::uint64_t thread, const Site& site) {
  if (const char* why = t.enter(thread)) t.report(site, why);
}

TEST(Resources, FreedHandlesDoNotLeak) {
  Collected c;
  ResourceTracker t(c.sink());
  t.created(ResourceKind::communicator, 7, at("MPI_Comm_dup", 0x10));
  t.created(ResourceKind::datatype, 7, at("MPI_Type_contiguous", 0x20));  // same value, other kind
  t.freed(ResourceKind::communicator, 7);
  t.freed(ResourceKind::group, 99);  // never seen (e.g. predefined): ignored
  EXPECT_EQ(t.live(ResourceKind::communicator), 0u);
  EXPECT_EQ(t.live(ResourceKind::datatype), 1u);
  t.finalize(at("MPI_Finalize", 0x99));
  ASSERT_EQ(c.classes(), std::vector<std::string>{"res.leak.datatype"});
  EXPECT_EQ(c.findings[0].accesses[0].site.pc, 0x20u);  // the creation site first
  EXPECT_EQ(c.findings[0].accesses[1].site.op, "MPI_Finalize");
}

TEST(Resources, LeaksReportedInCreationOrderOnce) {
  Collected c;
  ResourceTracker t(c.sink());
  t.created(ResourceKind::op, 5, at("MPI_Op_create", 1));
  t.created(ResourceKind::group, 3, at("MPI_Comm_group", 2));
  t.created(ResourceKind::communicator, 1, at("MPI_Comm_split", 3));
  t.finalize(at("MPI_Finalize", 4));
  EXPECT_EQ(c.classes(), (std::vector<std::string>{"res.leak.op", "res.leak.group",
                                                   "res.leak.communicator"}));
  t.finalize(at("MPI_Finalize", 4));
  EXPECT_EQ(c.findings.size(), 3u);
}

TEST(Resources, ReusedHandleValueIsANewResource) {
  Collected c;
  ResourceTracker t(c.sink());
  t.created(ResourceKind::group, 3, at("MPI_Group_incl", 1));
  t.freed(ResourceKind::group, 3);
  t.created(ResourceKind::group, 3, at("MPI_Group_excl", 2));
  t.finalize(at("MPI_Finalize", 4));
  ASSERT_EQ(c.findings.size(), 1u);
  EXPECT_EQ(c.findings[0].accesses[0].site.op, "MPI_Group_excl");
}

TEST(Lifecycle, CallsOutsideInitAndFinalize) {
  Collected c;
  Lifecycle l(c.sink());
  EXPECT_TRUE(l.call(at("MPI_Wtime", 1)));
  l.initialized(at("MPI_Init", 2));
  EXPECT_FALSE(l.call(at("MPI_Barrier", 3)));
  l.finalized();
  EXPECT_TRUE(l.call(at("MPI_Comm_free", 4)));
  ASSERT_EQ(c.findings.size(), 2u);
  EXPECT_EQ(c.classes()[0], "res.lifecycle.call-outside-init");
  EXPECT_NE(c.findings[0].message.find("before MPI_Init"), std::string::npos);
  EXPECT_NE(c.findings[1].message.find("after MPI_Finalize"), std::string::npos);
}

TEST(ThreadLevel, MultipleAllowsEverything) {
  Collected c;
  ThreadLevel t(c.sink());
  t.provided(ThreadLevel::multiple, 1, at("MPI_Init_thread", 1));
  enter(t, 1, at("MPI_Send", 2));
  enter(t, 2, at("MPI_Recv", 3));
  t.leave();
  t.leave();
  EXPECT_TRUE(c.findings.empty());
}

TEST(ThreadLevel, FunneledOnlyMainThread) {
  Collected c;
  ThreadLevel t(c.sink());
  t.provided(ThreadLevel::funneled, 1, at("MPI_Init_thread", 1));
  enter(t, 1, at("MPI_Comm_rank", 2));
  t.leave();
  EXPECT_TRUE(c.findings.empty());
  enter(t, 2, at("MPI_Allreduce", 3));  // another thread, even without overlap
  t.leave();
  enter(t, 2, at("MPI_Allreduce", 3));
  t.leave();
  ASSERT_EQ(c.classes(), std::vector<std::string>{"res.thread.level-violation"});  // once
  EXPECT_EQ(c.findings[0].accesses[0].site.pc, 3u);
  EXPECT_EQ(c.findings[0].accesses[1].site.op, "MPI_Init_thread");
}

TEST(ThreadLevel, SerializedForbidsOverlapOnly) {
  Collected c;
  ThreadLevel t(c.sink());
  t.provided(ThreadLevel::serialized, 1, at("MPI_Init_thread", 1));
  enter(t, 2, at("MPI_Allreduce", 2));
  t.leave();
  enter(t, 3, at("MPI_Allreduce", 3));
  t.leave();
  EXPECT_TRUE(c.findings.empty());
  enter(t, 2, at("MPI_Allreduce", 2));
  enter(t, 3, at("MPI_Allreduce", 3));
  t.leave();
  t.leave();
  EXPECT_EQ(c.classes(), std::vector<std::string>{"res.thread.level-violation"});
}

TEST(ThreadLevel, HandOverBetweenThreadsUnderSerialized) {
  Collected c;
  ThreadLevel t(c.sink());
  t.provided(ThreadLevel::serialized, 1, at("MPI_Init_thread", 1));
  EXPECT_TRUE(t.handed_over(1));
  EXPECT_FALSE(t.handed_over(1));
  EXPECT_TRUE(t.handed_over(2));
  t.provided(ThreadLevel::funneled, 1, at("MPI_Init_thread", 1));
  EXPECT_FALSE(t.handed_over(3));  // only serialized needs it
}

}  // namespace
}  // namespace assay::core
