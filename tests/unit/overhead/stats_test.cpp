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

// Issue 20, item 17: the interval of a median, and when adaptive timing stops.
TEST(OverheadStats, MedianIntervalOfTwoValuesSpansBoth) {
  // Resampled medians of {1, 2} are 1, 1.5 or 2 (a quarter, a half, a quarter of
  // the time): the 2.5 % and 97.5 % percentiles are the two values.
  MedianEstimate m = median_with_ci({1, 2});
  EXPECT_DOUBLE_EQ(m.median, 1.5);
  EXPECT_DOUBLE_EQ(m.low, 1.0);
  EXPECT_DOUBLE_EQ(m.high, 2.0);
  EXPECT_DOUBLE_EQ(m.relative_half_width(), 0.5 / 1.5);
}

TEST(OverheadStats, MedianIntervalOfConstantSamplesIsAPoint) {
  MedianEstimate m = median_with_ci({4, 4, 4, 4});
  EXPECT_DOUBLE_EQ(m.low, 4);
  EXPECT_DOUBLE_EQ(m.high, 4);
  EXPECT_DOUBLE_EQ(m.relative_half_width(), 0);
}

TEST(OverheadStats, AdaptiveTimingStopsWhenPrecise) {
  AdaptiveTiming t(StopRule{0.05, 60, 50, 5});
  EXPECT_EQ(t.decision(), AdaptiveTiming::Stop::more);  // nothing measured yet
  t.add({1.00, 1.01, 0.99, 1.00, 1.02}, 1.0);
  EXPECT_EQ(t.decision(), AdaptiveTiming::Stop::precise);
  EXPECT_EQ(t.launches(), 1);
  EXPECT_LE(t.estimate().relative_half_width(), 0.05);
}

TEST(OverheadStats, AdaptiveTimingGoesOnWhileImpreciseThenStopsAtItsBudget) {
  AdaptiveTiming t(StopRule{0.05, 10, 50, 5});
  t.add({1.0, 2.0, 0.5, 1.6, 0.8}, 4.0);  // ±50 %: far from 5 %
  EXPECT_GT(t.estimate().relative_half_width(), 0.05);
  EXPECT_EQ(t.decision(), AdaptiveTiming::Stop::more);
  t.add({1.9, 0.6, 1.4}, 4.0);
  EXPECT_EQ(t.decision(), AdaptiveTiming::Stop::more);  // 8 s of 10
  t.add({0.7, 1.8, 1.1}, 4.0);
  EXPECT_EQ(t.decision(), AdaptiveTiming::Stop::budget);
  EXPECT_EQ(t.launches(), 3);
  EXPECT_DOUBLE_EQ(t.spent_s(), 12.0);
  EXPECT_EQ(t.samples().size(), 11u);  // every launch's times pooled
}

TEST(OverheadStats, AdaptiveTimingNeedsEnoughSamplesBeforeItTrustsAnInterval) {
  AdaptiveTiming t(StopRule{0.05, 60, 50, 5});
  t.add({1.0, 1.0}, 1.0);  // a point interval from two samples proves nothing
  EXPECT_EQ(t.decision(), AdaptiveTiming::Stop::more);
  t.add({1.0, 1.0, 1.0}, 1.0);
  EXPECT_EQ(t.decision(), AdaptiveTiming::Stop::precise);
}

TEST(OverheadStats, AdaptiveTimingZeroBudgetIsOneLaunch) {
  AdaptiveTiming t(StopRule{0.05, 0, 50, 5});
  t.add({1.0, 3.0}, 0.5);
  EXPECT_EQ(t.decision(), AdaptiveTiming::Stop::budget);
}

TEST(OverheadStats, AdaptiveTimingStopsAtItsLaunchLimit) {
  AdaptiveTiming t(StopRule{0.05, 1e9, 3, 5});
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(t.decision(), AdaptiveTiming::Stop::more);
    t.add({1.0, 2.0, 0.5}, 1.0);
  }
  EXPECT_EQ(t.decision(), AdaptiveTiming::Stop::launches);
}

TEST(OverheadStats, AdaptiveTimingReportsTheIntervalOfThePooledSamples) {
  AdaptiveTiming t(StopRule{0.05, 1e9, 50, 5});
  t.add({1.0, 2.0}, 1.0);
  t.add({3.0, 4.0, 5.0}, 1.0);
  const MedianEstimate pooled = median_with_ci({1.0, 2.0, 3.0, 4.0, 5.0});
  const MedianEstimate got = t.estimate();
  EXPECT_DOUBLE_EQ(got.median, 3.0);
  EXPECT_DOUBLE_EQ(got.low, pooled.low);
  EXPECT_DOUBLE_EQ(got.high, pooled.high);
  EXPECT_GE(got.low, 1.0);
  EXPECT_LE(got.high, 5.0);
}

}  // namespace assay::overhead
