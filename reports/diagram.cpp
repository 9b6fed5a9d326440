#include "reports/diagram.hpp"

#include <algorithm>
#include <cstdint>
#include <vector>

#include <fmt/format.h>

#include "reports/escape.hpp"

namespace assay {

namespace {

constexpr int kLeft = 130, kPlotWidth = 460, kRight = 20, kTop = 24;
constexpr int kBand = 110, kBandGap = 18;  // height of one address segment, gap between segments
constexpr int kListLine = 15;

struct Drawn {  // an access placed in the diagram
  const Access* a;
  int number;                      // 1-based position in the finding, shown as its label
  std::optional<std::uint64_t> lo;  // address range [lo, hi) when known
  std::uint64_t hi = 0;
  bool conflict;                   // one of the first two accesses: the conflicting pair
};

std::optional<std::uint64_t> parse_address(const std::string& s) {
  if (s.empty()) return std::nullopt;
  try {
    std::size_t used = 0;
    std::uint64_t v = std::stoull(s, &used, 16);  // accepts the 0x prefix
    if (used != s.size()) return std::nullopt;
    return v;
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

// Address ranges far apart (a stack buffer and a heap window) get their own
// band of the y axis, so each stays readable; addresses nobody touched are
// left out, as in the paper's tool.
struct Segment {
  std::uint64_t lo, hi;
  int top = 0;  // y of the band's upper edge
};

std::vector<Segment> segments_of(const std::vector<Drawn>& drawn) {
  std::vector<Segment> ranges;
  for (const auto& d : drawn)
    if (d.lo) ranges.push_back({*d.lo, d.hi});
  std::sort(ranges.begin(), ranges.end(), [](const Segment& a, const Segment& b) { return a.lo < b.lo; });
  std::vector<Segment> out;
  for (const auto& r : ranges) {
    // Neighbours closer than the larger of 256 bytes and the segment's own size share a band.
    if (!out.empty() && r.lo <= out.back().hi + std::max<std::uint64_t>(256, out.back().hi - out.back().lo))
      out.back().hi = std::max(out.back().hi, r.hi);
    else out.push_back(r);
  }
  // Highest addresses on top, like the y axis of one band.
  std::reverse(out.begin(), out.end());
  for (std::size_t i = 0; i < out.size(); ++i) out[i].top = kTop + static_cast<int>(i) * (kBand + kBandGap);
  return out;
}

const char* colour_of(const std::string& kind) {
  if (kind == "read") return "#2a9d3a";
  if (kind == "write") return "#d62828";
  return "#3a6fd6";  // a call whose direction the backend did not say
}

std::string kind_class(const std::string& kind) {
  return kind == "read" || kind == "write" ? kind : "call";
}

// "cases/rma/x.c:13": the last two components of the path keep labels short;
// the tooltip has the full path.
std::string short_location(const Access& a) {
  if (a.file.empty()) return a.line > 0 ? fmt::format("line {}", a.line) : std::string();
  std::string f = a.file;
  auto last = f.rfind('/');
  if (last != std::string::npos && last > 0) {
    auto before = f.rfind('/', last - 1);
    if (before != std::string::npos) f = f.substr(before + 1);
  }
  return a.line > 0 ? fmt::format("{}:{}", f, a.line) : f;
}

std::string describe(const Drawn& d, int rank) {
  const Access& a = *d.a;
  std::string s = fmt::format("{} {} ({})", d.number, a.op, a.kind);
  if (!a.addr.empty()) s += fmt::format(" {} +{}", a.addr, a.size);
  if (a.end_time) s += fmt::format(" t=[{}, {})", *a.time, *a.end_time);
  else s += fmt::format(" t={}", *a.time);
  if (a.rank >= 0 && a.rank != rank) s += fmt::format(" by rank {}", a.rank);  // a remote access
  std::string loc = short_location(a);
  if (!loc.empty()) s += " at " + loc;
  if (d.conflict) s += " [conflicting]";
  return s;
}

std::string tooltip(const Drawn& d, int rank) {
  std::string s = describe(d, rank);
  if (!d.a->file.empty()) s += "\n" + d.a->file + (d.a->line > 0 ? fmt::format(":{}", d.a->line) : "");
  if (!d.a->function.empty()) s += " in " + d.a->function;
  return escape_xml(s);
}

}  // namespace

bool has_timed_accesses(const Finding& f) {
  return std::any_of(f.accesses.begin(), f.accesses.end(), [](const Access& a) { return a.time.has_value(); });
}

std::optional<std::string> memory_access_diagram(const Finding& f) {
  std::vector<Drawn> drawn;
  for (std::size_t i = 0; i < f.accesses.size(); ++i) {
    const Access& a = f.accesses[i];
    if (!a.time) continue;
    Drawn d{&a, static_cast<int>(i) + 1, parse_address(a.addr), 0, i < 2};
    if (d.lo) d.hi = *d.lo + static_cast<std::uint64_t>(std::max<std::int64_t>(a.size, 1));
    drawn.push_back(d);
  }
  if (std::none_of(drawn.begin(), drawn.end(), [](const Drawn& d) { return d.lo.has_value(); })) return std::nullopt;

  std::int64_t t0 = *drawn.front().a->time, t1 = t0;
  for (const auto& d : drawn) {
    t0 = std::min(t0, *d.a->time);
    t1 = std::max({t1, *d.a->time, d.a->end_time.value_or(*d.a->time)});
  }
  const double unit = static_cast<double>(kPlotWidth) / static_cast<double>(t1 - t0 + 1);
  auto x_of = [&](std::int64_t t) { return kLeft + (static_cast<double>(t - t0) + 0.5) * unit; };

  const auto segments = segments_of(drawn);
  const int plot_bottom = segments.back().top + kBand;
  auto segment_of = [&](std::uint64_t addr) -> const Segment& {
    for (const auto& s : segments)
      if (addr >= s.lo && addr < s.hi) return s;
    return segments.front();  // unreachable: every range lies in a segment
  };
  auto y_of = [&](const Segment& s, std::uint64_t addr) {
    double share = static_cast<double>(addr - s.lo) / static_cast<double>(s.hi - s.lo);
    return s.top + kBand - share * kBand;
  };
  const bool markers = std::any_of(drawn.begin(), drawn.end(), [](const Drawn& d) { return !d.lo; });
  const int strip = markers ? 22 : 0;  // row under the plot for accesses without an address
  const int axis_y = plot_bottom + strip;
  const int legend_y = axis_y + 48;
  const int list_y = legend_y + 26;
  const int height = list_y + static_cast<int>(drawn.size()) * kListLine + 8;
  // Wide enough for the longest access line (about 6.5 px per character at 11 px, bold).
  std::size_t longest = 0;
  for (const auto& d : drawn) longest = std::max(longest, describe(d, f.rank).size());
  const int width = std::max(kLeft + kPlotWidth + kRight, 20 + static_cast<int>(longest * 13 / 2) + kRight);

  std::string out = fmt::format(
      "<svg class=\"mad\" width=\"{}\" height=\"{}\" viewBox=\"0 0 {} {}\" "
      "font-family=\"sans-serif\" font-size=\"11\" role=\"img\">\n",
      width, height, width, height);
  out += "<title>" + escape_xml(fmt::format("memory-access diagram: {}: {}", f.error_class, f.message)) +
         "</title>\n";

  // Axes: address bands with their bounds, time ticks.
  for (const auto& s : segments) {
    out += fmt::format("<rect class=\"band\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"#fafafa\" "
                       "stroke=\"#999\"/>\n",
                       kLeft, s.top, kPlotWidth, kBand);
    out += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"end\">{}</text>", kLeft - 4, s.top + 10,
                       escape_xml(fmt::format("{:#x}", s.hi)));
    out += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"end\">{}</text>\n", kLeft - 4, s.top + kBand,
                       escape_xml(fmt::format("{:#x}", s.lo)));
  }
  if (markers)
    out += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"end\" fill=\"#666\">no address</text>\n", kLeft - 4,
                       plot_bottom + 15);
  out += fmt::format("<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"#333\"/>\n", kLeft, axis_y,
                     kLeft + kPlotWidth, axis_y);
  const std::int64_t steps = t1 - t0 + 1;
  const std::int64_t every = steps <= 20 ? 1 : (steps + 9) / 10;
  for (std::int64_t t = t0; t <= t1; t += every)
    out += fmt::format("<line x1=\"{0:.1f}\" y1=\"{1}\" x2=\"{0:.1f}\" y2=\"{2}\" stroke=\"#333\"/>"
                       "<text x=\"{0:.1f}\" y=\"{3}\" text-anchor=\"middle\">{4}</text>\n",
                       x_of(t), axis_y, axis_y + 4, axis_y + 15, t);
  out += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>\n", kLeft + kPlotWidth / 2,
                     axis_y + 32,
                     escape_xml(f.rank >= 0 ? fmt::format("logical time on rank {}", f.rank)
                                            : std::string("logical time of the reporting rank")));
  const int mid = (kTop + plot_bottom) / 2;
  out += fmt::format("<text x=\"14\" y=\"{0}\" transform=\"rotate(-90 14 {0})\" text-anchor=\"middle\">"
                     "address</text>\n",
                     mid);

  // Asynchronous accesses first, so the lines of direct accesses stay visible on top.
  auto draw = [&](const Drawn& d) {
    const Access& a = *d.a;
    const char* colour = colour_of(a.kind);
    std::string cls = kind_class(a.kind) + (d.conflict ? " conflict" : "");
    if (!d.lo) {  // a marker on the time axis
      double x = x_of(*a.time);
      int y = plot_bottom + 4;
      if (d.conflict)
        out += fmt::format("<circle class=\"halo\" cx=\"{:.1f}\" cy=\"{}\" r=\"9\" fill=\"#ffd400\"/>", x, y + 6);
      out += fmt::format("<path class=\"marker {}\" d=\"M{:.1f} {} l-5 0 l5 10 l5 -10 z\" fill=\"{}\">"
                         "<title>{}</title></path>",
                         cls, x, y, colour, tooltip(d, f.rank));
      out += fmt::format("<text x=\"{:.1f}\" y=\"{}\" font-weight=\"bold\">{}</text>\n", x + 6, y + 10, d.number);
      return;
    }
    const Segment& s = segment_of(*d.lo);
    double ytop = y_of(s, d.hi), ybottom = y_of(s, *d.lo);
    if (ybottom - ytop < 3) {  // keep a one-byte access visible
      double c = (ytop + ybottom) / 2;
      ytop = c - 1.5;
      ybottom = c + 1.5;
    }
    if (a.end_time) {
      double x0 = x_of(*a.time), x1 = std::max(x_of(*a.end_time), x0 + 3);
      if (d.conflict)
        out += fmt::format("<rect class=\"halo\" x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"{:.1f}\" "
                           "fill=\"none\" stroke=\"#ffd400\" stroke-width=\"6\"/>",
                           x0, ytop, x1 - x0, ybottom - ytop);
      out += fmt::format("<rect class=\"async {}\" x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"{:.1f}\" "
                         "fill=\"{}\" fill-opacity=\"0.3\" stroke=\"{}\" stroke-width=\"{}\"><title>{}</title></rect>",
                         cls, x0, ytop, x1 - x0, ybottom - ytop, colour, d.conflict ? "#000" : colour,
                         d.conflict ? 2 : 1, tooltip(d, f.rank));
      out += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" font-weight=\"bold\">{}</text>\n", x0 + 3, ytop + 11,
                         d.number);
    } else {
      double x = x_of(*a.time);
      if (d.conflict)
        out += fmt::format("<line class=\"halo\" x1=\"{0:.1f}\" y1=\"{1:.1f}\" x2=\"{0:.1f}\" y2=\"{2:.1f}\" "
                           "stroke=\"#ffd400\" stroke-width=\"10\"/>",
                           x, ytop - 2, ybottom + 2);
      out += fmt::format("<line class=\"direct {}\" x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" y2=\"{:.1f}\" "
                         "stroke=\"{}\" stroke-width=\"3\"><title>{}</title></line>",
                         cls, x, ytop, x, ybottom, colour, tooltip(d, f.rank));
      out += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" font-weight=\"bold\">{}</text>\n", x + 4,
                         std::max(ytop - 2, static_cast<double>(kTop) - 6), d.number);
    }
  };
  for (const auto& d : drawn)
    if (d.lo && d.a->end_time) draw(d);
  for (const auto& d : drawn)
    if (!(d.lo && d.a->end_time)) draw(d);

  // Legend, then one line per access: its number, op, range, times and location.
  struct Key {
    const char* text;
    const char* colour;
    bool box;
  };
  int x = kLeft;
  for (const Key& k : {Key{"read", "#2a9d3a", false}, Key{"write", "#d62828", false},
                       Key{"call", "#3a6fd6", false}, Key{"asynchronous [call, completion)", "#888", true},
                       Key{"conflicting pair", "#ffd400", true}}) {
    if (k.box)
      out += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"14\" height=\"10\" fill=\"{}\" fill-opacity=\"0.5\" "
                         "stroke=\"{}\"/>",
                         x, legend_y - 9, k.colour, k.colour);
    else
      out += fmt::format("<line x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\" stroke=\"{3}\" stroke-width=\"3\"/>",
                         x + 7, legend_y - 10, legend_y + 1, k.colour);
    out += fmt::format("<text x=\"{}\" y=\"{}\">{}</text>", x + 18, legend_y, k.text);
    x += 28 + static_cast<int>(std::string(k.text).size()) * 6;
  }
  out += "\n";
  for (std::size_t i = 0; i < drawn.size(); ++i)
    out += fmt::format("<text class=\"access-label\" x=\"{}\" y=\"{}\"{}>{}</text>\n", 20,
                       list_y + static_cast<int>(i) * kListLine, drawn[i].conflict ? " font-weight=\"bold\"" : "",
                       escape_xml(describe(drawn[i], f.rank)));
  out += "</svg>\n";
  return out;
}

}  // namespace assay
