#include "overhead/kernels/mesh.hpp"

#include <gtest/gtest.h>

#include <set>

namespace assay::overhead {

namespace {

std::vector<std::int64_t> ids(const LocalMesh& m, const std::vector<int>& locals) {
  std::vector<std::int64_t> out;
  for (int l : locals) out.push_back(m.global_id[static_cast<std::size_t>(l)]);
  return out;
}

const HaloNeighbor* neighbor(const LocalMesh& m, int rank) {
  for (const auto& nb : m.neighbors)
    if (nb.rank == rank) return &nb;
  return nullptr;
}

}  // namespace

TEST(OverheadMesh, PermutationIsABijection) {
  const std::int64_t n = 6 * 7 * 5;
  std::set<std::int64_t> seen;
  for (std::int64_t i = 0; i < n; ++i) seen.insert(permuted_id(i, n, 99));
  EXPECT_EQ(seen.size(), static_cast<std::size_t>(n));
  EXPECT_EQ(*seen.begin(), 0);
  EXPECT_EQ(*seen.rbegin(), n - 1);
  EXPECT_NE(permuted_id(1, n, 99), 1);  // the numbering really is shuffled
}

TEST(OverheadMesh, GhostListsMatchTheSendListsOfTheOwners) {
  MeshShape shape{3, 4, 5, 7};
  const int nranks = 3;
  std::vector<LocalMesh> parts;
  for (int r = 0; r < nranks; ++r) parts.push_back(build_local_mesh(shape, r, nranks));
  EXPECT_EQ(parts[0].neighbors.size(), 1u);
  EXPECT_EQ(parts[1].neighbors.size(), 2u);
  for (int r = 0; r < nranks; ++r)
    for (const auto& nb : parts[static_cast<std::size_t>(r)].neighbors) {
      const HaloNeighbor* back = neighbor(parts[static_cast<std::size_t>(nb.rank)], r);
      ASSERT_NE(back, nullptr);
      EXPECT_EQ(ids(parts[static_cast<std::size_t>(r)], nb.recv), ids(parts[static_cast<std::size_t>(nb.rank)], back->send));
      EXPECT_EQ(nb.recv.size(), 4u * 5u);  // one face of the slab
    }
}

TEST(OverheadMesh, EveryGridEdgeIsOwnedExactlyWhereAnEndIs) {
  MeshShape shape{2, 3, 4, 1};
  const int nranks = 2;
  // Edges of a 4×3×4 grid: 3·3·4 + 4·2·4 + 4·3·3 = 36 + 32 + 36 = 104; the 12 cut
  // edges (between x-planes 1 and 2) are held by both ranks.
  std::size_t total = 0;
  for (int r = 0; r < nranks; ++r) {
    LocalMesh m = build_local_mesh(shape, r, nranks);
    EXPECT_EQ(m.owned, 2 * 3 * 4);
    EXPECT_EQ(m.ghosts, 3 * 4);
    for (const Edge& e : m.edges) {
      EXPECT_TRUE(e.a < m.owned || e.b < m.owned);
      double weight = e.normal[0] + e.normal[1] + e.normal[2];
      EXPECT_GE(weight, 0.75);
      EXPECT_LT(weight, 1.25);
    }
    total += m.edges.size();
  }
  EXPECT_EQ(total, 104u + 12u);
}

TEST(OverheadMesh, OwnedPointsAreOrderedByPermutedId) {
  LocalMesh m = build_local_mesh({4, 4, 4, 3}, 1, 2);
  for (int p = 1; p < m.owned; ++p)
    EXPECT_LT(m.global_id[static_cast<std::size_t>(p - 1)], m.global_id[static_cast<std::size_t>(p)]);
}

}  // namespace assay::overhead
