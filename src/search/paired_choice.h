// Choosing among a decision's options valued in the same sampled worlds (the searched bury and
// declaring): the best option by mean replaces the baseline (the heuristic's choice) only when
// its gain over it, paired world by world, exceeds `margin` standard errors, since the best of
// many noisy means is often merely the luckiest.
#pragma once
#include <algorithm>
#include <cmath>
#include <vector>

namespace duidiao {

// What a searched decision found for the option it chose.
struct ChoiceValue {
  double mean = 0;         // the chosen option's mean value
  double gain = 0;         // the best option's mean gain over the baseline (0 if not chosen)
  double gain_stderr = 0;  // and its standard error
};

class PairedChoice {
 public:
  PairedChoice(size_t options, size_t baseline)
      : baseline_(baseline), sum_(options, 0), gain_(options, 0), gain_sq_(options, 0) {}

  // One world's value of every option.
  void add(const std::vector<int>& values) {
    for (size_t i = 0; i < values.size(); ++i) {
      const double g = values[i] - values[baseline_];
      sum_[i] += values[i];
      gain_[i] += g;
      gain_sq_[i] += g * g;
    }
    ++worlds_;
  }

  struct Result : ChoiceValue {
    size_t option = 0;  // the chosen one
  };

  Result choose(double margin) const {
    Result r;
    r.option = baseline_;
    if (worlds_ == 0) return r;
    const size_t best = size_t(std::max_element(sum_.begin(), sum_.end()) - sum_.begin());
    const double n = worlds_;
    const double mean_gain = gain_[best] / n;
    const double var =
        n > 1 ? std::max(0.0, (gain_sq_[best] - gain_[best] * gain_[best] / n) / (n - 1)) : 0;
    r.gain_stderr = std::sqrt(var / n);
    if (best != baseline_ && n > 1 && mean_gain > margin * r.gain_stderr) {
      r.option = best;
      r.gain = mean_gain;
    }
    r.mean = sum_[r.option] / n;
    return r;
  }

  int worlds() const { return worlds_; }

 private:
  size_t baseline_;
  std::vector<double> sum_, gain_, gain_sq_;
  int worlds_ = 0;
};

}  // namespace duidiao
