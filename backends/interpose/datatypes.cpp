// Datatypes as the MPI standard defines them: named-type codes comparable
// across processes, type signatures, and the bytes count x type touches.
#include "assay/interpose/datatypes.hpp"

#include <algorithm>
#include <climits>
#include <map>
#include <mutex>

#include "assay/interpose/interpose.hpp"

namespace assay::interpose {

std::uint32_t basic_code(MPI_Datatype t) {
  // Named types differ in handle value between processes (Open MPI: addresses),
  // so they are compared by their position in this table.
  static const MPI_Datatype named[] = {
      MPI_CHAR, MPI_SIGNED_CHAR, MPI_UNSIGNED_CHAR, MPI_BYTE, MPI_SHORT, MPI_UNSIGNED_SHORT,
      MPI_INT, MPI_UNSIGNED, MPI_LONG, MPI_UNSIGNED_LONG, MPI_LONG_LONG, MPI_UNSIGNED_LONG_LONG,
      MPI_FLOAT, MPI_DOUBLE, MPI_LONG_DOUBLE, MPI_WCHAR, MPI_C_BOOL, MPI_INT8_T, MPI_INT16_T,
      MPI_INT32_T, MPI_INT64_T, MPI_UINT8_T, MPI_UINT16_T, MPI_UINT32_T, MPI_UINT64_T, MPI_AINT,
      MPI_OFFSET, MPI_COUNT, MPI_C_FLOAT_COMPLEX, MPI_C_DOUBLE_COMPLEX, MPI_FLOAT_INT,
      MPI_DOUBLE_INT, MPI_LONG_INT, MPI_2INT, MPI_SHORT_INT, MPI_LONG_DOUBLE_INT, MPI_PACKED};
  for (std::uint32_t i = 0; i < sizeof named / sizeof named[0]; ++i)
    if (named[i] == t) return i + 1;
  return 0;
}

namespace {
// What a derived datatype was built from (MPI_Type_get_envelope/contents);
// the derived types MPI hands back are new handles, freed with it.
struct Contents {
  int combiner = MPI_COMBINER_NAMED;
  std::vector<int> ints;
  std::vector<MPI_Aint> addrs;
  std::vector<MPI_Datatype> types;
  bool ok = false;
  explicit Contents(MPI_Datatype t) {
    int ni = 0, na = 0, nd = 0;
    if (PMPI_Type_get_envelope(t, &ni, &na, &nd, &combiner) != MPI_SUCCESS) return;
    ok = true;
    if (combiner == MPI_COMBINER_NAMED) return;
    ints.resize(static_cast<std::size_t>(ni));
    addrs.resize(static_cast<std::size_t>(na));
    types.resize(static_cast<std::size_t>(nd));
    ok = PMPI_Type_get_contents(t, ni, na, nd, ints.data(), addrs.data(), types.data()) == MPI_SUCCESS;
  }
  ~Contents() {
    for (MPI_Datatype& d : types) {
      int a = 0, b = 0, c = 0, comb = 0;
      PMPI_Type_get_envelope(d, &a, &b, &c, &comb);
      if (comb != MPI_COMBINER_NAMED) PMPI_Type_free(&d);
    }
  }
  Contents(const Contents&) = delete;
  Contents& operator=(const Contents&) = delete;
};

bool find_element(MPI_Datatype t, MPI_Datatype& found, int depth) {
  if (depth > 16) return false;
  const Contents c(t);
  if (!c.ok) return false;
  if (c.combiner == MPI_COMBINER_NAMED) {
    if (found != MPI_DATATYPE_NULL && found != t) return false;
    found = t;
    return true;
  }
  for (MPI_Datatype k : c.types)
    if (!find_element(k, found, depth + 1)) return false;
  return !c.types.empty();
}
}  // namespace

MPI_Datatype element_type(MPI_Datatype t) {
  if (t == MPI_DATATYPE_NULL) return MPI_DATATYPE_NULL;
  MPI_Datatype found = MPI_DATATYPE_NULL;
  return find_element(t, found, 0) ? found : MPI_DATATYPE_NULL;
}

namespace {
// The value part of a pair type (its second part is an int); null otherwise.
MPI_Datatype pair_value(MPI_Datatype t) {
  if (t == MPI_2INT) return MPI_INT;
  if (t == MPI_FLOAT_INT) return MPI_FLOAT;
  if (t == MPI_DOUBLE_INT) return MPI_DOUBLE;
  if (t == MPI_LONG_INT) return MPI_LONG;
  if (t == MPI_SHORT_INT) return MPI_SHORT;
  if (t == MPI_LONG_DOUBLE_INT) return MPI_LONG_DOUBLE;
  return MPI_DATATYPE_NULL;
}

bool append_signature(core::TypeSignature& sig, MPI_Datatype t, std::uint64_t times, int depth) {
  if (depth > 16) return false;
  const Contents c(t);
  if (!c.ok) return false;
  const int combiner = c.combiner;
  const std::vector<int>& ints = c.ints;
  const std::vector<MPI_Datatype>& types = c.types;
  if (combiner == MPI_COMBINER_NAMED) {
    if (t == MPI_PACKED) return false;  // matches anything
    // The MINLOC/MAXLOC pair types are two basic types each (MPI-3.1 §5.9.4:
    // MPI_2INT as if made by MPI_Type_contiguous(2, MPI_INT), MPI_FLOAT_INT a
    // struct of a float and an int), so 1 x MPI_2INT matches 2 x MPI_INT.
    if (const MPI_Datatype value = pair_value(t); value != MPI_DATATYPE_NULL) {
      core::TypeSignature pair;
      pair.append(basic_code(value), 1);
      pair.append(basic_code(MPI_INT), 1);
      sig.append(pair, times);
      return true;
    }
    std::uint32_t code = basic_code(t);
    sig.append(code == 0 ? 1000 : code, times);
    return true;
  }
  core::TypeSignature inner;
  bool ok = true;
  auto sum = [&](std::size_t from, int n) {
    std::uint64_t s = 0;
    for (int i = 0; i < n; ++i) s += static_cast<std::uint64_t>(ints[from + static_cast<std::size_t>(i)]);
    return s;
  };
  switch (combiner) {
    case MPI_COMBINER_DUP:
    case MPI_COMBINER_RESIZED: ok = append_signature(inner, types[0], 1, depth + 1); break;
    case MPI_COMBINER_CONTIGUOUS:
      ok = append_signature(inner, types[0], static_cast<std::uint64_t>(ints[0]), depth + 1);
      break;
    case MPI_COMBINER_VECTOR:
    case MPI_COMBINER_HVECTOR:
      ok = append_signature(inner, types[0], static_cast<std::uint64_t>(ints[0]) * static_cast<std::uint64_t>(ints[1]), depth + 1);
      break;
    case MPI_COMBINER_INDEXED_BLOCK:
    case MPI_COMBINER_HINDEXED_BLOCK:
      ok = append_signature(inner, types[0], static_cast<std::uint64_t>(ints[0]) * static_cast<std::uint64_t>(ints[1]), depth + 1);
      break;
    case MPI_COMBINER_INDEXED:
    case MPI_COMBINER_HINDEXED:
      ok = append_signature(inner, types[0], sum(1, ints[0]), depth + 1);
      break;
    case MPI_COMBINER_STRUCT:
      for (int i = 0; ok && i < ints[0]; ++i)
        ok = append_signature(inner, types[static_cast<std::size_t>(i)],
                              static_cast<std::uint64_t>(ints[static_cast<std::size_t>(i) + 1]), depth + 1);
      break;
    case MPI_COMBINER_SUBARRAY: {
      std::uint64_t n = 1;
      for (int i = 0; i < ints[0]; ++i) n *= static_cast<std::uint64_t>(ints[static_cast<std::size_t>(ints[0] + i) + 1]);
      ok = append_signature(inner, types[0], n, depth + 1);
      break;
    }
    default: ok = false;  // darray and others: no signature check
  }
  if (ok) sig.append(inner, times);
  return ok;
}
}  // namespace

std::optional<core::TypeSignature> signature(int count, MPI_Datatype t) {
  core::TypeSignature sig;
  if (count < 0 || t == MPI_DATATYPE_NULL) return std::nullopt;
  if (!append_signature(sig, t, static_cast<std::uint64_t>(count), 0)) return std::nullopt;
  return sig;
}

std::uint64_t extent_bytes(int count, MPI_Datatype t) {
  if (count <= 0 || t == MPI_DATATYPE_NULL) return 0;
  MPI_Aint lb = 0, extent = 0, true_lb = 0, true_extent = 0;
  PMPI_Type_get_extent(t, &lb, &extent);
  PMPI_Type_get_true_extent(t, &true_lb, &true_extent);
  return static_cast<std::uint64_t>(true_lb + (count - 1) * extent + true_extent);
}


namespace {
using Blocks = std::vector<std::pair<std::int64_t, std::int64_t>>;

// Beyond this many blocks per (type, count) the whole span stands for them.
constexpr std::size_t max_blocks = 1 << 16;

// Appends [lo, hi), merged with the last block when they touch.
void add_block(Blocks& out, std::int64_t lo, std::int64_t hi) {
  if (lo >= hi) return;
  if (!out.empty() && out.back().second == lo) out.back().second = hi;
  else out.emplace_back(lo, hi);
}

// The bytes one element of t touches relative to its address, in typemap
// order, decoded from the type's constructor (MPI-3.1 §4.1.13) without
// touching memory; nullopt for combiners not decoded here (subarray, darray,
// ...) or past max_blocks.
std::optional<Blocks> decoded_blocks(MPI_Datatype t, int depth = 0) {
  const Contents c(t);
  if (depth > 16 || !c.ok) return std::nullopt;
  Blocks out;
  if (c.combiner == MPI_COMBINER_NAMED) {
    int size = 0;
    PMPI_Type_size(t, &size);
    add_block(out, 0, size);
    return out;
  }
  // Each constituent type decoded once, with its extent (the stride of its elements).
  std::vector<Blocks> inner;
  std::vector<std::int64_t> extent;
  for (MPI_Datatype k : c.types) {
    MPI_Aint lb = 0, ext = 0;
    auto blocks = decoded_blocks(k, depth + 1);
    if (!blocks || PMPI_Type_get_extent(k, &lb, &ext) != MPI_SUCCESS) return std::nullopt;
    inner.push_back(std::move(*blocks));
    extent.push_back(ext);
  }
  // n consecutive elements of the k-th constituent type, the first at `at`.
  auto run = [&](std::size_t k, std::int64_t at, std::int64_t n) {
    for (std::int64_t e = 0; e < n; ++e) {
      for (const auto& [lo, hi] : inner[k]) add_block(out, at + e * extent[k] + lo, at + e * extent[k] + hi);
      if (out.size() > max_blocks) return false;
    }
    return true;
  };
  const auto& ints = c.ints;
  const auto& addrs = c.addrs;
  bool ok = true;
  switch (c.combiner) {
    case MPI_COMBINER_DUP:
    case MPI_COMBINER_RESIZED: ok = run(0, 0, 1); break;  // resizing moves no byte
    case MPI_COMBINER_CONTIGUOUS: ok = run(0, 0, ints[0]); break;
    case MPI_COMBINER_VECTOR:  // count, blocklength, stride in elements
      for (int i = 0; ok && i < ints[0]; ++i) ok = run(0, i * ints[2] * extent[0], ints[1]);
      break;
    case MPI_COMBINER_HVECTOR:  // count, blocklength; stride in bytes
      for (int i = 0; ok && i < ints[0]; ++i) ok = run(0, i * addrs[0], ints[1]);
      break;
    case MPI_COMBINER_INDEXED:  // count, blocklengths[count], displacements[count] in elements
      for (int i = 0; ok && i < ints[0]; ++i)
        ok = run(0, ints[static_cast<std::size_t>(ints[0] + 1 + i)] * extent[0], ints[static_cast<std::size_t>(1 + i)]);
      break;
    case MPI_COMBINER_HINDEXED:  // count, blocklengths[count]; displacements in bytes
      for (int i = 0; ok && i < ints[0]; ++i)
        ok = run(0, addrs[static_cast<std::size_t>(i)], ints[static_cast<std::size_t>(1 + i)]);
      break;
    case MPI_COMBINER_INDEXED_BLOCK:  // count, blocklength, displacements[count] in elements
      for (int i = 0; ok && i < ints[0]; ++i)
        ok = run(0, ints[static_cast<std::size_t>(2 + i)] * extent[0], ints[1]);
      break;
    case MPI_COMBINER_HINDEXED_BLOCK:  // count, blocklength; displacements in bytes
      for (int i = 0; ok && i < ints[0]; ++i) ok = run(0, addrs[static_cast<std::size_t>(i)], ints[1]);
      break;
    case MPI_COMBINER_STRUCT:  // count, blocklengths[count]; displacements, types per block
      for (int i = 0; ok && i < ints[0]; ++i) {
        const auto k = static_cast<std::size_t>(i);
        ok = run(k, addrs[k], ints[k + 1]);
      }
      break;
    default: ok = false;
  }
  if (!ok) return std::nullopt;
  return out;
}

// count x t as sorted disjoint blocks, from the decoded element.
std::optional<Blocks> replicated_blocks(int count, MPI_Datatype t, std::int64_t extent) {
  const auto element = decoded_blocks(t);
  if (!element || element->size() * static_cast<std::size_t>(count) > max_blocks) return std::nullopt;
  Blocks all;
  for (std::int64_t e = 0; e < count; ++e)
    for (const auto& [lo, hi] : *element) all.emplace_back(e * extent + lo, e * extent + hi);
  std::sort(all.begin(), all.end());
  Blocks out;
  for (const auto& [lo, hi] : all) {
    if (!out.empty() && lo <= out.back().second) out.back().second = std::max(out.back().second, hi);
    else out.emplace_back(lo, hi);
  }
  return out;
}

// The gaps of count x t, found by unpacking (costs a pass over the span).
std::optional<Blocks> unpacked_blocks(int count, MPI_Datatype t, std::int64_t tlb, std::int64_t span) {
  int packed_size = 0;
  if (PMPI_Pack_size(count, t, MPI_COMM_SELF, &packed_size) != MPI_SUCCESS) return std::nullopt;
  // Unpack a packed buffer of 0xFF bytes into a zeroed copy of the span
  // (native unpacking copies bytes); the type's first byte lands on scratch[0].
  std::vector<unsigned char> packed(static_cast<std::size_t>(packed_size), 0xFF);
  std::vector<unsigned char> scratch(static_cast<std::size_t>(span), 0);
  auto* out = reinterpret_cast<void*>(reinterpret_cast<std::uintptr_t>(scratch.data()) -
                                      static_cast<std::uintptr_t>(tlb));
  int pos = 0;
  if (PMPI_Unpack(packed.data(), packed_size, &pos, out, count, t, MPI_COMM_SELF) != MPI_SUCCESS)
    return std::nullopt;
  Blocks blocks;
  for (std::int64_t i = 0; i < span; ++i) {
    if (!scratch[static_cast<std::size_t>(i)]) continue;
    if (!blocks.empty() && blocks.back().second == tlb + i) ++blocks.back().second;
    else blocks.emplace_back(tlb + i, tlb + i + 1);
  }
  return blocks;
}

// A datatype never changes, so its gaps are found once per count (a halo
// exchange sends the same column type every step); MPI_Type_free forgets
// them, since MPI may hand the handle out again.
struct BlocksCache {
  std::mutex m;
  std::map<std::pair<std::uint64_t, int>, Blocks> by_type;
};
BlocksCache& blocks_cache() {
  static auto* c = new BlocksCache;
  return *c;
}
}  // namespace

void forget_type_blocks(MPI_Datatype t) {
  auto& c = blocks_cache();
  std::lock_guard lock(c.m);
  const std::uint64_t k = key(t);
  for (auto it = c.by_type.lower_bound({k, INT_MIN}); it != c.by_type.end() && it->first.first == k;)
    it = c.by_type.erase(it);
}

Blocks type_blocks(int count, MPI_Datatype t) {
  if (count <= 0 || t == MPI_DATATYPE_NULL) return {};
  MPI_Aint lb = 0, extent = 0, tlb = 0, textent = 0;
  int size = 0;
  if (PMPI_Type_get_extent(t, &lb, &extent) != MPI_SUCCESS ||
      PMPI_Type_get_true_extent(t, &tlb, &textent) != MPI_SUCCESS ||
      PMPI_Type_size(t, &size) != MPI_SUCCESS || size <= 0 || extent < 0 || textent <= 0)
    return {};
  const auto span = static_cast<std::int64_t>((count - 1) * extent + textent);
  const auto bytes = static_cast<std::int64_t>(size) * count;
  const Blocks whole{{tlb, tlb + span}};
  if (bytes >= span) return whole;
  auto& c = blocks_cache();
  std::lock_guard lock(c.m);
  auto [it, fresh] = c.by_type.try_emplace({key(t), count});
  if (fresh) {
    std::optional<Blocks> b = replicated_blocks(count, t, extent);
    if (!b && span <= (1 << 20)) b = unpacked_blocks(count, t, tlb, span);
    it->second = b.value_or(whole);
  }
  return it->second;
}

}  // namespace assay::interpose
