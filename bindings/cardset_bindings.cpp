// Bindings of the card multisets BasicCardSet<K> for K = 1 … 4 (src/core/cardset.h), as
// Multiset1 … Multiset4: what the property tests check the plane arithmetic with. A set
// crosses as its 54 counts.
#include <array>
#include <vector>

#include "bindings.h"

using namespace duidiao;

namespace {

template <int K>
BasicCardSet<K> from_counts(const std::vector<int>& counts) {
  if (counts.size() != size_t(FACE_NB))
    throw std::invalid_argument("counts: expected 54 numbers, one per face, not " +
                                std::to_string(counts.size()));
  BasicCardSet<K> s;
  for (Card c = 0; c < FACE_NB; ++c) {
    if (counts[c] < 0 || counts[c] > K)
      throw std::invalid_argument("counts: face " + card_name(c) + " held " +
                                  std::to_string(counts[c]) + " times; from 0 to " +
                                  std::to_string(K));
    for (int k = 0; k < counts[c]; ++k) s.add(c);
  }
  return s;
}

// A face number from Python, refused outside 0 … 53.
Card checked_face(int c) {
  if (c < 0 || c >= FACE_NB)
    throw std::invalid_argument("face must be 0 to 53, not " + std::to_string(c));
  return c;
}

template <int K>
std::vector<int> counts_of(const BasicCardSet<K>& s) {
  std::vector<int> out(FACE_NB);
  for (Card c = 0; c < FACE_NB; ++c) out[c] = s.count(c);
  return out;
}

template <int K>
std::vector<uint64_t> planes_of(const BasicCardSet<K>& s) {
  std::vector<uint64_t> out;
  for (int n = 1; n <= K; ++n) out.push_back(s.at_least(n));
  return out;
}

template <int K>
void bind_multiset(py::module_& m, const char* name) {
  using S = BasicCardSet<K>;
  py::class_<S>(m, name)
      .def(py::init(&from_counts<K>), py::arg("counts"))
      .def_readonly_static("MAX", &S::MAX)
      .def("counts", &counts_of<K>)
      .def("planes", &planes_of<K>)
      .def("size", &S::size)
      .def("points", &S::points)
      .def("valid", &S::valid)
      .def("count", [](const S& s, int c) { return s.count(checked_face(c)); }, py::arg("face"))
      .def("add",
           [](S s, int c) {
             if (s.count(checked_face(c)) == K)
               throw std::invalid_argument(card_name(c) + " is already held " + std::to_string(K) + " times");
             s.add(c);
             return s;
           },
           py::arg("face"))
      .def("remove",
           [](S s, int c) {
             if (s.count(checked_face(c)) == 0) throw std::invalid_argument(card_name(c) + " is not held");
             s.remove(c);
             return s;
           },
           py::arg("face"))
      .def("within", &S::within, py::arg("mask"))
      .def("contains", &S::contains, py::arg("other"))
      .def("plus", &S::plus, py::arg("other"))
      .def("minus", &S::minus, py::arg("other"))
      .def("missing", &S::missing, py::arg("other"))
      .def("__eq__", [](const S& a, const S& b) { return a == b; }, py::is_operator());
}

}  // namespace

void init_multisets(py::module_& m) {
  bind_multiset<1>(m, "Multiset1");
  bind_multiset<2>(m, "Multiset2");
  bind_multiset<3>(m, "Multiset3");
  bind_multiset<4>(m, "Multiset4");
}
