#pragma once
// Call sites: where in the program an MPI call or an access happened.
#include <cstdint>
#include <string>

namespace assay::interpose {

struct SourceLine {
  std::string file, function;
  int line = 0;  // 0 when unknown
};
// The source line of a return address (the call instruction before it).
SourceLine symbolize(std::uintptr_t pc);
// Ranks of one program load the same modules in the same order: a site travels
// to another rank as 16 bits of module index and 48 bits of offset (0 = unknown).
std::uint64_t encode_site(std::uintptr_t pc);
std::uintptr_t decode_site(std::uint64_t encoded);

}  // namespace assay::interpose
