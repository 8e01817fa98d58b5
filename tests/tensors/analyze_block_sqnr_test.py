"""`typelattice analyze`'s per-block SQNR distribution (min, 1st percentile, median, exact blocks) against NumPy:
each block's SQNR computed here from the values `typelattice quantize` dequantizes row by row, sorted, and read at
its nearest rank. Rows end in short blocks; some blocks are all zeros or hold a NaN (no SQNR), some come back
exactly (+Inf dB). JSON, CSV and text carry the same figures.

Usage: analyze_block_sqnr_test.py TYPELATTICE_BINARY
"""
import csv
import io
import json
import math
import os
import struct
import subprocess
import sys
import tempfile
import unittest

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import analyze_cli_test as base  # noqa: E402  (takes the binary from argv)

BINARY = base.BINARY
BIN_DB = 0.0085   # the histogram's widest bin, 10 log10(1 + 2^-9): percentiles are rounded down by less
TARGETS = {"mxfp8_e4m3": 32, "mxfp4_e2m1": 32, "nvfp4": 16, "nf4": 64}
OLD_CSV_COLUMNS = ("file,tensor,dtype,shape,count,format,bits_per_element,measured,non_finite,saturated,flushed,mse,"
                   "sqnr_db,max_abs_error,max_relative_error,scale_mode,tensor_scale,blocks,worst_block_sqnr_db")


def run(*args):
    done = subprocess.run([BINARY, *args], capture_output=True, text=True)
    if done.returncode != 0:
        raise AssertionError(f"{args}: exit {done.returncode}: {done.stderr}")
    return done.stdout


def write_safetensors(path, tensors):
    header, data = {}, b""
    for name, array in tensors.items():
        raw = array.astype(np.float32).tobytes()
        header[name] = {"dtype": "F32", "shape": list(array.shape), "data_offsets": [len(data), len(data) + len(raw)]}
        data += raw
    text = json.dumps(header).encode()
    with open(path, "wb") as f:
        f.write(struct.pack("<Q", len(text)) + text + data)


def block_sqnrs(target, rows):
    """Each block's SQNR in dB (+inf when exact), blocks along each row; all-zero and non-finite blocks left out."""
    size, out = TARGETS[target], []
    # Each row on its own, all rows in one call (analyze_cli_test.dequantized_rows), then split back into rows.
    flat = base.dequantized_rows(target, rows)
    for row, d in zip(rows, np.split(flat, np.cumsum([len(r) for r in rows])[:-1])):
        x = row.astype(np.float64)
        for begin in range(0, len(x), size):
            xb, db = x[begin:begin + size], d[begin:begin + size]
            if not (np.all(np.isfinite(xb)) and np.all(np.isfinite(db))):
                continue
            signal, noise = np.sum(xb * xb), np.sum((db - xb) ** 2)
            if signal == 0:
                continue
            out.append(math.inf if noise == 0 else 10 * math.log10(signal / noise))
    return sorted(out)


