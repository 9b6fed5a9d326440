#include "adapter.hpp"

#include <cctype>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace assay::adapter {

void check_text(const std::string& text, const std::string& name, bool allow_empty, std::size_t max_bytes) {
  if (text.size() > max_bytes)
    throw ParseError(name + ": oversized (" + std::to_string(text.size()) + " bytes, the limit is " +
                     std::to_string(max_bytes) + ")");
  if (text.empty() && !allow_empty) throw ParseError(name + ": empty (the tool wrote nothing)");
  // Binary: a NUL byte, or more than 1 in 8 bytes control characters other than
  // tab, newline, carriage return and escape (ANSI colours are text).
  std::size_t control = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    if (c == 0) throw ParseError(name + ": binary data (NUL byte at offset " + std::to_string(i) + ")");
    if (c < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != 0x1b) ++control;
  }
  if (control * 8 > text.size()) throw ParseError(name + ": binary data (" + std::to_string(control) + " control bytes)");
}

std::string read_input(const std::string& path, bool allow_empty, std::size_t max_bytes) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) throw ParseError(path + ": missing (the tool did not write it)");
  auto size = std::filesystem::file_size(path, ec);
  if (!ec && size > max_bytes)
    throw ParseError(path + ": oversized (" + std::to_string(size) + " bytes, the limit is " +
                     std::to_string(max_bytes) + ")");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ParseError(path + ": cannot be read");
  std::ostringstream s;
  s << in.rdbuf();
  std::string text = s.str();
  check_text(text, path, allow_empty, max_bytes);
  return text;
}

nlohmann::json parse_json_with_array(const std::string& text, const std::string& what, const std::string& key,
                                     const std::string& tool) {
  check_text(text, what, false);
  nlohmann::json doc;
  try {
    doc = nlohmann::json::parse(text);
  } catch (const nlohmann::json::parse_error& e) {
    throw ParseError(what + ": not JSON (truncated?): " + e.what());
  }
  if (!doc.is_object() || !doc.contains(key) || !doc[key].is_array())
    throw ParseError(what + ": no \"" + key + "\" array (not " + tool + "?)");
  return doc;
}

nlohmann::json to_json(const Finding& f, const std::string& backend) {
  nlohmann::json accesses = nlohmann::json::array();
  for (const auto& s : f.sites) {
    nlohmann::json a = {{"op", s.op.empty() ? "call" : s.op}, {"kind", s.kind}};
    if (s.rank >= 0) a["rank"] = s.rank;
    if (!s.file.empty()) a["file"] = s.file;
    if (s.line > 0) a["line"] = s.line;
    if (!s.function.empty()) a["function"] = s.function;
    accesses.push_back(a);
  }
  return {{"backend", backend}, {"class", f.error_class}, {"severity", f.severity},
          {"rank", f.rank},     {"message", f.message},   {"accesses", accesses}};
}


std::vector<int> lines_calling(const std::string& source, const std::string& call) {
  std::vector<int> lines;
  std::ifstream in(source);
  std::string text;
  for (int n = 1; std::getline(in, text); ++n) {
    for (std::size_t at = text.find(call); at != std::string::npos; at = text.find(call, at + 1)) {
      // A whole identifier followed by '(' (spaces allowed): MPI_Send, not MPI_Sendrecv.
      bool starts = at == 0 || !(std::isalnum(static_cast<unsigned char>(text[at - 1])) || text[at - 1] == '_');
      std::size_t after = text.find_first_not_of(" \t", at + call.size());
      if (starts && after != std::string::npos && text[after] == '(') {
        lines.push_back(n);
        break;
      }
    }
  }
  return lines;
}

}  // namespace assay::adapter
