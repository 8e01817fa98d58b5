"""`typelattice analyze --to` bitsandbytes' and ggml's block types and GPTQ's integer groups on a safetensors file this
test writes: NF4, Q8_0 and integer-group errors against NumPy quantizing as bitsandbytes', ggml's and GPTQ's reference
code do, every GGUF type's errors and
saturated counts against the blocks `typelattice quantize` gives row by row, bits per element from each format's
storage, and unknown names answered with the closest.

Usage: analyze_codec_targets_test.py TYPELATTICE_BINARY
"""
import json
import math
import os
import sys
import tempfile
import unittest

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import analyze_cli_test as base  # noqa: E402  (takes the binary from argv)

run, errors = base.run, base.errors

# bitsandbytes' NF4 table (functional.py, get_4bit_type("nf4")), as published.
NF4 = np.array([-1.0, -0.6961928009986877, -0.5250730514526367, -0.39491748809814453, -0.28444138169288635,
                -0.18477343022823334, -0.09105003625154495, 0.0, 0.07958029955625534, 0.16093020141124725,
                0.24611230194568634, 0.33791524171829224, 0.44070982933044434, 0.5626170039176941,
                0.7229568362236023, 1.0], dtype=np.float32)

# Bytes per block and values per block of each type's storage (ggml-common.h's block structs; bitsandbytes: a
# float32 absmax per 64 four-bit codes).
STORAGE = {"nf4": (4 * 64 / 8 + 4, 64), "bnb_fp4": (4 * 64 / 8 + 4, 64), "gguf_q4_0": (2 + 16, 32),
           "gguf_q4_1": (2 + 2 + 16, 32), "gguf_q5_0": (2 + 4 + 16, 32), "gguf_q5_1": (2 + 2 + 4 + 16, 32),
           "gguf_q8_0": (2 + 32, 32), "iq4_nl": (2 + 16, 32), "gguf_mxfp4": (1 + 16, 32),
           "gguf_nvfp4": (4 + 32, 64)}
# The integers each GGUF type's codes stand for before × d (and + m).
INTEGERS = {"gguf_q4_0": (-8, 7), "gguf_q5_0": (-16, 15), "gguf_q8_0": (-128, 127), "iq4_nl": (-127, 113),
            "gguf_q4_1": (0, 15), "gguf_q5_1": (0, 31), "gguf_mxfp4": (-12, 12)}


def nf4_round_trip(x):
    """bitsandbytes' quantize_4bit + dequantize_4bit (CPU, float32) for whole blocks of 64."""
    blocks = x.astype(np.float32).reshape(-1, 64)
    absmax = np.max(np.abs(blocks), axis=1, keepdims=True)
    scaled = blocks * (np.float32(1) / np.maximum(absmax, np.float32(1e-38)))
    codes = np.argmin(np.abs(scaled[..., None] - NF4), axis=-1)
    return (NF4[codes] * absmax).astype(np.float32).reshape(x.shape)


def q8_0_round_trip(x):
    """ggml's quantize_row_q8_0_ref + dequantize_row_q8_0: d = amax / 127 stored as float16, q = roundf(x / d)."""
    blocks = x.astype(np.float32).reshape(-1, 32)
    d = np.max(np.abs(blocks), axis=1, keepdims=True) / np.float32(127)
    inverse = np.where(d != 0, np.float32(1) / np.where(d != 0, d, 1), np.float32(0)).astype(np.float32)
    scaled = (blocks * inverse).astype(np.float64)
    q = np.sign(scaled) * np.floor(np.abs(scaled) + 0.5)                # roundf: ties away from zero
    return (q.astype(np.float32) * d.astype(np.float16).astype(np.float32)).reshape(x.shape)


def quantized_rows(fmt, rows):
    """Each row's values dequantized (analyze_cli_test.quantized_blocks: one call, short blocks padded as analyze
    pads them), and how many of them lie outside their block's integer range d * [low, high] + m: saturated."""
    blocks, kept = base.quantized_blocks(fmt, rows)
    inputs = iter(np.float32(v) for row in rows for v in row)   # the rows' values, in the order `kept` marks them
    low, high = INTEGERS[fmt]
    values, saturated, k = [], 0, iter(kept)
    for b in blocks:
        d, m = np.float32(b["d"]["value"]), np.float32(b["m"]["value"] if "m" in b else 0)
        ends = [np.float32(low) * d + m, np.float32(high) * d + m]
        for e in b["elements"]:
            if next(k):
                x = next(inputs)
                values.append(e["dequantized"])
                saturated += int(x < min(ends) or x > max(ends))
    return np.array(values, dtype=np.float64), saturated


