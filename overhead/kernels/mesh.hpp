// A generated unstructured-looking mesh: a box grid of points whose global
// numbering is a seeded permutation, so loops over points and edges access
// memory indirectly like on a real unstructured mesh. Partitioned in slabs of
// `planes_per_rank` x-planes (weak scaling: the per-rank size is fixed). Each
// rank builds only its own part; ghost and send lists are derived from the
// edges that cross the partition, so they match on both sides by construction.
#pragma once
#include <array>
#include <cstdint>
#include <vector>

namespace assay::overhead {

struct MeshShape {
  int planes_per_rank = 8;  // x-planes owned by each rank
  int ny = 24, nz = 24;
  std::uint64_t seed = 2024;
};

struct Edge {
  int a = 0, b = 0;                 // local point indices; a precedes b along the axis
  std::array<double, 3> normal{};   // axis direction times a per-edge weight
};

struct HaloNeighbor {
  int rank = 0;
  std::vector<int> send;  // owned local indices, ordered by global id
  std::vector<int> recv;  // ghost local indices, same order on the sender's side
};

struct LocalMesh {
  int owned = 0, ghosts = 0;                  // local indices: owned first, then ghosts
  std::vector<std::int64_t> global_id;        // permuted global number of each local point
  std::vector<std::array<double, 3>> coord;   // grid coordinates of each local point
  std::vector<Edge> edges;                    // every edge with an owned end, by global id
  std::vector<HaloNeighbor> neighbors;        // by rank
};

LocalMesh build_local_mesh(const MeshShape& shape, int rank, int nranks);

// The seeded permutation of [0, n) used for global numbering (a bijection).
std::int64_t permuted_id(std::int64_t lexicographic, std::int64_t n, std::uint64_t seed);

}  // namespace assay::overhead
