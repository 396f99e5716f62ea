// A learned belief: where the cards a seat cannot see are, predicted from its observation
// planes (observation_planes.h) by a small network trained on self-play (docs/belief.md).
// For every face it gives the chance that a hidden copy is with each of the other three seats
// or in the kitty. The search uses it to weigh its sampled worlds (pimc.h, `belief`): a world
// counts by how much likelier the model finds its placement of the hidden cards than the
// uniform draw does, tempered by a setting.
//
// The weights come from a file the Python package reads (duidiao.search.belief); this is the
// network's arithmetic only, so the search loop runs no Python.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "core/observation.h"

namespace duidiao {

// The places a hidden card can be, from the observer: the seats rel 1, 2, 3 and the kitty.
constexpr int BELIEF_HOLDERS = 4;

// The network reads each face apart, with the same weights for every face (a small model that
// learns from every card of every example): BELIEF_FEATURES numbers a face, built from the
// planes by belief_features (the training script calls it through the bindings, so the search
// and the training read the planes one way).
constexpr int BELIEF_FEATURES = 123;
// planes: PLANE_NB x FACE_NB (observation_planes); out: FACE_NB x BELIEF_FEATURES.
void belief_features(const float* planes, float* out);

class BeliefModel {
 public:
  // layers[i]: the weights (rows: inputs, columns: outputs, row-major) and the biases of a dense
  // layer; ReLU between layers, none after the last. Applied to each face: the first takes its
  // BELIEF_FEATURES, the last gives BELIEF_HOLDERS log-factors. `presets`: the rules it was
  // trained under (it is used under those only). Throws std::invalid_argument on a mismatch.
  struct Layer {
    int inputs = 0, outputs = 0;
    std::vector<float> weights, biases;
  };
  BeliefModel(int planes_version, std::vector<std::string> presets, std::vector<Layer> layers);

  const std::vector<std::string>& presets() const { return presets_; }
  // Trained under these rules (one of its presets' rules exactly).
  bool covers(const Rules& rules) const;
  // out[face * BELIEF_HOLDERS + h]: the log-factor by which the model finds a hidden copy of
  // the face likelier at holder h (seen from o.seat) than the uniform guess of the hidden cards'
  // counts and the known voids does. Only differences between holders mean something: a
  // world's weight is exp(sum over its hidden cards), normalised over the worlds.
  void log_factors(const Observation& o, std::vector<float>* out) const;

 private:
  std::vector<std::string> presets_;
  std::vector<Rules> rules_;
  std::vector<Layer> layers_;
};

// The model the bots' `belief` setting uses: none until the package loads its shipped file.
void set_belief_model(std::shared_ptr<const BeliefModel> model);
std::shared_ptr<const BeliefModel> belief_model();

}  // namespace duidiao
