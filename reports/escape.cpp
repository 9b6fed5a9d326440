#include "reports/escape.hpp"

#include <fmt/format.h>

namespace assay {

std::string escape_html(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (char c : s) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out += c;
    }
  }
  return out;
}

std::string escape_xml(std::string_view s) {
  std::string kept;
  for (char c : s) {
    auto u = static_cast<unsigned char>(c);
    if (u < 0x20 && c != '\n' && c != '\t' && c != '\r') continue;  // not allowed in XML 1.0
    kept += c;
  }
  return escape_html(kept);
}

std::string escape_latex(std::string_view s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '\\': out += "\\textbackslash{}"; break;
      case '{': out += "\\{"; break;
      case '}': out += "\\}"; break;
      case '$': out += "\\$"; break;
      case '&': out += "\\&"; break;
      case '#': out += "\\#"; break;
      case '_': out += "\\_"; break;
      case '%': out += "\\%"; break;
      case '^': out += "\\textasciicircum{}"; break;
      case '~': out += "\\textasciitilde{}"; break;
      case '<': out += "\\textless{}"; break;
      case '>': out += "\\textgreater{}"; break;
      case '\n': case '\r': case '\t': out += ' '; break;
      default: out += c;
    }
  }
  return out;
}

std::string escape_csv(std::string_view s) {
  if (s.find_first_of(",\"\n\r") == std::string_view::npos) return std::string(s);
  std::string out = "\"";
  for (char c : s) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

std::string escape_markdown(std::string_view s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '\\': case '|': case '*': case '_': case '`': case '[': case ']': case '#': case '$': case '~':
        out += '\\';
        out += c;
        break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '&': out += "&amp;"; break;
      case '\n': case '\r': case '\t': out += ' '; break;
      default: out += c;
    }
  }
  return out;
}

std::string one_line(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    if (c == '\n' || c == '\r' || c == '\t') c = ' ';
  return out;
}

std::string format_ratio(const std::optional<double>& v) {
  return v ? fmt::format("{:.3f}", *v) : std::string("n/a");
}

}  // namespace assay
