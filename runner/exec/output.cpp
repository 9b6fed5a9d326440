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
  std::string text = read_file(path);
  return text.size() > bytes ? text.substr(text.size() - bytes) : text;
}

}  // namespace assay
