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

struct MedianEstimate {
  double median = 0;
  double low = 0, high = 0;  // bootstrap percentile interval of the median
  // Half the interval's width relative to the median: 0.05 = "median ± 5 %".
  double relative_half_width() const { return median > 0 ? (high - low) / 2 / median : 0; }
};

// The median of `samples` with a percentile bootstrap interval at `confidence`.
MedianEstimate median_with_ci(const std::vector<double>& samples, int resamples = 2000, double confidence = 0.95,
                              std::uint64_t seed = 1);

// When to stop timing one run (issue 20, item 17): each launch of the benchmark adds
// its repetition times; the run is repeated until the 95 % interval of the median
// is at most `precision` of the median either way, or the launches so far have used
// the time `budget_s` (0 = one launch, the fixed design), or `max_launches` is reached.
struct StopRule {
  double precision = 0.05;
  double budget_s = 60;
  int max_launches = 50;
  int min_samples = 5;  // fewer samples give no interval worth the name: go on
};

class AdaptiveTiming {
 public:
  enum class Stop { more, precise, budget, launches };
  explicit AdaptiveTiming(StopRule rule) : rule_(rule) {}
  // One launch's repetition times and the wall time it took.
  void add(const std::vector<double>& times_s, double wall_s);
  Stop decision() const;  // `more` while another launch is wanted
  const std::vector<double>& samples() const { return samples_; }
  int launches() const { return launches_; }
  double spent_s() const { return spent_s_; }
  MedianEstimate estimate() const;  // throws std::invalid_argument before the first sample

 private:
  StopRule rule_;
  std::vector<double> samples_;
  int launches_ = 0;
  double spent_s_ = 0;
};

const char* stop_name(AdaptiveTiming::Stop s);  // "precise", "budget", "launches", "more"

}  // namespace assay::overhead
