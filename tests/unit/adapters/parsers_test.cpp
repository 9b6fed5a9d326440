// The adapter kit on real tool outputs (tests/data/tools, recorded on the probes
// in tests/data/tools/probes): each parser's classes and source lines.
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "adapter.hpp"

using namespace assay::adapter;

namespace {

const std::string data = std::string(ASSAY_TEST_DATA_DIR) + "/tools/";
const std::string cases = std::string(ASSAY_SOURCE_DIR) + "/cases/";

std::string fixture(const std::string& name) { return read_input(data + name, true); }

bool located(const Finding& f, const std::string& file_end, int line) {
  for (const auto& s : f.sites)
    if (s.line == line && s.file.size() >= file_end.size() &&
        s.file.compare(s.file.size() - file_end.size(), file_end.size(), file_end) == 0)
      return true;
  return false;
}

std::vector<Finding> clang(const std::string& probe) {
  return parse_clang_plist(fixture("clang/" + probe + ".plist"), probe);
}

}  // namespace

TEST(ClangPlist, DoubleNonblockingIsReuseOfAnActiveRequest) {
  auto f = clang("request_reuse");
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].error_class, "nb.request.reuse-active");
  EXPECT_TRUE(located(f[0], "request_reuse.c", 13));  // the second Isend
  EXPECT_TRUE(located(f[0], "request_reuse.c", 11));  // the first one, from the path
}

TEST(ClangPlist, NoMatchingWaitIsMissingCompletionAtTheNonblockingCall) {
  auto f = clang("irecv_no_wait");
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].error_class, "nb.request.missing-completion");
  EXPECT_TRUE(located(f[0], "irecv_no_wait.c", 14));  // the Irecv, not where clang reports (16)
}

// The plist names the source but not the call that started the request: the class
// follows that call, read from the source where the path points (line 14, col 5).
TEST(ClangPlist, MissingWaitOfANonblockingCollectiveIsACollectiveMissingCompletion) {
  const std::string probe = read_input(data + "probes/irecv_no_wait.c", true);
  const std::string plist = fixture("clang/irecv_no_wait.plist");
  const std::string dir = ::testing::TempDir();
  int copies = 0;
  auto class_with = [&](const std::string& from, const std::string& to) {
    std::string source = probe;
    const auto at = source.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    if (at != std::string::npos) source.replace(at, from.size(), to);
    const std::string path = dir + "/irecv_no_wait_" + std::to_string(++copies) + ".c";
    std::ofstream(path) << source;
    std::string text = plist;
    const std::string name = "<string>irecv_no_wait.c</string>";
    text.replace(text.find(name), name.size(), "<string>" + path + "</string>");
    auto f = parse_clang_plist(text, "x");
    return f.size() == 1 ? f[0].error_class : "findings: " + std::to_string(f.size());
  };
  EXPECT_EQ(class_with("MPI_Irecv(buf, 4, MPI_INT, 0, 0,", "MPI_Ibcast(buf, 4, MPI_INT, 0,"),
            "coll.request.missing-completion");
  EXPECT_EQ(class_with("MPI_Irecv(", "MPI_Ineighbor_alltoall("), "coll.request.missing-completion");
  EXPECT_EQ(class_with("MPI_Irecv(", "MPI_Issend("), "nb.request.missing-completion");
  EXPECT_EQ(class_with("MPI_Irecv(", "MPI_Ibcastx("), "nb.request.missing-completion");
}

TEST(ClangPlist, CorrectProbesAndWhatTheCheckerMissesGiveNothing) {
  for (const char* p : {"p2p_ok", "coll_ok", "rma_ok", "coll_root_mismatch", "send_uninit", "rma_put_put"})
    EXPECT_TRUE(clang(p).empty()) << p;
}

TEST(ValgrindXml, UninitialisedSendDataIsLocatedAtTheSendWithTheAllocation) {
  auto f = parse_valgrind_xml(fixture("valgrind/send_uninit.rank0.xml"), "rank0", 0, "/x/send_uninit",
                              data + "probes/send_uninit.c");
  ASSERT_EQ(f.size(), 1u);  // PMIx's writev noise never reaches the program
  EXPECT_EQ(f[0].error_class, "mem.send.uninitialized");
  EXPECT_EQ(f[0].rank, 0);
  ASSERT_EQ(f[0].sites.size(), 2u);
  EXPECT_EQ(f[0].sites[0].op, "MPI_Send");
  EXPECT_EQ(f[0].sites[0].line, 13);
  EXPECT_EQ(f[0].sites[1].op, "alloc");
  EXPECT_EQ(f[0].sites[1].line, 8);
}

