// The families behind tapered_formats.h: each decodes, encodes and describes its own codes.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "typelattice/tapered_formats.h"

namespace typelattice::tapered_detail {

// The two families differ in rounding, saturation and decoding; hif8 is the only non-posit.
inline bool is_posit(TaperedFormat f) { return f != TaperedFormat::hif8; }

// Posits with es = 2 and n bits (n = 8 or 16).
double posit_decode(int n, std::uint32_t code);
std::uint32_t posit_encode(int n, double value);
void posit_describe(int n, std::uint32_t code, TaperedLayout& out);  // fields, scale, formula, category

double hif8_decode(std::uint32_t code);
std::uint32_t hif8_encode(double value, bool saturate);
void hif8_describe(std::uint32_t code, TaperedLayout& out);

// "5/8" for raw / 2^bits (reduced), "0" for raw 0.
std::string fraction_text(std::uint32_t raw, int bits);

}  // namespace typelattice::tapered_detail
