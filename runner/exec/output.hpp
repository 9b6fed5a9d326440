// Reading what a finished command wrote to its output files.
#pragma once
#include <cstddef>
#include <string>

namespace assay {

std::string read_file(const std::string& path);  // "" when it cannot be read
// The last `bytes` bytes of the file (all of it when shorter); reads no more than that.
std::string read_tail(const std::string& path, std::size_t bytes);

}  // namespace assay

#include <map>
#include <vector>

namespace assay {

// `word` as the shell reads it back (quoted only when it must be).
std::string shell_quoted(const std::string& word);
// A command line to paste into a shell: "cd DIR && env K=V ... ARGV" (cd and env
// only when given).
std::string shell_line(const std::vector<std::string>& argv, const std::map<std::string, std::string>& env = {},
                       const std::string& cwd = "");

}  // namespace assay
