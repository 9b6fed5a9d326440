#include "assay/core/type_signature.hpp"

#include <gtest/gtest.h>

namespace assay::core {
namespace {

TEST(TypeSignature, ContiguousEqualsRepeatedBasic) {
  TypeSignature two_ints, pair;
  two_ints.append(1, 2);
  TypeSignature one_int;
  one_int.append(1, 1);
  pair.append(one_int, 2);
  EXPECT_EQ(two_ints, pair);
  EXPECT_EQ(two_ints.hash(), pair.hash());
  EXPECT_EQ(pair.elements(), 2u);
}

TEST(TypeSignature, DifferentTypesOrCountsDiffer) {
  TypeSignature ints, doubles, more_ints;
  ints.append(1, 2);
  doubles.append(2, 2);
  more_ints.append(1, 3);
  EXPECT_NE(ints.hash(), doubles.hash());
  EXPECT_NE(ints.hash(), more_ints.hash());
}

TEST(TypeSignature, StructSignatureRepeats) {
  TypeSignature s;  // {int, double}
  s.append(1, 1);
  s.append(2, 1);
  TypeSignature three;
  three.append(s, 3);
  TypeSignature manual;
  for (int i = 0; i < 3; ++i) {
    manual.append(1, 1);
    manual.append(2, 1);
  }
  EXPECT_EQ(three, manual);
  EXPECT_EQ(three.elements(), 6u);
}

}  // namespace
}  // namespace assay::core

namespace assay::core {
namespace {

TEST(TypeSignature, PrefixIsWhatAShorterMessageMustMatch) {
  TypeSignature recv;  // 2 ints then 2 doubles
  recv.append(1, 2);
  recv.append(2, 2);
  TypeSignature three;  // 2 ints, 1 double
  three.append(1, 2);
  three.append(2, 1);
  EXPECT_EQ(recv.prefix(3), three);
  EXPECT_EQ(recv.prefix(3).hash(), three.hash());
  EXPECT_EQ(recv.prefix(10), recv);
  EXPECT_TRUE(recv.contains(2));
  EXPECT_FALSE(recv.contains(3));
}

}  // namespace
}  // namespace assay::core
