// Bindings of the world sampler (determinized search): worlds as core Hands or as mask arrays.
#include <pybind11/numpy.h>

#include "bindings.h"
#include "search/sampler.h"

using namespace duidiao;

// (n, 5, COPIES): the four seats' whole hands then the kitty, as their planes; and each world's
// log tilt (WorldSampler::tilt; 0 untilted).
namespace {

std::pair<py::array_t<uint64_t>, py::array_t<double>> sample_masks(const WorldSampler& s, int n,
                                                                   uint64_t seed) {
  if (n < 0) throw std::invalid_argument("n must be >= 0");
  py::array_t<uint64_t> out({py::ssize_t(n), py::ssize_t(5), py::ssize_t(COPIES)});
  py::array_t<double> tilts(n);
  uint64_t* a = out.mutable_data();
  double* t = tilts.mutable_data();
  {
    py::gil_scoped_release release;
    Rng rng(seed);
    Hand world;
    for (int i = 0; i < n; ++i) {
      if (!s.try_sample(rng, &world, t + i))
        throw std::invalid_argument("WorldSampler: no world consistent with the throws and follows "
                                    "of the history was found");
      for (int k = 0; k < 5; ++k) {
        const CardSet& c = k < 4 ? world.held(k) : world.kitty();
        for (int plane = 1; plane <= COPIES; ++plane) *a++ = c.at_least(plane);
      }
    }
  }
  return {out, tilts};
}

}  // namespace

void init_sampler(py::module_& m) {
  m.def("view_of",
        [](const Hand& h, int seat, const std::vector<Masks>& exposed) {
          // The play as `seat` sees it (Hand::conceal): the other hands hidden but for `exposed`.
          if (seat < 0 || seat > 3) throw std::invalid_argument("seat must be 0..3");
          if (exposed.size() != 4) throw std::invalid_argument("exposed needs one card set per seat");
          CardSet shown[4];
          for (int s = 0; s < 4; ++s) shown[s] = to_set(exposed[s]);
          Hand view = h;
          view.conceal(seat, shown);
          return view;
        },
        py::arg("hand"), py::arg("seat"), py::arg_v("exposed", std::vector<Masks>(4, Masks{}), "..."));
  py::class_<WorldSampler>(m, "WorldSampler")
      .def(py::init([](const Hand& view, int seat) { return std::make_unique<WorldSampler>(view, seat); }),
           py::arg("hand"), py::arg("seat"))
      .def_property_readonly("hidden_cards", &WorldSampler::hidden_cards)
      .def("sample", [](const WorldSampler& s, uint64_t seed) {
             Rng rng(seed);
             Hand world;
             {
               py::gil_scoped_release release;
               s.sample(rng, &world);
             }
             return world;
           }, py::arg("seed"))
      .def("sample_hands", [](const WorldSampler& s, int n, uint64_t seed) {
             if (n < 0) throw std::invalid_argument("n must be >= 0");
             Rng rng(seed);
             std::vector<Hand> worlds(n);
             {
               py::gil_scoped_release release;
               for (Hand& w : worlds) s.sample(rng, &w);
             }
             return worlds;
           }, py::arg("n"), py::arg("seed"))
      .def("walk", [](const WorldSampler& s, const Hand& world, int steps, uint64_t seed) {
             if (steps < 0) throw std::invalid_argument("steps must be >= 0");
             Rng rng(seed);
             Hand moved = world;
             {
               py::gil_scoped_release release;
               s.walk(rng, steps, [](const Hand&) { return 0.0; }, &moved);
             }
             return moved;
           }, py::arg("world"), py::arg("steps"), py::arg("seed"))
      .def("sample_masks", [](const WorldSampler& s, int n, uint64_t seed) {
             return sample_masks(s, n, seed).first;
           }, py::arg("n"), py::arg("seed"))
      .def("sample_tilted_masks", [](const WorldSampler& s, int n, uint64_t seed) {
             return sample_masks(s, n, seed);
           }, py::arg("n"), py::arg("seed"))
      .def("tilt", [](WorldSampler& s, const std::vector<float>& log_factors, double power) {
             s.tilt(log_factors, power);
           }, py::arg("log_factors"), py::arg("power"))
      .def_property_readonly("tilted", &WorldSampler::tilted);
}
