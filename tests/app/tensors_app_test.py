#!/usr/bin/env python3
"""The app's Tensors view against `typelattice analyze`, on files this test writes (safetensors byte by byte from
its spec, .npy with NumPy): headless, `typelattice-app --headless --view tensors --file F [--to ...]` prints the
bytes the CLI prints; a bad file gets the CLI's message and exit 2; and a screenshot of the view shows the first
tensor's histogram bars and the best target the CLI marks; Esc cancels an analysis.

Usage: tensors_app_test.py CLI APP APP_CHECK ARTIFACTS_DIR (needs a display: run it under xvfb-run)."""
import json
import os
import struct
import subprocess
import sys
import tempfile
import unittest

import numpy as np

CLI, APP, APP_CHECK, ARTIFACTS = sys.argv[1:5]
del sys.argv[1:5]


def run(*args):
    return subprocess.run(list(args), capture_output=True, text=True, timeout=120)


def bfloat16_bytes(values):
    """float32 -> bfloat16 with round to nearest even, from the bit patterns."""
    bits = np.asarray(values, dtype=np.float32).view(np.uint32).astype(np.uint64)
    rounded = (bits + 0x7FFF + ((bits >> 16) & 1)) >> 16
    return rounded.astype(np.uint16).tobytes()


def write_safetensors(path, tensors):
    """tensors: (name, safetensors dtype, shape, raw little-endian bytes), written as the spec lays them out."""
    header, data = {}, b""
    for name, dtype, shape, raw in tensors:
        header[name] = {"dtype": dtype, "shape": shape, "data_offsets": [len(data), len(data) + len(raw)]}
        data += raw
    header["__metadata__"] = {"format": "pt"}
    text = json.dumps(header).encode()
    with open(path, "wb") as f:
        f.write(struct.pack("<Q", len(text)) + text + data)


class TensorsViewTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.dir = tempfile.TemporaryDirectory()
        d = cls.dir.name
        rng = np.random.default_rng(28)
        normal = rng.standard_normal((3, 64)).astype(np.float32)
        normal[1, 5] = 3.0e4  # one huge outlier: it saturates float8_e4m3fn and sets its block's scale
        laplace = rng.laplace(scale=0.02, size=40).astype(np.float16)
        special = np.concatenate([rng.standard_normal(30) * 1e-39, [np.nan, np.inf, -np.inf, 0.0, -0.0, 1e-45, 5.0]])
        cls.safetensors = os.path.join(d, "corpus.safetensors")
        write_safetensors(cls.safetensors, [
            ("layer.0.weight", "F32", [3, 64], normal.tobytes()),
            ("layer.0.bias", "F16", [40], laplace.tobytes()),
            ("layer.1.weight", "BF16", [2, 16], bfloat16_bytes(rng.standard_normal(32) * 4)),
            ("zeros", "F32", [4], np.zeros(4, np.float32).tobytes()),
            ("special", "F32", [37], special.astype(np.float32).tobytes()),
        ])
        cls.npy = os.path.join(d, "rows.npy")
        np.save(cls.npy, (rng.standard_normal((5, 48)) * 100).astype(np.float32))
        cls.fortran = os.path.join(d, "fortran.npy")
        np.save(cls.fortran, np.asfortranarray(rng.laplace(size=(33, 5)).astype(np.float16)))
        # Bad files: data past the end of the file, and a header length of 2^63.
        cls.truncated = os.path.join(d, "truncated.safetensors")
        write_safetensors(cls.truncated, [("w", "F32", [16], np.ones(16, np.float32).tobytes())])
        with open(cls.truncated, "r+b") as f:
            f.truncate(os.path.getsize(cls.truncated) - 8)
        cls.huge_header = os.path.join(d, "huge_header.safetensors")
        with open(cls.huge_header, "wb") as f:
            f.write(struct.pack("<Q", 1 << 63) + b"{}")

    @classmethod
    def tearDownClass(cls):
        cls.dir.cleanup()

    def assert_same_output(self, path, *targets):
        to = ["--to", *targets] if targets else []
        cli = run(CLI, "analyze", path, *to)
        app = run(APP, "--headless", "--view", "tensors", "--file", path, *to)
        self.assertEqual(cli.returncode, 0, cli.stderr)
        self.assertEqual(app.returncode, 0, app.stderr)
        self.assertIn("tensor ", cli.stdout)
        self.assertEqual(app.stdout, cli.stdout)

    def assert_same_error(self, path, *extra):
        cli = run(CLI, "analyze", path, *extra)
        app = run(APP, "--headless", "--view", "tensors", "--file", path, *extra)
        self.assertEqual(cli.returncode, 2, cli.stderr)
        self.assertEqual(app.returncode, 2, app.stderr)
        cli_line = cli.stderr.splitlines()[0]
        self.assertTrue(cli_line.startswith("typelattice: "), cli_line)
        self.assertEqual(app.stderr.splitlines()[0], "typelattice-app: " + cli_line[len("typelattice: "):])
        self.assertEqual(app.stdout, "")

    def test_safetensors_default_targets(self):
        self.assert_same_output(self.safetensors)

    def test_safetensors_other_targets(self):
        self.assert_same_output(self.safetensors, "nvfp4", "mxfp6_e3m2", "float16", "mxint8", "float8_e8m0fnu")

    def test_npy_rows(self):
        self.assert_same_output(self.npy, "mxfp4_e2m1", "bfloat16", "float6_e2m3fn")

    def test_ggml_fp4_targets(self):
        self.assert_same_output(self.npy, "gguf_mxfp4", "gguf_nvfp4", "mxfp4_e2m1")

    def test_npy_fortran_order(self):
        self.assert_same_output(self.fortran)

    def test_truncated_file(self):
        self.assert_same_error(self.truncated)

    def test_header_length_2_63(self):
        self.assert_same_error(self.huge_header)

    def test_missing_file(self):
        self.assert_same_error(os.path.join(self.dir.name, "no-such.safetensors"))

    def test_unknown_target(self):
        cli = run(CLI, "analyze", self.npy, "--to", "mxfp5")
        app = run(APP, "--headless", "--view", "tensors", "--file", self.npy, "--to", "mxfp5")
        self.assertEqual((cli.returncode, app.returncode), (2, 2))
        message = cli.stderr.splitlines()[0][len("typelattice: "):]
        self.assertEqual(app.stderr.splitlines()[0], "typelattice-app: " + message)

    def test_escape_cancels(self):
        """Esc, pressed a few frames in while a 64 MB file is analyzed, stops it: what was done and exit 130, as the
        CLI stopped by Ctrl-C."""
        path = os.path.join(self.dir.name, "large.safetensors")
        values = np.random.default_rng(6).standard_normal((4096, 4096)).astype(np.float32)
        write_safetensors(path, [("large", "F32", [4096, 4096], values.tobytes())])
        app = run(APP, "--headless", "--view", "tensors", "--file", path, "--press", "Escape")
        os.remove(path)
        self.assertEqual(app.returncode, 130, app.stderr)
        self.assertEqual(app.stderr, "typelattice-app: cancelled\n")
        self.assertTrue(app.stdout.startswith(f"file {path} (safetensors, 1 tensors)\n"), app.stdout)
        self.assertNotIn("\ntensor ", app.stdout)

    def test_screenshot_shows_histogram_and_best(self):
        """The first tensor is shown: a bar for each binade the CLI counts, and the target it marks best."""
        text = run(CLI, "analyze", self.safetensors).stdout.split("\ntensor ")[1]
        lines = text.splitlines()
        histogram = next(line for line in lines if line.strip().startswith("log2|x|"))
        binades = [pair.split(":")[0] for pair in histogram.split()[1:]]
        best = next(line for line in lines if line.startswith("* ")).split()[1]
        expect = [f"bin:{k}=bar" for k in binades] + [f"metric:{best}=best"]
        expect += ["range:float8_e4m3fn/normal=normal", "range:float8_e4m3fn/saturated=saturated"]
        png = os.path.join(ARTIFACTS, "app_tensors.png")
        checked = run(APP_CHECK, "screenshot", "--app", APP, "--png", png, *[a for e in expect for a in ("--expect", e)],
                      "--", "--view", "tensors", "--file", self.safetensors)
        self.assertEqual(checked.returncode, 0, checked.stdout + checked.stderr)

    def test_screenshot_of_the_whole_file(self):
        """--whole-file shows the file's summary: the target the CLI's summary marks best, which here is not the
        first tensor's best (small weights favour MXFP8, the larger tensor float8_e4m3fn, and it carries more energy)."""
        rng = np.random.default_rng(8)
        path = os.path.join(self.dir.name, "two.safetensors")
        write_safetensors(path, [
            ("small", "F32", [8, 4096], (rng.standard_normal((8, 4096)) * 0.02).astype(np.float32).tobytes()),
            ("large", "F32", [4096], rng.standard_normal(4096).astype(np.float32).tobytes()),
        ])
        targets = ["float8_e4m3fn", "mxfp8_e4m3"]
        report = json.loads(run(CLI, "analyze", path, "--to", *targets, "--format", "json").stdout)["files"][0]
        best = lambda figures: next(t["target"] for t in figures if t["best"])
        first, whole = best(report["tensors"][0]["targets"]), best(report["summary"]["targets"])
        self.assertNotEqual(first, whole)
        for flags, expect in (([], first), (["--whole-file"], whole)):
            png = os.path.join(ARTIFACTS, "app_tensors_whole_file.png" if flags else "app_tensors_first.png")
            checked = run(APP_CHECK, "screenshot", "--app", APP, "--png", png, "--expect", f"metric:{expect}=best",
                          "--", "--view", "tensors", "--file", path, "--to", *targets, *flags)
            self.assertEqual(checked.returncode, 0, checked.stdout + checked.stderr)
        self.assertEqual(run(APP, "--headless", "--whole-file").returncode, 2)  # it needs --file


if __name__ == "__main__":
    unittest.main()