def expected_distribution(sqnrs):
    n = len(sqnrs)
    return {"blocks": n, "exact": sum(math.isinf(s) for s in sqnrs), "min": sqnrs[0],
            "p1": sqnrs[-(-n // 100) - 1], "median": sqnrs[-(-n // 2) - 1]}


class BlockSqnrTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.dir = tempfile.TemporaryDirectory()
        rng = np.random.default_rng(28)
        mixed = rng.standard_normal((60, 70)).astype(np.float32)  # rows of 70: every target ends a row short
        mixed[3, :] = 0                                           # all-zero blocks, every target
        mixed[4, 0:64] = 0                                        # all-zero MX, NVFP4 and NF4 blocks, then a short one
        mixed[5, 33] = np.nan                                     # NaN: its block has no SQNR
        mixed[6, 32:64] = np.tile([1, 2, 3, 4, -1.5, 0.5, -2, 1], 4)  # exact in MXFP8 and MXFP4
        mixed[7, 64:70] = [1, -1, 1, -1, 1, -1]                   # an exact short block
        mixed[8, 10] = 500                                        # an outlier: its block's others flush
        exact = np.tile(np.array([1, 2, 3, 4, -1.5, 0.5, -2, 1, 6, -6, 3, -4], np.float32), (20, 3))[:, :34]
        exact[2, 7] = 1.1                                         # a few inexact blocks among exact ones
        exact[9, 0] = 0.3
        cls.tensors = {"mixed": mixed, "exact": exact}
        cls.path = os.path.join(cls.dir.name, "blocks.safetensors")
        write_safetensors(cls.path, cls.tensors)
        cls.want = {(name, t): expected_distribution(block_sqnrs(t, rows))
                    for name, rows in cls.tensors.items() for t in TARGETS}
        report = json.loads(run("analyze", cls.path, "--to", *TARGETS, "--format", "json"))
        cls.got = {(tensor["name"], target["target"]): target
                   for tensor in report["files"][0]["tensors"] for target in tensor["targets"]}

    @classmethod
    def tearDownClass(cls):
        cls.dir.cleanup()

    def assert_distribution(self, got, want, where):
        self.assertEqual(got["blocks"], want["blocks"], where)
        self.assertEqual(got["exact"], want["exact"], where)
        for key in ("min", "p1", "median"):
            if math.isinf(want[key]):
                self.assertIsNone(got[key], (where, key))    # +Inf dB is JSON's null, as for sqnr_db
                continue
            self.assertLessEqual(got[key], want[key] + 1e-9 * abs(want[key]), (where, key))
            slack = 1e-9 * abs(want[key]) if key == "min" else BIN_DB
            self.assertGreaterEqual(got[key], want[key] - slack, (where, key))

    def test_json_matches_numpy_block_by_block(self):
        for key, want in self.want.items():
            self.assert_distribution(self.got[key]["block_sqnr_db"], want, key)
            if want["blocks"] > 0:   # the lowest is the worst block's
                self.assertEqual(self.got[key]["block_sqnr_db"]["min"], self.got[key]["worst_block_sqnr_db"], key)

    def test_the_cases_are_there(self):
        mixed_blocks = {t: 60 * -(-70 // size) for t, size in TARGETS.items()}
        for target, blocks in mixed_blocks.items():
            got = self.got[("mixed", target)]
            self.assertEqual(got["blocks"], blocks, target)
            # A row of zeros, row 4's zero blocks and the NaN's block have no SQNR.
            self.assertLess(got["block_sqnr_db"]["blocks"], blocks - 2, target)
        self.assertGreaterEqual(self.want[("mixed", "mxfp4_e2m1")]["exact"], 2)      # row 6's and row 7's
        self.assertGreater(self.want[("mixed", "nvfp4")]["blocks"], 200)              # p1 is not the minimum
        self.assertNotEqual(self.want[("mixed", "nvfp4")]["p1"], self.want[("mixed", "nvfp4")]["min"])
        self.assertTrue(math.isinf(self.want[("exact", "mxfp4_e2m1")]["median"]))     # most blocks exact
        self.assertFalse(math.isinf(self.want[("exact", "mxfp4_e2m1")]["min"]))

    def test_element_targets_have_no_distribution(self):
        report = json.loads(run("analyze", self.path, "--to", "float8_e4m3fn", "--format", "json"))
        self.assertNotIn("block_sqnr_db", report["files"][0]["tensors"][0]["targets"][0])

    def test_csv_appends_the_columns_and_text_shows_them(self):
        out = run("analyze", self.path, "--to", "float16", *TARGETS, "--format", "csv")
        header = out.splitlines()[0]
        self.assertTrue(header.startswith(OLD_CSV_COLUMNS + ","), header)  # the old columns keep their places
        for row in csv.DictReader(io.StringIO(out)):
            if row["format"] == "float16":
                self.assertEqual([row[k] for k in ("block_sqnr_blocks", "block_sqnr_exact", "block_sqnr_min_db",
                                                   "block_sqnr_p1_db", "block_sqnr_median_db")], [""] * 5)
                continue
            got = self.got[(row["tensor"], row["format"])]["block_sqnr_db"]
            self.assertEqual(int(row["block_sqnr_blocks"]), got["blocks"])
            self.assertEqual(int(row["block_sqnr_exact"]), got["exact"])
            for key in ("min", "p1", "median"):
                value = float(row[f"block_sqnr_{key}_db"])
                self.assertEqual(value, math.inf if got[key] is None else got[key], (row["tensor"], row["format"], key))
        text = run("analyze", self.path, "--tensor", "exact", "--to", *TARGETS)
        lines = text.splitlines()
        at = next(i for i, line in enumerate(lines) if line.strip().startswith("block SQNR dB"))
        self.assertEqual(lines[at].split()[-5:], ["blocks", "exact", "min", "p1", "median"])
        for line, target in zip(lines[at + 1:at + 1 + len(TARGETS)], TARGETS):
            words = line.split()
            got = self.got[("exact", target)]["block_sqnr_db"]
            self.assertEqual(words[0], target)
            self.assertEqual([int(words[1]), int(words[2])], [got["blocks"], got["exact"]])
            for word, key in zip(words[3:], ("min", "p1", "median")):
                if got[key] is None:
                    self.assertEqual(word, "inf")
                else:
                    self.assertAlmostEqual(float(word), got[key], delta=abs(got[key]) * 1e-3)


if __name__ == "__main__":
    unittest.main()
