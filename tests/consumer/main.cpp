// Uses the installed core through its public headers only: a promotion, a join on a graph and a cast, each
// checked against the answer the docs give (JAX's table; ONNX Cast's saturation to 448 for float8_e4m3fn).
#include <cstdio>
#include <string>

#include "typelattice/dtype.h"
#include "typelattice/graph_join.h"
#include "typelattice/minifloat.h"
#include "typelattice/promotion.h"

using namespace typelattice;

int main() {
  int failures = 0;
  const auto check = [&](bool ok, const std::string& what) {
    if (!ok) ++failures;
    std::printf("%s: %s\n", ok ? "ok" : "FAILED", what.c_str());
  };
  const Result<Dtype> a = parse_dtype("float16"), b = parse_dtype("bfloat16");
  const Result<Dtype> joined = promote_types(*a, *b);
  check(joined.ok() && dtype_name(*joined) == "float32", "promote_types(float16, bfloat16) is float32 in JAX");

  const Result<Lattice> l = Lattice::from_graph({{"a", "b", "top"}, {{"a", "top"}, {"b", "top"}}});
  check(l.ok() && least_upper_bound(*l, 0, 1) == 2, "the join of a and b under top is top");

  const Result<Format> e4m3 = parse_format("float8_e4m3fn");
  const std::uint32_t code = encode(*e4m3, 1000.0, onnx_default_options(*e4m3));
  check(code == 0x7e && decode_to_float64(*e4m3, code) == 448.0, "1000 casts to float8_e4m3fn 0x7e = 448");
  return failures == 0 ? 0 : 1;
}
