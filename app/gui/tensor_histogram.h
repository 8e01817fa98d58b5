// The Tensors panel's log2|x| histogram (one bar per binade, the core's counts) with, under it, each target's range
// on the same axis (the core's target_range): where values flush to zero, land on subnormals, are normal, saturate.
#pragma once
#include <vector>

#include "app/gui/panel.h"
#include "typelattice/tensor_report.h"

namespace typelattice::gui {

void draw_tensor_histogram(PanelContext& ctx, const TensorResult& r, const std::vector<AnalysisTarget>& targets);

}  // namespace typelattice::gui