TEST(ValgrindXml, LibraryNoiseAndLeakRecordsAreNotFindings) {
  for (const char* file : {"valgrind/p2p_ok.rank0.xml", "valgrind/p2p_ok.rank1.xml", "valgrind/send_uninit.rank1.xml"})
    EXPECT_TRUE(parse_valgrind_xml(fixture(file), file, 0, "p2p_ok", data + "probes/p2p_ok.c").empty()) << file;
  auto leaks = parse_valgrind_xml(fixture("valgrind/send_uninit.leaks.rank0.xml"), "leaks", 0, "send_uninit",
                                  data + "probes/send_uninit.c");
  ASSERT_EQ(leaks.size(), 1u);  // the uninitialised send only; Open MPI's leak records are left out
  EXPECT_EQ(leaks[0].error_class, "mem.send.uninitialized");
}

namespace {
// The one finding the MPI error messages of a fixture give.
Finding only_finding(const std::string& name, const std::string& source = "") {
  auto found = parse_mpi_errors(fixture(name), source);
  EXPECT_EQ(found.size(), 1u) << name;
  return found.empty() ? Finding{} : found[0];
}
}  // namespace

TEST(MpiErrcheck, OpenMpiParameterChecks) {
  auto root = parse_mpi_errors(fixture("mpi-errcheck/openmpi-invalid-root.txt"), cases + "coll/arg/invalid-root-nok.c");
  ASSERT_EQ(root.size(), 1u);
  EXPECT_EQ(root[0].error_class, "coll.arg.invalid");
  EXPECT_EQ(root[0].rank, 0);
  ASSERT_EQ(root[0].sites.size(), 1u);
  EXPECT_EQ(root[0].sites[0].op, "MPI_Bcast");
  EXPECT_GT(root[0].sites[0].line, 0);  // the case calls MPI_Bcast once
  auto trunc = parse_mpi_errors(fixture("mpi-errcheck/openmpi-truncation.txt"), cases + "nb/buffer/truncation-nok.c");
  ASSERT_EQ(trunc.size(), 1u);
  EXPECT_EQ(trunc[0].error_class, "nb.buffer.truncation");
  EXPECT_EQ(trunc[0].rank, 1);
  auto late = parse_mpi_errors(fixture("mpi-errcheck/openmpi-after-finalize.txt"), "");
  ASSERT_EQ(late.size(), 1u);
  EXPECT_EQ(late[0].error_class, "res.lifecycle.call-outside-init");
  EXPECT_EQ(late[0].sites.at(0).op, "MPI_Comm_rank");
  // MPI_ERR_RMA_RANGE covers both an access past a window's bounds and one to
  // memory a dynamic window has not attached: the group only.
  const Finding range = only_finding("mpi-errcheck/openmpi-dynamic-window-range.txt");
  EXPECT_EQ(range.error_class, "rma.window");
  EXPECT_EQ(range.sites.at(0).op, "MPI_Get");
}

TEST(MpiErrcheck, MpichErrorStacks) {
  auto root = parse_mpi_errors(fixture("mpi-errcheck/mpich-invalid-root.txt"), cases + "coll/arg/invalid-root-nok.c");
  ASSERT_FALSE(root.empty());
  for (const auto& f : root) EXPECT_EQ(f.error_class, "coll.arg.invalid");
  EXPECT_EQ(root[0].sites.at(0).op, "MPI_Bcast");
  auto trunc = parse_mpi_errors(fixture("mpi-errcheck/mpich-truncation.txt"), cases + "nb/buffer/truncation-nok.c");
  ASSERT_EQ(trunc.size(), 1u);
  EXPECT_EQ(trunc[0].error_class, "nb.buffer.truncation");
  EXPECT_EQ(trunc[0].sites.at(0).op, "MPI_Recv");
  auto late = parse_mpi_errors(fixture("mpi-errcheck/mpich-after-finalize.txt"), "");
  ASSERT_EQ(late.size(), 1u);
  EXPECT_EQ(late[0].error_class, "res.lifecycle.call-outside-init");
  // Nonblocking collectives are collectives too (MPI_Iallgather).
  EXPECT_EQ(only_finding("mpi-errcheck/mpich-iallgather-datatype-null.txt").error_class, "coll.arg.invalid");
  // A collective's message truncated: the ranks' type signatures differ.
  EXPECT_EQ(only_finding("mpi-errcheck/mpich-alltoall-truncated.txt").error_class, "coll.arg.type-mismatch");
  // MPICH ends this class text with a blank before the comma.
  const Finding sync =
      only_finding("mpi-errcheck/mpich-flush-local-no-epoch.txt", cases + "rma/sync/flush-local-no-epoch-nok.c");
  EXPECT_EQ(sync.error_class, "rma.sync");
  EXPECT_EQ(sync.message, "MPI_Win_flush_local: Wrong synchronization of RMA calls");
  EXPECT_EQ(sync.sites.at(0).op, "MPI_Win_flush_local");
  // The same error in MPI_Win_free: the window is freed with an epoch open.
  EXPECT_EQ(only_finding("mpi-errcheck/mpich-free-locked-window.txt").error_class, "rma.window.free-with-epoch");
  // An argument error in a point-to-point call.
  EXPECT_EQ(only_finding("mpi-errcheck/mpich-send-invalid-rank.txt").error_class, "nb.arg.invalid");
  // An argument error in a one-sided call.
  const Finding rank = only_finding("mpi-errcheck/mpich-put-invalid-rank.txt");
  EXPECT_EQ(rank.error_class, "rma.arg.invalid");
  EXPECT_EQ(rank.message, "MPI_Put: Invalid rank");
}

