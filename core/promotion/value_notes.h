// Internal to the core: what each system does with a Python value, as the note of a compare row (compare.h's
// CompareRow::note), worded after the source docs/promotion.md cites for the system's ValueRule.
#pragma once
#include <span>

#include "core/promotion/system_list.h"
#include "typelattice/compare.h"
#include "typelattice/message.h"

namespace typelattice::detail {

// The note for the first Python value `v` of a row whose result is `result`.
Message value_note(System s, ValueRule rule, std::span<const Operand> operands, const Operand& v, Dtype result);

}  // namespace typelattice::detail