def gptq_round_trip(x, bits, group, asymmetric):
    """GPTQ's Quantizer.find_params + quantize (IST-DASLab/gptq, quant.py) per group of `group` along each row, in
    float32, the scale then stored as float16. Returns (dequantized, saturated)."""
    maxq = np.float32(2 ** bits - 1)
    out, saturated = np.zeros(x.shape, dtype=np.float32), 0
    for r in range(x.shape[0]):
        for start in range(0, x.shape[1], group):
            g = x[r, start:start + group].astype(np.float32)
            lo, hi = min(g.min(), np.float32(0)), max(g.max(), np.float32(0))
            if not asymmetric:
                hi = max(abs(lo), hi)
                if lo < 0:
                    lo = -hi
            if lo == 0 and hi == 0:
                lo, hi = np.float32(-1), np.float32(1)
            scale = np.float32(hi - lo) / maxq
            zero = np.rint(-lo / scale) if asymmetric else np.float32((maxq + 1) / 2)
            q = np.clip(np.rint(g / scale) + zero, 0, maxq)
            stored = np.float32(np.float16(scale))
            out[r, start:start + group] = stored * (q - zero).astype(np.float32)
            ends = (stored * (np.float32(0) - zero), stored * (maxq - zero))
            saturated += int(((g < min(ends)) | (g > max(ends))).sum())
    return out, saturated


class CodecTargetsTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.dir = tempfile.TemporaryDirectory()
        rng = np.random.default_rng(11)
        cls.w = rng.standard_normal((6, 128)).astype(np.float32)   # whole blocks of 64 and 32
        cls.w[3, 70] = 40.0                                        # an outlier: its block's other values flush
        cls.short = rng.laplace(0, 0.5, (5, 40)).astype(np.float32)  # rows of 40: blocks of 32 + 8, or one of 40
        cls.short[1, :] = np.abs(cls.short[1, :])                  # all positive: Q4_1's minimum is not 0
        cls.path = os.path.join(cls.dir.name, "model.safetensors")
        base.write_safetensors(cls.path, {"w": cls.w, "short": cls.short})

    @classmethod
    def tearDownClass(cls):
        cls.dir.cleanup()

    def analyze(self, *args):
        report = json.loads(run("analyze", self.path, *args, "--format", "json").stdout)
        return {(t["name"], e["target"]): e for t in report["files"][0]["tensors"] for e in t["targets"]}

    def assert_errors(self, got, x, d, where):
        for key, value in errors(x, d).items():
            if isinstance(value, int):
                self.assertEqual(got[key], value, (where, key))
            else:
                self.assertAlmostEqual(got[key], value, delta=1e-12 * max(1.0, abs(value)), msg=(where, key))

    def test_nf4_and_q8_0_match_numpy_quantizing_as_the_references_do(self):
        got = self.analyze("--tensor", "w", "--to", "nf4", "gguf_q8_0")
        nf4, q8 = got[("w", "nf4")], got[("w", "gguf_q8_0")]
        self.assert_errors(nf4, self.w, nf4_round_trip(self.w), "nf4")
        self.assert_errors(q8, self.w, q8_0_round_trip(self.w), "gguf_q8_0")
        self.assertEqual((nf4["blocks"], q8["blocks"]), (6 * 2, 6 * 4))
        self.assertGreater(nf4["flushed"], 0)                      # the outlier's block: small values go to 0
        self.assertEqual(nf4["saturated"], 0)                      # absmax scaling never clips
        self.assertNotIn("scale_mode", nf4)                        # a codec's own scale rule: no --scale-mode

    def test_every_gguf_type_matches_the_blocks_quantize_gives(self):
        names = ["gguf_q4_0", "gguf_q4_1", "gguf_q5_0", "gguf_q5_1", "gguf_q8_0", "iq4_nl", "gguf_mxfp4"]
        got = self.analyze("--to", *names)
        for tensor, x in (("w", self.w), ("short", self.short)):
            for name in names:
                d, saturated = quantized_rows(name, x)
                self.assert_errors(got[(tensor, name)], x, d, (tensor, name))
                self.assertEqual(got[(tensor, name)]["saturated"], saturated, (tensor, name))
                self.assertEqual(got[(tensor, name)]["blocks"], x.shape[0] * math.ceil(x.shape[1] / 32))
        # Q4_0's d = max / -8: values of the other sign beyond 7/8 of the block's amax clip.
        self.assertGreater(got[("w", "gguf_q4_0")]["saturated"], 0)

    def test_bitsandbytes_short_blocks_match_quantize(self):
        got = self.analyze("--tensor", "short", "--to", "nf4", "bnb_fp4")
        for name in ("nf4", "bnb_fp4"):
            d = base.dequantized_rows(name, self.short)
            self.assert_errors(got[("short", name)], self.short, d, name)
            self.assertEqual(got[("short", name)]["blocks"], 5)

    def test_bits_per_element_come_from_the_storage(self):
        got = self.analyze("--tensor", "w", "--to", *STORAGE)
        for name, (block_bytes, size) in STORAGE.items():
            self.assertEqual(got[("w", name)]["bits_per_element"], block_bytes * 8 / size, name)
        self.assertEqual(got[("w", "nf4")]["bits_per_element"], 4.5)
        self.assertEqual(got[("w", "gguf_q8_0")]["bits_per_element"], 8.5)

    def test_worst_blocks_are_the_lowest_sqnr_blocks_and_requantize(self):
        report = json.loads(run("analyze", self.path, "--tensor", "w", "--to", "gguf_q4_0", "--worst", "2",
                                "--format", "json").stdout)
        target = report["files"][0]["tensors"][0]["targets"][0]
        d, _ = quantized_rows("gguf_q4_0", self.w)
        x = self.w.astype(np.float64).ravel()
        sqnr = [10 * math.log10(np.sum(x[i:i + 32] ** 2) / np.sum((d[i:i + 32] - x[i:i + 32]) ** 2))
                for i in range(0, x.size, 32)]
        self.assertEqual([w["index"] for w in target["worst_blocks"]], list(np.argsort(sqnr, kind="stable")[:2]))
        for w in target["worst_blocks"]:
            self.assertAlmostEqual(w["sqnr_db"], sqnr[w["index"]], delta=1e-9)
            self.assertEqual(w["values"], [float(v) for v in x[32 * w["index"]:32 * w["index"] + 32]])
        # The text form's commands quantize each block again, a short one padded as the analysis pads it.
        text = run("analyze", self.path, "--tensor", "short", "--to", "gguf_q4_1", "--worst", "10").stdout
        commands = [line for line in text.splitlines() if "typelattice quantize --to gguf_q4_1 --" in line]
        self.assertEqual(len(commands), 10)                         # 5 rows of 40: 5 whole blocks, 5 short
        for command in commands:
            words = command.split(" -- ", 1)[1].split()
            self.assertEqual(len(words), 32, command)
            run("quantize", "--to", "gguf_q4_1", "--", *words)

    def test_integer_groups_match_gptqs_quantizer_in_numpy(self):
        cases = {"int4_g128": (4, 128, False), "int4_g128_asym": (4, 128, True), "int3_g64_asym": (3, 64, True),
                 "int8_g32": (8, 32, False), "int2_g32_asym": (2, 32, True), "int5_g64": (5, 64, False)}
        got = self.analyze("--to", *cases)
        for tensor, x in (("w", self.w), ("short", self.short)):
            for name, (bits, group, asymmetric) in cases.items():
                d, saturated = gptq_round_trip(x, bits, group, asymmetric)
                where = (tensor, name)
                self.assert_errors(got[where], x, d, where)
                self.assertEqual(got[where]["saturated"], saturated, where)
                self.assertEqual(got[where]["blocks"], x.shape[0] * math.ceil(x.shape[1] / group), where)
                # The code per element, and per group a float16 scale (asymmetric: and an N-bit zero point).
                self.assertEqual(got[where]["bits_per_element"], bits + (16 + (bits if asymmetric else 0)) / group)
        # GPTQ's symmetric rule keeps the zero point at the midpoint: an all-positive row (short's row 1) uses half
        # the codes and clips above 7/15 of its largest value in int4.
        self.assertGreater(got[("short", "int4_g128")]["saturated"], 0)

    def test_unknown_names_suggest_the_closest(self):
        for wrong, closest in (("nf5", "nf4"), ("gguf_q4_o", "gguf_q4_0"), ("iq4nl", "iq4_nl"),
                               ("int4_g127", "int4_g128"), ("int4_g128_asm", "int4_g128_asym")):
            done = run("analyze", self.path, "--to", wrong, check=False)
            self.assertEqual(done.returncode, 2, wrong)
            self.assertIn(closest, done.stderr, wrong)


if __name__ == "__main__":
    unittest.main()
