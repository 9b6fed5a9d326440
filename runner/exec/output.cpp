#include "exec/output.hpp"

#include <fstream>
#include <sstream>

namespace assay {

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string read_tail(const std::string& path, std::size_t bytes) {
  std::ifstream in(path, std::ios::binary | std::ios::ate);
  if (!in) return "";
  const auto size = static_cast<std::size_t>(in.tellg());
  const std::size_t start = size > bytes ? size - bytes : 0;
  in.seekg(static_cast<std::streamoff>(start));
  std::string text(size - start, '\0');
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  text.resize(static_cast<std::size_t>(in.gcount()));
  return text;
}

}  // namespace assay

namespace assay {

std::string shell_quoted(const std::string& word) {
  if (!word.empty() &&
      word.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./,=:@+%") ==
          std::string::npos)
    return word;
  std::string quoted = "'";
  for (char c : word) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

std::string shell_line(const std::vector<std::string>& argv, const std::map<std::string, std::string>& env,
                       const std::string& cwd) {
  std::string line = cwd.empty() ? "" : "cd " + shell_quoted(cwd) + " && ";
  if (!env.empty()) {
    line += "env";
    for (const auto& [k, v] : env) line += " " + shell_quoted(k + "=" + v);
    line += " ";
  }
  for (std::size_t i = 0; i < argv.size(); ++i) line += (i ? " " : "") + shell_quoted(argv[i]);
  return line;
}

}  // namespace assay
