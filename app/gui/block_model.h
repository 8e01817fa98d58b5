// What the Blocks panel draws: the user's values quantized by the core (quantize_detail), recomputed when the
// format, the scale mode or the values change. Values are read as `typelattice quantize` reads them.
#pragma once
#include <string>
#include <vector>

#include "app/gui/app_state.h"
#include "typelattice/block_formats.h"

namespace typelattice::gui {

struct BlockModel {
  BlockFormat format = BlockFormat::mxfp4_e2m1;
  BlockOptions options;
  bool tensor_scale = false;
  std::vector<float> values;
  std::vector<QuantizedBlock> blocks;  // the last values that were read: kept while the field holds a mistake
  std::string text;                    // the core's block text, as `typelattice quantize --format text` prints it
  std::string error;                   // why the field's values or the options were refused ("" when they were not)

  // Recomputes when the state's block inputs changed; returns true when it did.
  bool refresh(const AppState& state);

 private:
  std::string inputs_;  // the inputs last computed from
};

// The values of a Blocks field (separated by commas or whitespace), each read as a float32 as `quantize` reads
// it; the error names the value ("value 2: ...") as the CLI does.
Result<std::vector<float>> read_block_values(std::string_view text);

}  // namespace typelattice::gui
