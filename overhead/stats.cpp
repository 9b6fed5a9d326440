#include "overhead/stats.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>

namespace assay::overhead {

namespace {

void require_samples(const std::vector<double>& samples) {
  if (samples.empty()) throw std::invalid_argument("statistics of an empty sample");
}

// SplitMix64: tiny, well mixed, and unlike std::uniform_int_distribution its
// output is the same with every standard library.
class SplitMix {
 public:
  explicit SplitMix(std::uint64_t seed) : state_(seed) {}
  std::size_t below(std::size_t n) { return static_cast<std::size_t>(next() % n); }

 private:
  std::uint64_t state_;
  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
};

std::vector<double> resample(const std::vector<double>& samples, SplitMix& rng) {
  std::vector<double> drawn(samples.size());
  for (double& d : drawn) d = samples[rng.below(samples.size())];
  return drawn;
}

// Linear interpolation between closest ranks of sorted values, q in [0, 1].
double quantile_of_sorted(const std::vector<double>& sorted, double q) {
  double pos = q * static_cast<double>(sorted.size() - 1);
  auto below = static_cast<std::size_t>(std::floor(pos));
  std::size_t above = std::min(below + 1, sorted.size() - 1);
  double frac = pos - static_cast<double>(below);
  return sorted[below] + frac * (sorted[above] - sorted[below]);
}

}  // namespace

double median(std::vector<double> samples) {
  require_samples(samples);
  std::sort(samples.begin(), samples.end());
  return quantile_of_sorted(samples, 0.5);
}

double min_of(const std::vector<double>& samples) {
  require_samples(samples);
  return *std::min_element(samples.begin(), samples.end());
}

double max_of(const std::vector<double>& samples) {
  require_samples(samples);
  return *std::max_element(samples.begin(), samples.end());
}

double geometric_mean(const std::vector<double>& values) {
  require_samples(values);
  double log_sum = 0;
  for (double v : values) {
    if (!(v > 0)) throw std::invalid_argument("geometric mean of a non-positive value");
    log_sum += std::log(v);
  }
  return std::exp(log_sum / static_cast<double>(values.size()));
}

RatioEstimate ratio_of_medians(const std::vector<double>& numerator, const std::vector<double>& denominator,
                               int resamples, double confidence, std::uint64_t seed) {
  require_samples(numerator);
  require_samples(denominator);
  if (resamples < 1 || !(confidence > 0 && confidence < 1))
    throw std::invalid_argument("bootstrap needs resamples >= 1 and 0 < confidence < 1");
  RatioEstimate estimate;
  estimate.ratio = median(numerator) / median(denominator);
  SplitMix rng(seed);
  std::vector<double> ratios(static_cast<std::size_t>(resamples));
  for (double& r : ratios) {
    double top = median(resample(numerator, rng));
    r = top / median(resample(denominator, rng));
  }
  std::sort(ratios.begin(), ratios.end());
  double tail = (1 - confidence) / 2;
  estimate.low = quantile_of_sorted(ratios, tail);
  estimate.high = quantile_of_sorted(ratios, 1 - tail);
  return estimate;
}

}  // namespace assay::overhead

namespace assay::overhead {

MedianEstimate median_with_ci(const std::vector<double>& samples, int resamples, double confidence,
                              std::uint64_t seed) {
  require_samples(samples);
  if (resamples < 1 || !(confidence > 0 && confidence < 1))
    throw std::invalid_argument("bootstrap needs resamples >= 1 and 0 < confidence < 1");
  MedianEstimate estimate;
  estimate.median = median(samples);
  SplitMix rng(seed);
  std::vector<double> medians(static_cast<std::size_t>(resamples));
  for (double& m : medians) m = median(resample(samples, rng));
  std::sort(medians.begin(), medians.end());
  const double tail = (1 - confidence) / 2;
  estimate.low = quantile_of_sorted(medians, tail);
  estimate.high = quantile_of_sorted(medians, 1 - tail);
  return estimate;
}

void AdaptiveTiming::add(const std::vector<double>& times_s, double wall_s) {
  samples_.insert(samples_.end(), times_s.begin(), times_s.end());
  ++launches_;
  spent_s_ += wall_s;
}

AdaptiveTiming::Stop AdaptiveTiming::decision() const {
  if (launches_ == 0) return Stop::more;
  if (static_cast<int>(samples_.size()) >= rule_.min_samples && estimate().relative_half_width() <= rule_.precision)
    return Stop::precise;
  if (spent_s_ >= rule_.budget_s) return Stop::budget;
  if (launches_ >= rule_.max_launches) return Stop::launches;
  return Stop::more;
}

MedianEstimate AdaptiveTiming::estimate() const { return median_with_ci(samples_); }

const char* stop_name(AdaptiveTiming::Stop s) {
  switch (s) {
    case AdaptiveTiming::Stop::more: return "more";
    case AdaptiveTiming::Stop::precise: return "precise";
    case AdaptiveTiming::Stop::budget: return "budget";
    case AdaptiveTiming::Stop::launches: return "launches";
  }
  return "?";
}

}  // namespace assay::overhead
