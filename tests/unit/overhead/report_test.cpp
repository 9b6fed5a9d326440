#include "overhead/report.hpp"

#include <gtest/gtest.h>

namespace assay::overhead {

namespace {

RunRecord run(const std::string& backend, std::vector<double> times, RunStatus status = RunStatus::ok) {
  RunRecord r;
  r.spec = {"heat2d", "corners", 2, backend, "openmpi"};
  r.size = "S";
  r.iterations = 10;
  r.repetitions = static_cast<int>(times.size());
  r.status = status;
  r.times_s = std::move(times);
  r.checksum = "42";
  return r;
}

}  // namespace

TEST(OverheadReport, RowsCompareWithTheNativeRunOfTheSameGroup) {
  std::vector<RunRecord> records = {run("native", {1.0, 1.1, 0.9}), run("slowtool", {3.0, 3.3, 2.7})};
  RunRecord elsewhere = run("slowtool", {5, 5, 5});
  elsewhere.spec.np = 4;  // no native run at np=4
  records.push_back(elsewhere);
  auto rows = overhead_rows(records);
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_TRUE(rows[0].has_baseline);
  EXPECT_DOUBLE_EQ(rows[0].overhead.ratio, 1.0);
  EXPECT_TRUE(rows[1].has_baseline);
  EXPECT_DOUBLE_EQ(rows[1].overhead.ratio, 3.0);
  EXPECT_DOUBLE_EQ(rows[1].median_s, 3.0);
  EXPECT_FALSE(rows[2].has_baseline);
}

TEST(OverheadReport, FailedRunsHaveNoRowButAreListed) {
  std::vector<RunRecord> records = {run("native", {1.0}), run("crashy", {}, RunStatus::failed)};
  records[1].error = "exit status 1";
  auto rows = overhead_rows(records);
  ASSERT_EQ(rows.size(), 1u);
  std::string md = markdown_report(records, rows, {}, "overhead.svg");
  EXPECT_NE(md.find("heat2d corners np=2 openmpi crashy: failed — exit status 1"), std::string::npos);
  EXPECT_NE(md.find("![overhead per backend](overhead.svg)"), std::string::npos);
  EXPECT_NE(md.find("same checksum"), std::string::npos);
}

TEST(OverheadReport, FindingsOnCorrectKernelsAreListed) {
  std::vector<RunRecord> records = {run("native", {1.0}), run("checker", {1.5})};
  records[0].findings = 0;
  records[1].findings = 1;
  records[1].finding_lines = {"1x rma.window.leak: never freed (heat2d.cpp:9)"};
  std::string md = markdown_report(records, overhead_rows(records), {}, "p.svg");
  EXPECT_NE(md.find("- heat2d corners np=2 openmpi checker: 1 finding\n"), std::string::npos);
  EXPECT_NE(md.find("  - 1x rma.window.leak: never freed (heat2d.cpp:9)"), std::string::npos);
  EXPECT_EQ(md.find("native: "), std::string::npos);
}

TEST(OverheadReport, MarkdownShowsOverheadIntervalAndMismatches) {
  std::vector<RunRecord> records = {run("native", {1.0, 1.0}), run("slowtool", {2.0, 2.0})};
  auto rows = overhead_rows(records);
  std::string md = markdown_report(records, rows, {"heat2d corners np=2: checksums differ"}, "p.svg");
  EXPECT_NE(md.find("| slowtool | 1 | 2.000 | 2.000 | 2.000 |"), std::string::npos);
  EXPECT_NE(md.find("| heat2d | corners | 2 | openmpi | slowtool | 2000.000 |"), std::string::npos);
  EXPECT_NE(md.find("[2.000, 2.000]"), std::string::npos);
  EXPECT_NE(md.find("MISMATCH heat2d corners np=2: checksums differ"), std::string::npos);
}

TEST(OverheadReport, RunsWithMoreRanksThanCpusAreFlagged) {
  std::vector<RunRecord> records = {run("native", {1.0}), run("native", {2.0})};
  records[1].spec.np = 4;
  for (auto& r : records) r.context = {{"num_cpus", 2}};
  std::string md = markdown_report(records, overhead_rows(records), {}, "p.svg");
  EXPECT_NE(md.find("- np 4 exceeds the host's 2 CPUs"), std::string::npos);
  records.pop_back();
  md = markdown_report(records, overhead_rows(records), {}, "p.svg");
  EXPECT_EQ(md.find("exceeds the host"), std::string::npos);
}

TEST(OverheadReport, SvgHasABarPerBackendAndGroup) {
  std::vector<RunRecord> records = {run("native", {1.0}), run("a<b", {2.0})};
  std::string svg = svg_plot(overhead_rows(records));
  EXPECT_EQ(svg.rfind("<svg", 0), 0u);
  EXPECT_NE(svg.find("</svg>"), std::string::npos);
  EXPECT_NE(svg.find("heat2d corners np=2 openmpi"), std::string::npos);
  EXPECT_NE(svg.find("a&lt;b"), std::string::npos);
  EXPECT_EQ(svg.find("a<b"), std::string::npos);
  std::size_t bars = 0;
  for (std::size_t at = svg.find("<title>"); at != std::string::npos; at = svg.find("<title>", at + 1)) ++bars;
  EXPECT_EQ(bars, 2u);
}

TEST(OverheadReport, SvgSaysWhenNothingHasABaseline) {
  EXPECT_NE(svg_plot({}).find("no run with a native baseline"), std::string::npos);
}

}  // namespace assay::overhead

