#include "search/belief.h"

#include <algorithm>
#include <cmath>
#include <mutex>
#include <stdexcept>

#include "core/observation_planes.h"

namespace duidiao {

BeliefModel::BeliefModel(int planes_version, std::vector<std::string> presets,
                         std::vector<Layer> layers)
    : presets_(std::move(presets)), layers_(std::move(layers)) {
  if (planes_version != OBSERVATION_PLANES_VERSION)
    throw std::invalid_argument("belief model: made for observation planes version " +
                                std::to_string(planes_version) + ", this build has version " +
                                std::to_string(OBSERVATION_PLANES_VERSION));
  if (presets_.empty()) throw std::invalid_argument("belief model: no preset named");
  for (const std::string& p : presets_) rules_.push_back(Rules::preset(p));  // throws if unknown
  if (layers_.empty()) throw std::invalid_argument("belief model: no layer");
  int width = BELIEF_FEATURES;
  for (size_t i = 0; i < layers_.size(); ++i) {
    const Layer& l = layers_[i];
    if (l.inputs != width || l.outputs < 1 || l.weights.size() != size_t(l.inputs) * l.outputs ||
        l.biases.size() != size_t(l.outputs))
      throw std::invalid_argument("belief model: layer " + std::to_string(i) +
                                  " does not fit (expected " + std::to_string(width) +
                                  " inputs and weights of inputs x outputs)");
    for (float v : l.weights)
      if (!std::isfinite(v)) throw std::invalid_argument("belief model: a weight is not finite");
    for (float v : l.biases)
      if (!std::isfinite(v)) throw std::invalid_argument("belief model: a bias is not finite");
    width = l.outputs;
  }
  if (width != BELIEF_HOLDERS)
    throw std::invalid_argument("belief model: the last layer gives " + std::to_string(width) +
                                " values, not " + std::to_string(BELIEF_HOLDERS));
}

bool BeliefModel::covers(const Rules& rules) const {
  return std::find(rules_.begin(), rules_.end(), rules) != rules_.end();
}

void BeliefModel::log_factors(const Observation& o, std::vector<float>* out) const {
  std::vector<float> planes(size_t(PLANE_NB) * FACE_NB), features(size_t(FACE_NB) * BELIEF_FEATURES);
  observation_planes(o, CardSet{}, planes.data());
  belief_features(planes.data(), features.data());
  out->resize(size_t(FACE_NB) * BELIEF_HOLDERS);
  std::vector<float> x, y;
  for (int f = 0; f < FACE_NB; ++f) {
    x.assign(&features[size_t(f) * BELIEF_FEATURES], &features[size_t(f + 1) * BELIEF_FEATURES]);
    for (size_t i = 0; i < layers_.size(); ++i) {
      const Layer& l = layers_[i];
      y.assign(l.biases.begin(), l.biases.end());
      for (int j = 0; j < l.inputs; ++j) {
        const float v = x[size_t(j)];
        if (v == 0) continue;  // most features are 0
        const float* w = &l.weights[size_t(j) * l.outputs];
        for (int k = 0; k < l.outputs; ++k) y[size_t(k)] += v * w[k];
      }
      if (i + 1 < layers_.size())
        for (float& v : y) v = std::max(v, 0.0f);
      x.swap(y);
    }
    std::copy(x.begin(), x.end(), out->begin() + ptrdiff_t(f) * BELIEF_HOLDERS);
  }
}

void belief_features(const float* planes, float* out) {
  // Rows of the planes (docs/env.md): 0-19 hold cards or facts by face; 18 marks trumps.
  constexpr int CARD_ROWS = 20, TRUMPS = 18, VOIDS = 21, NO_PAIRS = 22, ROLES = 23, COUNTS = 25;
  auto at = [planes](int row, int face) { return planes[row * FACE_NB + face]; };
  int suit[FACE_NB];
  float by_suit[5][CARD_ROWS] = {};
  for (int f = 0; f < FACE_NB; ++f) {
    suit[f] = at(TRUMPS, f) > 0 || f >= 52 ? 4 : f / 13;
    for (int r = 0; r < CARD_ROWS; ++r) by_suit[suit[f]][r] += at(r, f);
  }
  for (int f = 0; f < FACE_NB; ++f) {
    float* o = out + size_t(f) * BELIEF_FEATURES;
    int k = 0;
    for (int r = 0; r < CARD_ROWS; ++r) o[k++] = at(r, f);                 // the face
    for (int r = 0; r < CARD_ROWS; ++r) o[k++] = by_suit[suit[f]][r] / 8;  // its suit
    for (int i = 0; i < 20; ++i) o[k++] = at(VOIDS, i);
    for (int i = 0; i < 20; ++i) o[k++] = at(NO_PAIRS, i);
    for (int i = 0; i < 19; ++i) o[k++] = at(ROLES, i);
    for (int i = 0; i < 9; ++i) o[k++] = at(COUNTS, i);
    for (int i = 0; i < 15; ++i) o[k++] = 0;  // the rank (13) or the joker (2)
    o[k - 15 + (f < 52 ? f % 13 : 13 + (f - 52))] = 1;
  }
}

namespace {
std::mutex model_lock;
std::shared_ptr<const BeliefModel> current_model;
}  // namespace

void set_belief_model(std::shared_ptr<const BeliefModel> model) {
  std::lock_guard<std::mutex> hold(model_lock);
  current_model = std::move(model);
}

std::shared_ptr<const BeliefModel> belief_model() {
  std::lock_guard<std::mutex> hold(model_lock);
  return current_model;
}

}  // namespace duidiao
