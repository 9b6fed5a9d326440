// Every parser of the adapter kit on input it must not trust: empty, binary,
// oversized, cut at every length, and random text. Each either throws
// ParseError (assay-parse exits 2, the run is TF with the reason) or returns
// findings — never crashes, never invents records: a cut file yields at most
// the records of the whole one, and a Valgrind file cut by a kill keeps every
// record written before the cut.
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <optional>
#include <random>

#include <gtest/gtest.h>

#include "adapter.hpp"

using namespace assay::adapter;
namespace fs = std::filesystem;

namespace {

const std::string data = std::string(ASSAY_TEST_DATA_DIR) + "/tools/";

using Parser = std::function<std::vector<Finding>(const std::string&)>;

struct Subject {
  const char* name;
  std::string fixture;  // a real output with findings
  Parser parse;
  bool empty_is_fine;   // a quiet program's console may be empty
};

std::vector<Subject> subjects() {
  const std::string probe = data + "probes/send_uninit.c";
  return {
      {"clang", "clang/request_reuse.plist", [](const std::string& t) { return parse_clang_plist(t, "x"); }, false},
      {"valgrind", "valgrind/send_uninit.rank0.xml",
       [probe](const std::string& t) { return parse_valgrind_xml(t, "x", 0, "send_uninit", probe); }, false},
      {"mpi-errcheck", "mpi-errcheck/openmpi-invalid-root.txt",
       [](const std::string& t) { return parse_mpi_errors(t, ""); }, true},
      {"must", "must/coll_order_mismatch.stdout.txt", [](const std::string& t) { return parse_must_text(t, "x"); },
       false},
      {"must-json", "must/coll_order_mismatch.json", [](const std::string& t) { return parse_must_json(t, "x"); },
       false},
      {"parcoach-db", "parcoach/coll_order_mismatch.check-mpi.db.json",
       [](const std::string& t) { return parse_parcoach_db(t, "x"); }, false},
      {"parcoach-rma", "parcoach/rma_origin_write.check-rma.txt",
       [](const std::string& t) { return parse_parcoach_rma(t, "x"); }, false},
  };
}

// Parses; ParseError -> nullopt; anything else thrown fails the test.
std::optional<std::vector<Finding>> attempt(const Subject& s, const std::string& text) {
  try {
    return s.parse(text);
  } catch (const ParseError& e) {
    EXPECT_NE(std::string(e.what()), "") << s.name;
    return std::nullopt;
  }
}

}  // namespace

TEST(AdapterRobustness, EmptyInputIsAnErrorUnlessTheToolMayPrintNothing) {
  for (const auto& s : subjects()) {
    auto r = attempt(s, "");
    if (s.empty_is_fine) {
      ASSERT_TRUE(r.has_value()) << s.name;
      EXPECT_TRUE(r->empty()) << s.name;
    } else {
      EXPECT_FALSE(r.has_value()) << s.name;
    }
  }
}

TEST(AdapterRobustness, BinaryInputIsAnError) {
  std::string binary(4096, '\0');
  std::mt19937 rng(7);
  for (auto& c : binary) c = static_cast<char>(rng() & 0xff);
  for (const auto& s : subjects()) {
    EXPECT_FALSE(attempt(s, binary).has_value()) << s.name;
    std::string text = read_input(data + s.fixture);
    EXPECT_FALSE(attempt(s, text.substr(0, 100) + std::string(1, '\0') + text.substr(100)).has_value()) << s.name;
  }
}