TEST(MpiErrcheck, AQuietRunHasNoFindings) {
  EXPECT_TRUE(parse_mpi_errors("", "").empty());
  EXPECT_TRUE(parse_mpi_errors("rank 0 value 100\nrank 1 value 101\n", "").empty());
}

namespace {
std::vector<Finding> must(const std::string& probe) {
  return parse_must_text(fixture("must/" + probe + ".stdout.txt"), probe);
}
const Finding* of_class(const std::vector<Finding>& fs, const std::string& c) {
  for (const auto& f : fs)
    if (f.error_class == c) return &f;
  return nullptr;
}
}  // namespace

TEST(MustText, ReportsAreClassedByTheirMeaningAndLocatedByTheirReferences) {
  auto root = must("coll_root_mismatch");
  ASSERT_EQ(root.size(), 1u);
  EXPECT_EQ(root[0].error_class, "coll.arg.root-mismatch");
  EXPECT_EQ(root[0].rank, 1);
  EXPECT_TRUE(located(root[0], "coll_root_mismatch.c", 12));
  EXPECT_EQ(root[0].sites.back().op, "MPI_Bcast");  // "MPI_Bcastmain": the caller split off
  EXPECT_EQ(root[0].sites.back().rank, 0);

  auto leak = must("irecv_no_wait");
  const Finding* f = of_class(leak, "nb.request.missing-completion");
  ASSERT_NE(f, nullptr);
  EXPECT_TRUE(located(*f, "irecv_no_wait.c", 14));

  auto order = must("coll_order_mismatch");
  EXPECT_NE(of_class(order, "coll.order.mismatch"), nullptr);
  EXPECT_NE(of_class(order, "nb.match.deadlock"), nullptr);
  auto overlap = must("irecv_overlap");
  ASSERT_NE(of_class(overlap, "nb.buffer.overlap"), nullptr);
  EXPECT_TRUE(located(*of_class(overlap, "nb.buffer.overlap"), "irecv_overlap.c", 14));
}

TEST(MustText, ThreadSanitizerRacesOfRmaRunsAreClassedByWhatEachAccessIs) {
  auto origin = must("rma_origin_write");
  ASSERT_EQ(origin.size(), 1u);
  EXPECT_EQ(origin[0].error_class, "rma.local.origin-write-during-put");
  EXPECT_TRUE(located(origin[0], "rma_origin_write.c", 16));
  auto put_put = must("rma_put_put");
  ASSERT_FALSE(put_put.empty());
  EXPECT_EQ(put_put[0].error_class, "rma.remote.conflict");
  EXPECT_TRUE(located(put_put[0], "rma_put_put.c", 16));
}

TEST(MustText, CleanRunsAndMissesGiveNothing) {
  for (const char* p : {"p2p_ok", "coll_ok", "rma_ok", "send_uninit", "isend_buf_write", "rma_target_store"})
    EXPECT_TRUE(must(p).empty()) << p;
}

TEST(MustJson, ErrorIdsMapToClassesWithoutLines) {
  auto f = parse_must_json(fixture("must/coll_root_mismatch.json"), "json");
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].error_class, "coll.arg.root-mismatch");
  EXPECT_TRUE(parse_must_json(fixture("must/p2p_ok.json"), "json").empty());
  auto order = parse_must_json(fixture("must/coll_order_mismatch.json"), "json");
  EXPECT_NE(of_class(order, "coll.order.mismatch"), nullptr);
}

TEST(Parcoach, CollectivesNotCalledByAllRanksAreTheCollectiveOrderGroup) {
  auto f = parse_parcoach_db(fixture("parcoach/coll_order_mismatch.check-mpi.db.json"), "db");
  ASSERT_FALSE(f.empty());
  for (const auto& x : f) EXPECT_EQ(x.error_class, "coll.order");
  EXPECT_TRUE(located(f[0], "coll_order_mismatch.c", 15));
  EXPECT_TRUE(located(f[0], "coll_order_mismatch.c", 9));  // the condition
  EXPECT_TRUE(parse_parcoach_db(fixture("parcoach/p2p_ok.check-mpi.db.json"), "db").empty());
}

TEST(Parcoach, LocalConcurrencyOfAStoreAndAPutIsAnOriginWrite) {
  auto f = parse_parcoach_rma(fixture("parcoach/rma_origin_write.check-rma.txt"), "rma");
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].error_class, "rma.local.origin-write-during-put");
  EXPECT_TRUE(located(f[0], "rma_origin_write.c", 16));
  EXPECT_TRUE(located(f[0], "rma_origin_write.c", 15));
  EXPECT_TRUE(parse_parcoach_rma(fixture("parcoach/rma_ok.check-rma.txt"), "rma").empty());
}
