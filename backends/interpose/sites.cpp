// Call sites: return addresses symbolised in this process with elfutils
// libdwfl; exchanged between ranks as (module index, offset) so that another
// rank of the same program can resolve them.
#include "assay/interpose/sites.hpp"

#include <elfutils/libdwfl.h>
#include <link.h>
#include <unistd.h>

namespace assay::interpose {

namespace {
struct ModuleSearch {
  std::uintptr_t pc;
  std::uint64_t index = 0, found_index = 0;
  std::uintptr_t base = 0;
  bool found = false;
};

int find_module(dl_phdr_info* info, size_t, void* data) {
  auto* s = static_cast<ModuleSearch*>(data);
  for (int i = 0; i < info->dlpi_phnum; ++i) {
    const auto& ph = info->dlpi_phdr[i];
    if (ph.p_type != PT_LOAD) continue;
    std::uintptr_t lo = info->dlpi_addr + ph.p_vaddr;
    if (s->pc >= lo && s->pc < lo + ph.p_memsz) {
      s->found = true;
      s->found_index = s->index;
      s->base = info->dlpi_addr;
      return 1;
    }
  }
  ++s->index;
  return 0;
}

int module_base(dl_phdr_info* info, size_t, void* data) {
  auto* s = static_cast<ModuleSearch*>(data);
  if (s->index++ == s->found_index) {
    s->base = info->dlpi_addr;
    s->found = true;
    return 1;
  }
  return 0;
}
}  // namespace

// Ranks of one program load the same modules in the same order; 16 bits of
// module index, 48 bits of offset.
std::uint64_t encode_site(std::uintptr_t pc) {
  ModuleSearch s{pc};
  dl_iterate_phdr(find_module, &s);
  if (!s.found) return 0;
  return (s.found_index << 48) | ((pc - s.base) & ((1ull << 48) - 1));
}

std::uintptr_t decode_site(std::uint64_t encoded) {
  if (encoded == 0) return 0;
  ModuleSearch s{0};
  s.found_index = encoded >> 48;
  dl_iterate_phdr(module_base, &s);
  return s.found ? s.base + (encoded & ((1ull << 48) - 1)) : 0;
}

SourceLine symbolize(std::uintptr_t pc) {
  static Dwfl* dwfl = [] {
    static const Dwfl_Callbacks callbacks = {dwfl_linux_proc_find_elf, dwfl_standard_find_debuginfo,
                                             nullptr, nullptr};
    Dwfl* d = dwfl_begin(&callbacks);
    if (d && (dwfl_linux_proc_report(d, getpid()) != 0 || dwfl_report_end(d, nullptr, nullptr) != 0)) {
      dwfl_end(d);
      d = nullptr;
    }
    return d;
  }();
  SourceLine out;
  if (!dwfl || pc == 0) return out;
  const Dwarf_Addr addr = pc - 1;  // inside the call instruction, not after it
  Dwfl_Module* mod = dwfl_addrmodule(dwfl, addr);
  if (!mod) return out;
  if (const char* fn = dwfl_module_addrname(mod, addr)) out.function = fn;
  if (Dwfl_Line* line = dwfl_module_getsrc(mod, addr)) {
    int lineno = 0;
    if (const char* file = dwfl_lineinfo(line, nullptr, &lineno, nullptr, nullptr, nullptr)) {
      out.file = file;
      out.line = lineno;
    }
  }
  return out;
}

}  // namespace assay::interpose
