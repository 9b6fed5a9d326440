#include "overhead/stats.hpp"

#include <gtest/gtest.h>

#include <stdexcept>

namespace assay::overhead {

TEST(OverheadStats, MedianOfOddAndEvenSamples) {
  EXPECT_DOUBLE_EQ(median({3, 1, 2}), 2);
  EXPECT_DOUBLE_EQ(median({4, 1, 3, 2}), 2.5);
  EXPECT_DOUBLE_EQ(median({7}), 7);
}

TEST(OverheadStats, MinMaxAndGeometricMean) {
  EXPECT_DOUBLE_EQ(min_of({3, -1, 2}), -1);
  EXPECT_DOUBLE_EQ(max_of({3, -1, 2}), 3);
  EXPECT_NEAR(geometric_mean({2, 0.5}), 1.0, 1e-12);
  EXPECT_NEAR(geometric_mean({1, 10, 100}), 10.0, 1e-12);
}

TEST(OverheadStats, EmptyOrNonPositiveInputIsRejected) {
  EXPECT_THROW(median({}), std::invalid_argument);
  EXPECT_THROW(min_of({}), std::invalid_argument);
  EXPECT_THROW(geometric_mean({1, 0}), std::invalid_argument);
  EXPECT_THROW(ratio_of_medians({1}, {}), std::invalid_argument);
  EXPECT_THROW(ratio_of_medians({1}, {1}, 100, 1.5), std::invalid_argument);
}

TEST(OverheadStats, RatioOfMediansWithItsInterval) {
  std::vector<double> native = {1.00, 1.02, 0.98, 1.01, 0.99, 1.03, 0.97};
  std::vector<double> tool = {2.00, 2.04, 1.96, 2.02, 1.98, 2.06, 1.94};
  RatioEstimate e = ratio_of_medians(tool, native);
  EXPECT_DOUBLE_EQ(e.ratio, 2.0);
  EXPECT_LE(e.low, e.ratio);
  EXPECT_GE(e.high, e.ratio);
  // Every resampled ratio lies between the extreme ratios of the samples.
  EXPECT_GE(e.low, 1.94 / 1.03);
  EXPECT_LE(e.high, 2.06 / 0.97);
  EXPECT_LT(e.high - e.low, 0.2);
}

TEST(OverheadStats, BootstrapIsDeterministicPerSeed) {
  std::vector<double> a = {1, 2, 3, 4, 5, 6}, b = {1, 1.5, 2, 2.5, 3, 9};
  RatioEstimate first = ratio_of_medians(a, b, 500, 0.95, 42);
  RatioEstimate again = ratio_of_medians(a, b, 500, 0.95, 42);
  EXPECT_EQ(first.low, again.low);
  EXPECT_EQ(first.high, again.high);
  RatioEstimate other = ratio_of_medians(a, b, 500, 0.95, 43);
  EXPECT_TRUE(other.low != first.low || other.high != first.high);
}

TEST(OverheadStats, ConstantSamplesGiveAPointInterval) {
  RatioEstimate e = ratio_of_medians({3, 3, 3}, {2, 2, 2});
  EXPECT_DOUBLE_EQ(e.ratio, 1.5);
  EXPECT_DOUBLE_EQ(e.low, 1.5);
  EXPECT_DOUBLE_EQ(e.high, 1.5);
}

}  // namespace assay::overhead