namespace assay::overhead {

TEST(OverheadReport, AxisFollowsTheRatiosAndClipsWideIntervals) {
  std::vector<RunRecord> records = {run("native", {1.0, 1.0, 1.0}), run("noisy", {2.0, 2.0, 90.0})};
  auto rows = overhead_rows(records);
  ASSERT_GT(rows[1].overhead.high, 10.0);
  std::string svg = svg_plot(rows);
  EXPECT_NE(svg.find(">2.5</text>"), std::string::npos);  // axis end: 1.25 × ratio 2, rounded to a tick
  EXPECT_EQ(svg.find(">10</text>"), std::string::npos);
  EXPECT_NE(svg.find("<path"), std::string::npos);        // the clipped whisker's arrow
}

}  // namespace assay::overhead

namespace assay::overhead {

// The report names the binary each backend timed and the share an instrumenting
// compiler instrumented, in the whole binary and in the kernel's own file.
TEST(OverheadReport, MarkdownNamesTheBinariesAndTheInstrumentedShare) {
  std::vector<RunRecord> records = {run("native", {1.0}), run("llvm", {3.0})};
  records[0].binary = "/build/overhead/assay_overhead_openmpi";
  records[0].flavour = "prebuilt";
  records[1].binary = "/cache/openmpi/0123/assay_overhead";
  records[1].flavour = "llvm build";
  records[1].compile_command = "OMPI_CXX=clang++-14 mpicxx.openmpi -fpass-plugin=P.so";
  records[1].backend_stats = {{"accesses", 200},
                              {"instrumented", 50},
                              {"checks", 7},
                              {"modules", {{{"source", "/s/kernels/heat2d.cpp"}, {"accesses", 40}, {"instrumented", 10}}}}};
  const std::string md = markdown_report(records, overhead_rows(records), {}, "p.svg");
  EXPECT_NE(md.find("| llvm | openmpi | llvm build | `/cache/openmpi/0123/assay_overhead` | `OMPI_CXX=clang++-14"),
            std::string::npos) << md;
  EXPECT_NE(md.find("| native | openmpi | prebuilt | `/build/overhead/assay_overhead_openmpi` | CMake"), std::string::npos);
  EXPECT_NE(md.find("50 of 200 memory accesses instrumented (25.0 %); in heat2d.cpp 10 of 40 (25.0 %); 7 checks"),
            std::string::npos) << md;
}

TEST(OverheadReport, MarkdownSaysHowTheRunsWereLaunched) {
  std::vector<RunRecord> records = {run("native", {1.0, 1.1}), run("pmpi", {2.0, 2.1})};
  for (auto& r : records) {
    r.launcher = "slurm";
    r.cpu_bind = "cores";
    r.nodes = 2;
    r.tasks = 8;
  }
  std::string md = markdown_report(records, overhead_rows(records), {}, "p.svg");
  EXPECT_NE(md.find("- launched by slurm (srun --cpu-bind=cores), 2 nodes, 8 tasks: 2 runs\n"), std::string::npos) << md;
}

}  // namespace assay::overhead
