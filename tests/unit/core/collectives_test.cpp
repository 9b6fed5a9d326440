#include "assay/core/collectives.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace assay::core {
namespace {

CollDescriptor bcast(int root) {
  CollDescriptor d;
  d.kind = CollKind::bcast;
  d.root = root;
  d.has_signature = 1;
  d.signature_hash = 42;
  d.signature_elements = 1;
  return d;
}

std::optional<ErrorClass> class_on(const std::vector<CollDescriptor>& all, int rank) {
  auto m = compare(all, rank);
  if (!m) return std::nullopt;
  return m->cls;
}

TEST(Collectives, IdenticalCallsMatch) {
  std::vector<CollDescriptor> all = {bcast(0), bcast(0), bcast(0)};
  for (int r = 0; r < 3; ++r) EXPECT_FALSE(compare(all, r));
  EXPECT_TRUE(kinds_agree(all));
}

TEST(Collectives, OnlyDeviatingRanksReport) {
  std::vector<CollDescriptor> all = {bcast(0), bcast(1), bcast(0)};
  EXPECT_FALSE(compare(all, 0));
  EXPECT_EQ(class_on(all, 1), ErrorClass::coll_arg_root_mismatch);
  EXPECT_EQ(compare(all, 1)->reference_rank, 0);
  EXPECT_FALSE(compare(all, 2));
}

TEST(Collectives, KindMismatchClasses) {
  CollDescriptor barrier;
  barrier.kind = CollKind::barrier;
  EXPECT_EQ(class_on({barrier, bcast(0)}, 1), ErrorClass::coll_order_mismatch);
  CollDescriptor fin;
  fin.kind = CollKind::finalize;
  EXPECT_EQ(class_on({bcast(0), fin}, 1), ErrorClass::coll_order_conditional);
  CollDescriptor ibarrier = barrier;
  ibarrier.nonblocking = 1;
  EXPECT_EQ(class_on({barrier, ibarrier}, 1), ErrorClass::coll_order_nbc_mismatch);
  EXPECT_FALSE(kinds_agree(std::vector<CollDescriptor>{barrier, ibarrier}));
}

TEST(Collectives, OpAndSignatureMismatch) {
  CollDescriptor a = bcast(0), b = bcast(0);
  a.kind = b.kind = CollKind::allreduce;
  a.op = 1;
  b.op = 2;
  EXPECT_EQ(class_on({a, b}, 1), ErrorClass::coll_arg_op_mismatch);
  b.op = user_op;  // user ops are not comparable across ranks
  EXPECT_FALSE(compare(std::vector<CollDescriptor>{a, b}, 1));
  b.op = 1;
  b.signature_hash = 43;
  EXPECT_EQ(class_on({a, b}, 1), ErrorClass::coll_arg_type_mismatch);
  b.has_signature = 0;  // e.g. a v-variant: nothing to compare
  EXPECT_FALSE(compare(std::vector<CollDescriptor>{a, b}, 1));
}

}  // namespace
}  // namespace assay::core
