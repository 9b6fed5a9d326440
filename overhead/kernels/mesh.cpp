#include "mesh.hpp"

#include <algorithm>
#include <map>
#include <numeric>
#include <tuple>

namespace assay::overhead {

namespace {

// Multiplier of the affine permutation i -> (a*i + c) mod n: derived from the
// seed, made coprime to n so the map is a bijection.
std::int64_t multiplier(std::int64_t n, std::uint64_t seed) {
  auto a = static_cast<std::int64_t>((seed * 0x9e3779b97f4a7c15ULL >> 33) % static_cast<std::uint64_t>(n)) | 1;
  while (std::gcd(a, n) != 1) a += 2;
  return a;
}

struct Grid {
  MeshShape shape;
  int nranks;
  std::int64_t nx() const { return std::int64_t{shape.planes_per_rank} * nranks; }
  std::int64_t points() const { return nx() * shape.ny * shape.nz; }
  std::int64_t lexicographic(const std::array<int, 3>& p) const {
    return (std::int64_t{p[0]} * shape.ny + p[1]) * shape.nz + p[2];
  }
  int owner(const std::array<int, 3>& p) const { return p[0] / shape.planes_per_rank; }
  bool inside(const std::array<int, 3>& p) const {
    return p[0] >= 0 && p[0] < nx() && p[1] >= 0 && p[1] < shape.ny && p[2] >= 0 && p[2] < shape.nz;
  }
};

// A weight in [0.75, 1.25) that looks irregular but depends only on the edge.
double edge_weight(std::int64_t lower, std::int64_t upper) {
  auto h = static_cast<std::uint64_t>(lower) * 0x9e3779b97f4a7c15ULL ^ static_cast<std::uint64_t>(upper);
  h ^= h >> 29;
  h *= 0xbf58476d1ce4e5b9ULL;
  h ^= h >> 32;
  return 0.75 + 0.5 * static_cast<double>(h % 1024) / 1024.0;
}

struct PointRef {
  std::array<int, 3> at;
  std::int64_t id;
};

}  // namespace

std::int64_t permuted_id(std::int64_t lexicographic, std::int64_t n, std::uint64_t seed) {
  auto c = static_cast<std::int64_t>(seed % static_cast<std::uint64_t>(n));
  // (a*i + c) mod n without overflow for n < 2^62.
  __extension__ using Wide = __int128;  // GCC and Clang; the product needs 128 bits
  Wide product = static_cast<Wide>(multiplier(n, seed)) * lexicographic + c;
  return static_cast<std::int64_t>(product % n);
}

LocalMesh build_local_mesh(const MeshShape& shape, int rank, int nranks) {
  const Grid grid{shape, nranks};
  const std::int64_t n = grid.points();
  auto id_of = [&](const std::array<int, 3>& p) { return permuted_id(grid.lexicographic(p), n, shape.seed); };
  static constexpr std::array<std::array<int, 3>, 3> axes = {{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}};

  // Owned points, and for each cut edge its off-rank end (a ghost) and on-rank end (to send).
  std::vector<PointRef> owned;
  std::map<int, std::vector<PointRef>> ghosts_of, sends_to;
  for (int x = rank * shape.planes_per_rank; x < (rank + 1) * shape.planes_per_rank; ++x)
    for (int y = 0; y < shape.ny; ++y)
      for (int z = 0; z < shape.nz; ++z) owned.push_back({{x, y, z}, id_of({x, y, z})});
  for (const auto& p : owned)
    for (const auto& axis : axes)
      for (int sign : {-1, 1}) {
        std::array<int, 3> q = {p.at[0] + sign * axis[0], p.at[1] + sign * axis[1], p.at[2] + sign * axis[2]};
        if (!grid.inside(q) || grid.owner(q) == rank) continue;
        ghosts_of[grid.owner(q)].push_back({q, id_of(q)});
        sends_to[grid.owner(q)].push_back(p);
      }

  auto by_id = [](const PointRef& l, const PointRef& r) { return l.id < r.id; };
  auto same_id = [](const PointRef& l, const PointRef& r) { return l.id == r.id; };
  auto sort_unique = [&](std::vector<PointRef>& v) {
    std::sort(v.begin(), v.end(), by_id);
    v.erase(std::unique(v.begin(), v.end(), same_id), v.end());
  };

  LocalMesh mesh;
  std::map<std::int64_t, int> local_of;  // global id -> local index
  auto add_point = [&](const PointRef& p) {
    local_of[p.id] = static_cast<int>(mesh.global_id.size());
    mesh.global_id.push_back(p.id);
    mesh.coord.push_back({double(p.at[0]), double(p.at[1]), double(p.at[2])});
  };
  sort_unique(owned);
  for (const auto& p : owned) add_point(p);
  mesh.owned = static_cast<int>(owned.size());
  for (auto& [peer, ghosts] : ghosts_of) {
    sort_unique(ghosts);
    HaloNeighbor nb{peer, {}, {}};
    for (const auto& g : ghosts) {
      add_point(g);
      nb.recv.push_back(local_of[g.id]);
    }
    auto& sends = sends_to[peer];
    sort_unique(sends);
    for (const auto& s : sends) nb.send.push_back(local_of[s.id]);
    mesh.neighbors.push_back(std::move(nb));
  }
  mesh.ghosts = static_cast<int>(mesh.global_id.size()) - mesh.owned;

  // Edges with an owned end, each once, oriented along its axis.
  std::vector<std::tuple<std::int64_t, std::int64_t, Edge>> edges;
  for (const auto& p : owned)
    for (std::size_t dim = 0; dim < axes.size(); ++dim)
      for (int sign : {-1, 1}) {
        const auto& axis = axes[dim];
        std::array<int, 3> q = {p.at[0] + sign * axis[0], p.at[1] + sign * axis[1], p.at[2] + sign * axis[2]};
        if (!grid.inside(q)) continue;
        std::int64_t qid = id_of(q);
        bool q_owned = grid.owner(q) == rank;
        if (q_owned && sign < 0) continue;  // counted from its lower end
        const PointRef lower = sign > 0 ? p : PointRef{q, qid};
        const PointRef upper = sign > 0 ? PointRef{q, qid} : p;
        Edge e;
        e.a = local_of.at(lower.id);
        e.b = local_of.at(upper.id);
        e.normal[dim] = edge_weight(lower.id, upper.id);
        edges.emplace_back(std::min(lower.id, upper.id), std::max(lower.id, upper.id), e);
      }
  std::sort(edges.begin(), edges.end(),
            [](const auto& l, const auto& r) { return std::tie(std::get<0>(l), std::get<1>(l)) <
                                                      std::tie(std::get<0>(r), std::get<1>(r)); });
  for (const auto& t : edges) mesh.edges.push_back(std::get<2>(t));
  return mesh;
}

}  // namespace assay::overhead
