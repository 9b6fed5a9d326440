// The memcheck backend's XML parser (backends/adapter-kit/memcheck_xml.cpp) on
// real files of the backend (tests/data/tools/memcheck/, recorded from
// cases/mem/valgrind-pending/irecv-read-before-wait-nok and
// cases/mem/valgrind-status/testany-error-field-nok on Open MPI), then fuzzed:
// cut at every length (untrusted unless the run ended abnormally, and then never
// more records than the whole file) and random byte flips (a ParseError or
// findings, never a crash, never a class the parser does not give).
#include <fstream>
#include <random>
#include <set>
#include <sstream>

#include <gtest/gtest.h>

#include "adapter.hpp"

using namespace assay::adapter;

namespace {

const std::string dir = std::string(ASSAY_TEST_DATA_DIR) + "/tools/memcheck/";

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

struct Fixture {
  std::string file, exe, cls;
  int line_access, line_call;
};

const Fixture fixtures[] = {
    {"irecv-read-before-wait-nok.rank0.xml", "irecv-read-before-wait-nok", "nb.buffer.recv-access", 18, 17},
    {"testany-error-field-nok.rank0.xml", "testany-error-field-nok", "mem.status.undefined-error-field", 22, 21},
};

std::vector<Finding> parse(const Fixture& f, const std::string& text, bool abnormal_end) {
  return parse_memcheck_xml(text, "x", 0, "/cache/" + f.exe, abnormal_end);
}

bool names_line(const Finding& f, int line) {
  for (const auto& s : f.sites)
    if (s.line == line) return true;
  return false;
}

TEST(MemcheckXml, RealFilesGiveTheClassAtBothLines) {
  for (const auto& fx : fixtures) {
    std::string text = slurp(dir + fx.file);
    ASSERT_FALSE(text.empty()) << fx.file;
    auto found = parse(fx, text, false);
    bool ok = false;
    for (const auto& f : found)
      if (f.error_class == fx.cls && names_line(f, fx.line_access) && names_line(f, fx.line_call)) ok = true;
    EXPECT_TRUE(ok) << fx.file << ": no " << fx.cls << " naming lines " << fx.line_access << " and " << fx.line_call;
  }
}

TEST(MemcheckXml, AnotherProgramsFramesAreNotFindings) {
  // The same file read as if the program were another binary: every error is
  // then MPI's or a library's, none is the program's.
  for (const auto& fx : fixtures) {
    auto found = parse_memcheck_xml(slurp(dir + fx.file), "x", 0, "/cache/other-program", false);
    EXPECT_TRUE(found.empty()) << fx.file;
  }
}

TEST(MemcheckXml, EveryCutIsUntrustedUnlessKilled) {
  for (const auto& fx : fixtures) {
    const std::string text = slurp(dir + fx.file);
    const std::size_t whole = parse(fx, text, false).size();
    const std::size_t end = text.rfind("</valgrindoutput>");
    ASSERT_NE(end, std::string::npos);
    for (std::size_t n = 0; n < end; ++n) {
      const std::string cut = text.substr(0, n);
      EXPECT_THROW(parse(fx, cut, false), ParseError) << fx.file << " cut at " << n;
      try {
        EXPECT_LE(parse(fx, cut, true).size(), whole) << fx.file << " cut at " << n;
      } catch (const ParseError&) {
      }
    }
  }
}

TEST(MemcheckXml, ByteFlipsThrowOrParse) {
  const std::set<std::string> classes = {unclassified, "nb.buffer.recv-access", "mem.status.undefined-error-field"};
  std::mt19937 rng(20261125);
  for (const auto& fx : fixtures) {
    const std::string text = slurp(dir + fx.file);
    std::uniform_int_distribution<std::size_t> pos(0, text.size() - 1);
    std::uniform_int_distribution<int> byte(0, 255);
    int thrown = 0;
    for (int trial = 0; trial < 3000; ++trial) {
      std::string t = text;
      for (int k = 0; k < 1 + trial % 4; ++k) t[pos(rng)] = static_cast<char>(byte(rng));
      try {
        for (const auto& f : parse(fx, t, trial % 2 == 0)) EXPECT_TRUE(classes.count(f.error_class)) << f.error_class;
      } catch (const ParseError&) {
        ++thrown;
      }
    }
    EXPECT_GT(thrown, 0) << fx.file << ": no flip was ever detected";
  }
}

// The start of a memcheck XML document, for hand-made client messages.
const std::string head = "<?xml version=\"1.0\"?>\n<valgrindoutput>\n<protocolversion>4</protocolversion>\n"
                         "<tool>memcheck</tool>\n";

// Each call whose receive buffer the shim protects names itself in its message;
// MPI_Startall was missing here, so a persistent receive it started made the
// run TF (found by the whole-corpus run).
TEST(MemcheckXml, EveryCallTheShimProtectsForIsAccepted) {
  for (const char* op : {"MPI_Irecv", "MPI_Imrecv", "MPI_Start", "MPI_Startall"}) {
    std::string doc = head + "<clientmsg><tid>1</tid><text>ASSAY-PROTECT nb.buffer.recv-access " + op +
                      " 0x1FFF00020C 4\n  </text></clientmsg>\n</valgrindoutput>\n";
    EXPECT_NO_THROW(parse_memcheck_xml(doc, "x", 0, "p", false)) << op;
  }
}

TEST(MemcheckXml, GarbledAssayMessagesAreUntrusted) {
  for (const char* msg : {"ASSAY-PROTECT nb.buffer.recv-access MPI_Irecv 0xzz 16", "ASSAY-PROTECT nb.buffer.recv-access",
                          "ASSAY-UNPROTECT 12q"}) {
    std::string doc = head + "<clientmsg><tid>1</tid><text>" + msg + "</text></clientmsg>\n</valgrindoutput>\n";
    EXPECT_THROW(parse_memcheck_xml(doc, "x", 0, "p", false), ParseError) << msg;
  }
  EXPECT_THROW(parse_memcheck_xml(head + "</valgrindoutput>\n" + "x", "x", 0, "p", false), ParseError);
  std::string helgrind = "<?xml version=\"1.0\"?>\n<valgrindoutput>\n<protocolversion>4</protocolversion>\n"
                         "<tool>helgrind</tool>\n</valgrindoutput>\n";
  EXPECT_THROW(parse_memcheck_xml(helgrind, "x", 0, "p", false), ParseError);
  EXPECT_THROW(parse_memcheck_xml("", "x", 0, "p", false), ParseError);
}

}  // namespace
