#include "assay/core/requests.hpp"

#include <gtest/gtest.h>

#include "sink.hpp"

namespace assay::core {
namespace {
using test::at;
using Strings = std::vector<std::string>;

TEST(RequestTracker, CompletedRequestIsNotReported) {
  test::Collected out;
  RequestTracker t(out.sink());
  int var = 0;
  t.created(7, &var, RequestKind::point_to_point, false, at("MPI_Isend", 0x10));
  t.waiting(7, at("MPI_Wait", 0x20));
  t.completed(7);
  t.finalize();
  EXPECT_TRUE(out.findings.empty());
}

TEST(RequestTracker, MissingCompletionNamesCreationSite) {
  test::Collected out;
  RequestTracker t(out.sink());
  int a = 0, b = 0;
  t.created(7, &a, RequestKind::point_to_point, false, at("MPI_Isend", 0x10));
  t.created(8, &b, RequestKind::collective, false, at("MPI_Ibarrier", 0x30));
  t.finalize();
  EXPECT_EQ(out.classes(), (Strings{"nb.request.missing-completion", "coll.request.missing-completion"}));
  EXPECT_EQ(out.findings[0].accesses.at(0).site.pc, 0x10u);
  EXPECT_EQ(out.findings[1].accesses.at(0).site.pc, 0x30u);
}

TEST(RequestTracker, OverwrittenAndLostRequestIsReuseActive) {
  test::Collected out;
  RequestTracker t(out.sink());
  int var = 0;
  t.created(1, &var, RequestKind::point_to_point, false, at("MPI_Irecv", 0x10));
  t.created(2, &var, RequestKind::point_to_point, false, at("MPI_Irecv", 0x20));
  t.completed(2);
  t.finalize();
  ASSERT_EQ(out.classes(), Strings{"nb.request.reuse-active"});
  EXPECT_EQ(out.findings[0].accesses.at(0).site.pc, 0x20u);
  EXPECT_EQ(out.findings[0].accesses.at(1).site.pc, 0x10u);
}

TEST(RequestTracker, AnOverwrittenCollectiveRequestIsACollectiveNeverCompleted) {
  test::Collected out;
  RequestTracker t(out.sink());
  int var = 0;
  t.created(1, &var, RequestKind::collective, false, at("MPI_Ibarrier", 0x10));
  t.created(2, &var, RequestKind::collective, false, at("MPI_Ibarrier", 0x10));
  t.completed(2);
  t.finalize();
  ASSERT_EQ(out.classes(), Strings{"coll.request.missing-completion"});
  EXPECT_EQ(out.findings[0].accesses.at(0).site.pc, 0x10u);
}

TEST(RequestTracker, OverwriteOfACopiedHandleThatCompletesIsFine) {
  test::Collected out;
  RequestTracker t(out.sink());
  int var = 0;
  t.created(1, &var, RequestKind::point_to_point, false, at("MPI_Isend", 0x10));
  t.created(2, &var, RequestKind::point_to_point, false, at("MPI_Isend", 0x10));
  t.completed(1);  // through a copy kept elsewhere
  t.completed(2);
  t.finalize();
  EXPECT_TRUE(out.findings.empty());
}

TEST(RequestTracker, WaitOnRetiredHandleIsDoubleCompletion) {
  test::Collected out;
  RequestTracker t(out.sink());
  int var = 0;
  t.created(5, &var, RequestKind::point_to_point, false, at("MPI_Isend", 0x10));
  t.freed(5);
  t.waiting(5, at("MPI_Wait", 0x40));
  EXPECT_EQ(out.classes(), Strings{"nb.request.double-completion"});
}

TEST(RequestTracker, PersistentLifecycle) {
  test::Collected out;
  RequestTracker t(out.sink());
  int var = 0;
  t.created(9, &var, RequestKind::point_to_point, true, at("MPI_Send_init", 0x10));
  t.waiting(9, at("MPI_Wait", 0x20));
  EXPECT_EQ(out.classes(), Strings{"nb.request.persistent-missing-start"});
  t.started(9, at("MPI_Start", 0x30));
  t.started(9, at("MPI_Start", 0x40));
  EXPECT_EQ(out.classes().back(), "nb.request.persistent-start-active");
  t.completed(9);
  t.freed(9);
  out.findings.clear();
  t.finalize();
  EXPECT_TRUE(out.findings.empty());
}

TEST(RequestTracker, PersistentNeverFreedIsReported) {
  test::Collected out;
  RequestTracker t(out.sink());
  int var = 0;
  t.created(9, &var, RequestKind::point_to_point, true, at("MPI_Recv_init", 0x10));
  t.started(9, at("MPI_Start", 0x30));
  t.completed(9);
  EXPECT_EQ(t.active_count(), 0u);
  t.finalize();
  EXPECT_EQ(out.classes(), Strings{"res.leak.request"});
}


TEST(RequestTracker, StaleCopyAfterCompletionNamesBothSites) {
  test::Collected out;
  RequestTracker t(out.sink());
  int var = 0, copy = 0;
  t.created(5, &var, RequestKind::point_to_point, false, at("MPI_Irecv", 0x10));
  t.waiting(5, at("MPI_Wait", 0x20));
  t.completed(5);  // through the copy
  t.waiting(5, at("MPI_Test", 0x30));
  ASSERT_EQ(out.classes(), Strings{"nb.request.double-completion"});
  EXPECT_EQ(out.findings[0].accesses.at(0).site.pc, 0x30u);
  EXPECT_EQ(out.findings[0].accesses.at(1).site.pc, 0x10u);
  out.findings.clear();
  t.created(5, &copy, RequestKind::point_to_point, false, at("MPI_Isend", 0x40));  // handle value reused
  t.waiting(5, at("MPI_Wait", 0x50));
  EXPECT_TRUE(out.findings.empty());
}

TEST(RequestTracker, FreeingInactivePersistentIsFineButFreeingTwiceIsNot) {
  test::Collected out;
  RequestTracker t(out.sink());
  int var = 0;
  t.created(9, &var, RequestKind::point_to_point, true, at("MPI_Send_init", 0x10));
  t.freeing(9, at("MPI_Request_free", 0x20));
  t.freed(9);
  EXPECT_TRUE(out.findings.empty());
  t.freeing(9, at("MPI_Request_free", 0x30));
  EXPECT_EQ(out.classes(), Strings{"nb.request.double-completion"});
}

TEST(RequestTracker, PersistentWaitedAgainWithoutRestart) {
  test::Collected out;
  RequestTracker t(out.sink());
  int var = 0;
  t.created(9, &var, RequestKind::point_to_point, true, at("MPI_Recv_init", 0x10));
  t.started(9, at("MPI_Start", 0x20));
  t.waiting(9, at("MPI_Wait", 0x30));
  t.completed(9);
  t.waiting(9, at("MPI_Waitany", 0x40), false);  // arrays skip inactive requests
  EXPECT_TRUE(out.findings.empty());
  t.waiting(9, at("MPI_Wait", 0x30));
  ASSERT_EQ(out.classes(), Strings{"nb.request.persistent-missing-start"});
  EXPECT_EQ(out.findings[0].accesses.at(1).site.pc, 0x10u);
}

TEST(RequestTracker, ASecondWaitOnACompletedPersistentRequestIsLegal) {
  test::Collected out;
  RequestTracker t(out.sink());
  int var = 0;
  t.created(9, &var, RequestKind::point_to_point, true, at("MPI_Send_init", 0x10));
  t.started(9, at("MPI_Start", 0x20));
  t.waiting(9, at("MPI_Wait", 0x30));
  t.completed(9);
  t.waiting(9, at("MPI_Wait", 0x40));  // another wait: returns at once (MPI-3.1 3.7.3)
  t.waiting(9, at("MPI_Test", 0x50));
  EXPECT_TRUE(out.findings.empty());
  t.started(9, at("MPI_Start", 0x20));
  t.waiting(9, at("MPI_Test", 0x50));
  t.completed(9);
  t.waiting(9, at("MPI_Test", 0x50));  // the completing test again, not restarted
  EXPECT_EQ(out.classes(), Strings{"nb.request.persistent-missing-start"});
}

TEST(RequestTracker, OverlappingBuffersWhereOneIsWritten) {
  test::Collected out;
  RequestTracker t(out.sink());
  int a = 0, b = 0, c = 0;
  t.created(1, &a, RequestKind::point_to_point, false, at("MPI_Isend", 0x10));
  t.buffer(1, {{100, 116}}, {});
  t.created(2, &b, RequestKind::point_to_point, false, at("MPI_Isend", 0x20));
  t.buffer(2, {{100, 116}}, {});  // two reads: fine
  t.created(3, &c, RequestKind::point_to_point, false, at("MPI_Irecv", 0x30));
  t.buffer(3, {}, {{116, 132}});  // adjacent: fine
  EXPECT_TRUE(out.findings.empty());
  t.completed(3);
  t.created(4, &c, RequestKind::point_to_point, false, at("MPI_Irecv", 0x40));
  t.buffer(4, {}, {{112, 128}});
  ASSERT_EQ(out.classes(), Strings{"nb.buffer.overlap"});
  EXPECT_EQ(out.findings[0].accesses.at(0).site.pc, 0x40u);
  EXPECT_EQ(out.findings[0].accesses.at(1).site.pc, 0x10u);
}

// A nonblocking collective both reads (its send buffer) and stores (its
// receive buffer): only bytes one side stores conflict (MPI-3.1 §5.12).
TEST(RequestTracker, ACollectiveReadsSomeBytesAndStoresOthers) {
  test::Collected out;
  RequestTracker t(out.sink());
  int a = 0, b = 0, c = 0;
  t.created(1, &a, RequestKind::collective, false, at("MPI_Iallreduce", 0x10));
  t.buffer(1, {{0, 16}}, {{100, 116}});
  t.created(2, &b, RequestKind::point_to_point, false, at("MPI_Isend", 0x20));
  t.buffer(2, {{0, 16}}, {});  // reads the reduction's input too: fine
  EXPECT_TRUE(out.findings.empty());
  t.created(3, &c, RequestKind::point_to_point, false, at("MPI_Isend", 0x30));
  t.buffer(3, {{108, 112}}, {});  // reads what the reduction stores
  ASSERT_EQ(out.classes(), Strings{"nb.buffer.overlap"});
  EXPECT_EQ(out.findings[0].accesses.at(0).kind, AccessKind::read);
  EXPECT_EQ(out.findings[0].accesses.at(0).addr, 108u);
  EXPECT_EQ(out.findings[0].accesses.at(1).kind, AccessKind::write);
  EXPECT_EQ(out.findings[0].accesses.at(1).site.pc, 0x10u);
}

TEST(RequestTracker, InterleavedFootprintsDoNotOverlap) {
  test::Collected out;
  RequestTracker t(out.sink());
  int a = 0, b = 0;
  t.created(1, &a, RequestKind::point_to_point, false, at("MPI_Irecv", 0x10));
  t.buffer(1, {}, {{0, 4}, {8, 12}, {16, 20}});
  t.created(2, &b, RequestKind::point_to_point, true, at("MPI_Recv_init", 0x20));
  t.buffer(2, {}, {{4, 8}, {12, 16}, {16, 17}});  // inactive until started
  EXPECT_TRUE(out.findings.empty());
  t.started(2, at("MPI_Start", 0x30));
  ASSERT_EQ(out.classes(), Strings{"nb.buffer.overlap"});
  EXPECT_EQ(out.findings[0].accesses.at(0).site.pc, 0x30u);
}

TEST(RequestTracker, MissingCompletionNamesTheLastPollToo) {
  test::Collected out;
  RequestTracker t(out.sink());
  int a = 0, b = 0;
  t.created(1, &a, RequestKind::point_to_point, false, at("MPI_Irecv", 0x10));
  t.created(2, &b, RequestKind::point_to_point, false, at("MPI_Irecv", 0x10));
  t.waiting(1, at("MPI_Testany", 0x20), false);
  t.waiting(2, at("MPI_Testany", 0x20), false);
  t.completed(1);
  t.finalize();
  ASSERT_EQ(out.classes(), Strings{"nb.request.missing-completion"});
  ASSERT_EQ(out.findings[0].accesses.size(), 2u);
  EXPECT_EQ(out.findings[0].accesses[1].site.pc, 0x20u);
}

TEST(RequestTracker, SharedHandleValueCountsEachRequest) {
  test::Collected out;
  RequestTracker t(out.sink());
  int a = 0, b = 0, c = 0;
  for (int* v : {&a, &b, &c}) t.created(4, v, RequestKind::point_to_point, false, at("MPI_Isend", 0x10));
  t.waiting(4, at("MPI_Wait", 0x20));
  t.completed(4);
  t.waiting(4, at("MPI_Wait", 0x20));
  t.completed(4);
  EXPECT_TRUE(out.findings.empty());
  t.finalize();
  EXPECT_EQ(out.classes(), Strings{"nb.request.missing-completion"});
}

}  // namespace
}  // namespace assay::core
