// Lattice::from_graph and Lattice::check on user-sized graphs: lattice_check/<shape>/<nodes> builds the closure
// and checks every pair, as `typelattice check FILE.json` and the playground's Your lattice view do.
// lattice_layout/<shape>/<nodes> is the drawing's layered layout, the other half of what Apply costs.
// Shapes: a chain (every pair comparable), a star (every pair incomparable under one top), a grid (a product of
// two chains: many joins decided far apart) and an upward binary tree.
#include <benchmark/benchmark.h>

#include <cmath>
#include <string>

#include "typelattice/graph_layout.h"
#include "typelattice/lattice.h"

namespace typelattice {
namespace {

Graph shape(const std::string& name, int n) {
  Graph g;
  for (int i = 0; i < n; ++i) {
    g.nodes.emplace_back("t");
    g.nodes.back() += std::to_string(i);  // appended: g++ 12 -O3 warns falsely (-Wrestrict) on "t" + to_string
  }
  if (name == "chain") {
    for (int i = 0; i + 1 < n; ++i) g.edges.emplace_back(g.nodes[i], g.nodes[i + 1]);
  } else if (name == "star") {
    for (int i = 0; i + 1 < n; ++i) g.edges.emplace_back(g.nodes[i], g.nodes[n - 1]);
  } else if (name == "grid") {
    const int side = static_cast<int>(std::lround(std::sqrt(n)));
    for (int i = 0; i < n; ++i) {
      if (i + side < n) g.edges.emplace_back(g.nodes[i], g.nodes[i + side]);
      if ((i + 1) % side != 0 && i + 1 < n) g.edges.emplace_back(g.nodes[i], g.nodes[i + 1]);
    }
  } else {  // tree: node i promotes to its parent (i - 1) / 2
    for (int i = 1; i < n; ++i) g.edges.emplace_back(g.nodes[i], g.nodes[(i - 1) / 2]);
  }
  return g;
}

void bench_check(benchmark::State& state, const std::string& name) {
  const Graph g = shape(name, static_cast<int>(state.range(0)));
  for (auto _ : state) {
    auto l = Lattice::from_graph(g);
    if (!l.ok() || l.value().check().has_value()) {
      state.SkipWithError("the shape should be a lattice");
      return;
    }
    benchmark::DoNotOptimize(l);
  }
  state.counters["nodes"] = static_cast<double>(g.nodes.size());
  state.counters["edges"] = static_cast<double>(g.edges.size());
}

void bench_layout(benchmark::State& state, const std::string& name) {
  const Graph g = shape(name, static_cast<int>(state.range(0)));
  for (auto _ : state) benchmark::DoNotOptimize(layered_layout(g));
  state.counters["nodes"] = static_cast<double>(g.nodes.size());
}

bool register_lattice_benchmarks() {
  for (const char* name : {"chain", "star", "grid", "tree"}) {
    std::string title = "lattice_check/";
    title += name;
    benchmark::RegisterBenchmark(title.c_str(), bench_check, std::string(name))
        ->Arg(1024)
        ->Arg(4096)
        ->Unit(benchmark::kMillisecond);
    title = "lattice_layout/";
    title += name;
    benchmark::RegisterBenchmark(title.c_str(), bench_layout, std::string(name))
        ->Arg(1024)
        ->Arg(4096)
        ->Unit(benchmark::kMillisecond);
  }
  return true;
}

const bool lattice_benchmarks_registered = register_lattice_benchmarks();

}  // namespace
}  // namespace typelattice