TEST(AdapterRobustness, OversizedFilesAreRefusedBeforeReading) {
  auto dir = fs::temp_directory_path() / ("assay-adapter-big-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  std::string path = (dir / "big.txt").string();
  std::ofstream(path) << std::string(2048, 'x');
  try {
    read_input(path, false, 1024);
    ADD_FAILURE() << "read an oversized file";
  } catch (const ParseError& e) {
    EXPECT_NE(std::string(e.what()).find("oversized"), std::string::npos) << e.what();
  }
  EXPECT_THROW(read_input((dir / "absent").string()), ParseError);
  EXPECT_THROW(check_text(std::string(2048, 'x'), "mem", false, 1024), ParseError);
  fs::remove_all(dir);
}

TEST(AdapterRobustness, EveryCutOfARealOutputIsAnErrorOrASubsetOfItsRecords) {
  for (const auto& s : subjects()) {
    std::string text = read_input(data + s.fixture);
    std::size_t whole = s.parse(text).size();
    ASSERT_GT(whole, 0u) << s.name;
    std::size_t step = std::max<std::size_t>(1, text.size() / 400);
    for (std::size_t n = 0; n < text.size(); n += step) {
      auto r = attempt(s, text.substr(0, n));
      if (r) {
        EXPECT_LE(r->size(), whole) << s.name << " cut at " << n;
      }
    }
  }
}

TEST(AdapterRobustness, AValgrindFileCutByAKillKeepsTheRecordsWrittenBeforeTheCut) {
  std::string text = read_input(data + "valgrind/send_uninit.rank0.xml");
  std::size_t end = text.find("</error>", text.find("<kind>ClientCheck"));
  ASSERT_NE(end, std::string::npos);
  std::string note;
  auto f = parse_valgrind_xml(text.substr(0, end + 8 + 40), "cut", 0, "send_uninit", data + "probes/send_uninit.c",
                              &note);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].error_class, "mem.send.uninitialized");
  EXPECT_NE(note.find("ended early"), std::string::npos);
  // Cut before valgrind wrote any record: nothing can be trusted.
  EXPECT_THROW(parse_valgrind_xml(text.substr(0, 200), "cut", 0, "send_uninit", ""), ParseError);
}

TEST(AdapterRobustness, RandomTextNeverCrashesAParser) {
  std::mt19937 rng(16);
  const std::string alphabet = "<>/=\"'&;:#@[]{},. \n\tabcMPI_Error0123456789*-";
  for (const auto& s : subjects())
    for (int round = 0; round < 50; ++round) {
      std::string text(1 + rng() % 3000, ' ');
      for (auto& c : text) c = alphabet[rng() % alphabet.size()];
      attempt(s, text);  // throws ParseError or returns; anything else fails
    }
}

TEST(AdapterRobustness, ADocumentOfTheWrongToolIsAnError) {
  std::string plist = read_input(data + "clang/request_reuse.plist");
  std::string json = read_input(data + "must/coll_order_mismatch.json");
  for (const auto& s : subjects()) {
    if (s.empty_is_fine) continue;  // a console may hold anything
    const std::string& other = std::string(s.name).rfind("clang", 0) == 0 ? json : plist;
    EXPECT_FALSE(attempt(s, other).has_value()) << s.name;
  }
}

// The program the manifests call: exit 0 with JSONL, 2 with the reason.
TEST(AssayParse, ExitStatusAndReason) {
  auto dir = fs::temp_directory_path() / ("assay-parse-run-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  auto run = [&](const std::string& args) {
    std::string cmd = std::string(ASSAY_PARSE_EXE) + " " + args + " >" + (dir / "out").string() + " 2>" +
                      (dir / "err").string();
    int status = std::system(cmd.c_str());
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  };
  auto slurp = [&](const char* name) { return read_input((dir / name).string(), true); };
  fs::copy_file(data + "clang/request_reuse.plist", dir / "a.plist");
  EXPECT_EQ(run("clang " + dir.string()), 0);
  EXPECT_NE(slurp("out").find("\"class\":\"nb.request.reuse-active\""), std::string::npos);
  std::ofstream(dir / "b.plist") << "<?xml version=\"1.0\"?>\n<plist version=\"1.0\">\n<dict>\n<key>diag";
  EXPECT_EQ(run("clang " + dir.string()), 2);
  EXPECT_NE(slurp("err").find("b.plist"), std::string::npos) << slurp("err");
  fs::remove(dir / "a.plist");
  fs::remove(dir / "b.plist");
  EXPECT_EQ(run("clang " + dir.string()), 2);  // no plist at all
  EXPECT_NE(slurp("err").find("no .plist"), std::string::npos) << slurp("err");
  EXPECT_EQ(run("nonsense"), 64);
  fs::remove_all(dir);
}
