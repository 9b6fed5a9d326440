// Reading what a finished command wrote to its output files.
#pragma once
#include <cstddef>
#include <string>

namespace assay {

std::string read_file(const std::string& path);  // "" when it cannot be read
// The last `bytes` bytes of the file (all of it when shorter); reads no more than that.
std::string read_tail(const std::string& path, std::size_t bytes);

}  // namespace assay
