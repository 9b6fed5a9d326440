// Statistics of the overhead study: order statistics of repetition times and
// the bootstrap confidence interval of a ratio of medians. Pure C++, no MPI;
// every random choice comes from a seeded generator, so reports are reproducible.
#pragma once
#include <cstdint>
#include <vector>

namespace assay::overhead {

// Each throws std::invalid_argument on an empty sample.
double median(std::vector<double> samples);
double min_of(const std::vector<double>& samples);
double max_of(const std::vector<double>& samples);
// Geometric mean of positive values (the mean of ratios that treats 2x and 0.5x alike).
double geometric_mean(const std::vector<double>& values);

struct RatioEstimate {
  double ratio = 0;      // median(numerator) / median(denominator)
  double low = 0, high = 0;  // bootstrap percentile interval
};

// median(numerator)/median(denominator) with a percentile bootstrap interval at
// `confidence` (0.95 = 95 %): each resample draws both samples with replacement.
RatioEstimate ratio_of_medians(const std::vector<double>& numerator, const std::vector<double>& denominator,
                               int resamples = 2000, double confidence = 0.95, std::uint64_t seed = 1);

}  // namespace assay::overhead
