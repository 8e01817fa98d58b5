// What the Blocks panel draws: the user's values quantized by the core (quantize_detail), recomputed when the
// format, the scale mode or the values change, and laid out as a library stores them (store_codec_blocks) when
// that section is open. Values are read as `typelattice quantize` reads them.
#pragma once
#include <optional>
#include <utility>
#include <string>
#include <vector>

#include "app/gui/app_state.h"
#include "typelattice/block_formats.h"
#include "typelattice/codec_block_storage.h"

namespace typelattice::gui {

struct BlockModel {
  BlockFormat format = BlockFormat::mxfp4_e2m1;
  BlockOptions options;
  bool tensor_scale = false;
  std::vector<float> values;
  std::vector<QuantizedBlock> blocks;  // the last values that were read: kept while the field holds a mistake
  std::string text;                    // the core's block text, as `typelattice quantize --format text` prints it
  std::string error;                   // why the field's values or the options were refused ("" when they were not)
  // The section "As libraries store them": the first kStoredBlocksShown blocks of the state's stored format, or why
  // the core refused it (then the last layout that was made stays drawn).
  std::optional<StoredBlocks> stored;
  std::string stored_error;
  static constexpr std::size_t kStoredBlocksShown = 4;
  // The element the mouse points at (block, element; -1: none): last frame's is outlined, this frame's is found.
  std::pair<int, int> stored_hover{-1, -1}, stored_hover_next{-1, -1};

  // Recomputes when the state's block inputs changed; returns true when it did.
  bool refresh(const AppState& state);

 private:
  std::string inputs_;  // the inputs last computed from
};

// The stored layout as the app prints it headless: "stored: FORMAT (FAMILY), N values in blocks of S, BITS bits per
// element; K laid out", then per block "block K", a line per field ("  field NAME: HEX BYTES; scale CODE = VALUE") and a line
// per element ("  element J: INPUT -> CODE -> DEQUANTIZED, bits FIELD:BIT ...", least significant bit first).
std::string stored_blocks_text(const StoredBlocks& stored);

// The values of a Blocks field (separated by commas or whitespace), each read as a float32 as `quantize` reads
// it; the error names the value ("value 2: ...") as the CLI does.
Result<std::vector<float>> read_block_values(std::string_view text);

}  // namespace typelattice::gui
