"""`typelattice analyze` on a file past 2 GiB in bounded memory: a safetensors file holding one float32 tensor of
2^29 elements (8192 x 65536), written sparse (its header, four values at the start, two at the very end; the rest
is a hole that reads as zeros), analyzed against an element and a block target. The statistics must count every
element and see the values at both ends (the last ones lie past byte 2^31), and the peak resident memory of the
process (getrusage's ru_maxrss for its children) must stay within 256 MB, the bound docs/tensor-analysis.md
("Speed and memory") gives for any file size.

Usage: analyze_memory_test.py TYPELATTICE_BINARY
"""
import json
import math
import os
import resource
import struct
import subprocess
import sys
import tempfile
import unittest

BINARY = sys.argv.pop(1)
ROWS, COLS = 8192, 65536
HEAD = [3.0, -0.5, 1000.0, 2.0 ** -10]
TAIL = [-7.25, 0.125]
MEMORY_LIMIT_KB = 256 * 1024


def write_sparse_safetensors(path):
    count = ROWS * COLS
    header = json.dumps({"w": {"dtype": "F32", "shape": [ROWS, COLS], "data_offsets": [0, count * 4]}}).encode()
    header += b" " * (-len(header) % 8)
    start = 8 + len(header)
    with open(path, "wb") as f:
        f.write(struct.pack("<Q", len(header)) + header + struct.pack(f"<{len(HEAD)}f", *HEAD))
        f.seek(start + (count - len(TAIL)) * 4)
        f.write(struct.pack(f"<{len(TAIL)}f", *TAIL))


class LargeFile(unittest.TestCase):
    def test_a_file_past_2_gib_is_read_whole_in_bounded_memory(self):
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "large.safetensors")
            write_sparse_safetensors(path)
            self.assertGreater(os.path.getsize(path), 2 ** 31)
            done = subprocess.run([BINARY, "analyze", path, "--to", "float8_e4m3fn", "mxfp4_e2m1", "--format", "json"],
                                  capture_output=True, text=True)
        # The largest peak of the children this process has waited for: analyze is its only child.
        peak_kb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertLessEqual(peak_kb, MEMORY_LIMIT_KB, f"peak resident memory {peak_kb} KB")

        tensor = json.loads(done.stdout)["files"][0]["tensors"][0]
        values = HEAD + TAIL
        self.assertEqual(tensor["count"], ROWS * COLS)
        stats = tensor["stats"]
        self.assertEqual(stats["finite"], ROWS * COLS)
        self.assertEqual(stats["zeros"], ROWS * COLS - len(values))
        self.assertEqual(stats["amax"], max(abs(v) for v in values))
        expected_bins = {}
        for v in values:
            exponent = str(math.floor(math.log2(abs(v))))
            expected_bins[exponent] = expected_bins.get(exponent, 0) + 1
        self.assertEqual(stats["log2_histogram"], expected_bins)
        self.assertAlmostEqual(stats["mean"], math.fsum(values) / (ROWS * COLS), delta=1e-12)
        self.assertEqual([t["format"] for t in tensor["targets"]], ["float8_e4m3fn", "mxfp4_e2m1"])


if __name__ == "__main__":
    unittest.main()
