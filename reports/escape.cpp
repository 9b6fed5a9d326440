#include "reports/escape.hpp"

#include <fmt/format.h>

#include <cctype>

namespace assay {

namespace {
bool is_control(char c) {
  const auto u = static_cast<unsigned char>(c);
  return u < 0x20 || u == 0x7f;
}
}  // namespace

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
      case '\n': case '\r': case '\t': out += c; break;
      default:
        if (is_control(c)) out += fmt::format("\\x{:02x}", static_cast<unsigned char>(c));  // shown, not sent
        else out += c;
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
      default:
        if (is_control(c)) out += fmt::format("\\textbackslash{{}}x{:02x}", static_cast<unsigned char>(c));
        else out += c;
    }
  }
  return out;
}

namespace {

// Whether a cell is a plain number ("-1", "0.750"): spreadsheets read it as one, harmlessly.
bool is_number(std::string_view s) {
  std::size_t i = (!s.empty() && (s[0] == '-' || s[0] == '+')) ? 1 : 0;
  if (i == s.size()) return false;
  for (; i < s.size(); ++i)
    if (!std::isdigit(static_cast<unsigned char>(s[i])) && s[i] != '.') return false;
  return true;
}

}  // namespace

std::string escape_csv(std::string_view s) {
  // A cell starting with = + - @ (or a tab or CR) is a formula to a spreadsheet:
  // a leading ' keeps it text (OWASP's CSV injection advice). "-" and numbers stay.
  // Control bytes other than line breaks and tabs are shown (\x1b), never sent raw.
  std::string cell;
  for (char c : s) {
    if (is_control(c) && c != '\n' && c != '\r' && c != '\t') cell += fmt::format("\\x{:02x}", static_cast<unsigned char>(c));
    else cell += c;
  }
  if (!s.empty() && std::string_view("=+-@\t\r").find(s[0]) != std::string_view::npos && s != "-" && !is_number(s))
    cell.insert(0, 1, '\'');
  if (cell.find_first_of(",\"\n\r") == std::string::npos) return cell;
  std::string out = "\"";
  for (char c : cell) {
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
      default:
        if (is_control(c)) out += fmt::format("\\\\x{:02x}", static_cast<unsigned char>(c));  // shown as \x1b
        else out += c;
    }
  }
  return out;
}

std::string one_line(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size(); ++i) {
    const auto u = static_cast<unsigned char>(s[i]);
    if (s[i] == '\n' || s[i] == '\r' || s[i] == '\t') {
      out += ' ';
    } else if (u < 0x20 || u == 0x7f) {
      out += fmt::format("\\x{:02x}", u);  // ESC and the other C0 controls never reach a terminal raw
    } else if (u == 0xc2 && i + 1 < s.size() && static_cast<unsigned char>(s[i + 1]) >= 0x80 &&
               static_cast<unsigned char>(s[i + 1]) <= 0x9f) {
      out += fmt::format("\\u{:04x}", static_cast<unsigned char>(s[++i]));  // C1 controls (CSI U+009B) too
    } else {
      out += s[i];
    }
  }
  return out;
}

std::string format_ratio(const std::optional<double>& v) {
  return v ? fmt::format("{:.3f}", *v) : std::string("n/a");
}

}  // namespace assay
