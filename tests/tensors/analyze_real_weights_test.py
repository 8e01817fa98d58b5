"""`typelattice analyze` on trained weights: the face recognition network of @vladmandic/face-api 1.7.15 (npm, MIT
licence; a ResNet-34-like network of 117 tensors, 5.6 M weights), installed by scripts/install-deps.sh into
tests/tensors/real-weights. The package ships the weights as a TensorFlow.js shard (`model/*.bin`) with a JSON
manifest: 8 convolution filters in float32 and 109 tensors quantized to uint8 (TensorFlow.js loads q · scale + min,
computed in double and stored as float32). The test writes every tensor as TensorFlow.js loads it into a safetensors
file and checks analyze against NumPy and PyTorch: the statistics of every tensor, the float16 and bfloat16 errors
from NumPy's and PyTorch's casts, and the MX and NVFP4 errors and block SQNR distributions of the float32 filters
from the values `typelattice quantize` dequantizes.

Usage: analyze_real_weights_test.py TYPELATTICE_BINARY
       analyze_real_weights_test.py TYPELATTICE_BINARY --write FILE   (only writes the safetensors file)
"""
import json
import math
import os
import subprocess
import sys
import tempfile
import unittest

import numpy as np
import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import analyze_cli_test as base  # noqa: E402  (takes the binary from argv)
import analyze_block_sqnr_test as blocks  # noqa: E402

MODEL = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                     "real-weights/node_modules/@vladmandic/face-api/model/face_recognition_model")
DOCS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../docs/tensor-analysis.md")
BLOCK_TARGETS = ("mxfp8_e4m3", "mxfp4_e2m1", "nvfp4")


def load_tfjs_weights(prefix):
    """{name: float32 array} in the manifest's order, as TensorFlow.js's decodeWeights gives them."""
    with open(prefix + "-weights_manifest.json") as f:
        manifest = json.load(f)
    tensors, quantized = {}, set()
    for group in manifest:
        raw = b""
        for path in group["paths"]:
            with open(os.path.join(os.path.dirname(prefix), path), "rb") as f:
                raw += f.read()
        offset = 0
        for w in group["weights"]:
            count = int(np.prod(w["shape"], dtype=np.int64))
            q = w.get("quantization")
            stored = np.dtype(q["dtype"] if q else w["dtype"])
            values = np.frombuffer(raw, stored, count, offset)
            offset += count * stored.itemsize
            if q:
                values = (values.astype(np.float64) * q["scale"] + q["min"]).astype(np.float32)
                quantized.add(w["name"])
            tensors[w["name"]] = values.reshape(w["shape"])
        if offset != len(raw):
            raise AssertionError(f"{prefix}: the manifest accounts for {offset} of {len(raw)} bytes")
    return tensors, quantized


class RealWeightsTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        if not os.path.exists(MODEL + ".bin"):
            raise AssertionError(f"{MODEL}.bin is missing: run scripts/install-deps.sh test")
        cls.tensors, quantized = load_tfjs_weights(MODEL)
        cls.float32 = [name for name in cls.tensors if name not in quantized]
        cls.dir = tempfile.TemporaryDirectory()
        cls.path = os.path.join(cls.dir.name, "face_recognition.safetensors")
        base.write_safetensors(cls.path, cls.tensors)

    @classmethod
    def tearDownClass(cls):
        cls.dir.cleanup()

    def analyze(self, *args):
        report = json.loads(base.run("analyze", self.path, *args, "--format", "json").stdout)
        return {t["name"]: t for t in report["files"][0]["tensors"]}

    def test_the_package_holds_the_network_described(self):
        self.assertEqual(len(self.tensors), 117)
        self.assertEqual(sum(t.size for t in self.tensors.values()), 5614592)
        self.assertEqual(len(self.float32), 8)

    def test_statistics_and_float16_bfloat16_errors_match_numpy_and_torch(self):
        got = self.analyze("--to", "float16", "bfloat16")
        self.assertEqual(list(got), list(self.tensors))
        for name, x in self.tensors.items():
            t, x64 = got[name], x.astype(np.float64).ravel()
            s, scale = t["stats"], max(1.0, float(np.max(np.abs(x64))))
            self.assertEqual((t["count"], t["shape"]), (x.size, list(x.shape)), name)
            self.assertEqual(s["amax"], float(np.max(np.abs(x64))), name)
            self.assertAlmostEqual(s["mean"], float(np.mean(x64)), delta=1e-12 * scale, msg=name)
            self.assertAlmostEqual(s["std"], float(np.std(x64)), delta=1e-12 * scale, msg=name)
            self.assertEqual(s["zeros"], int((x64 == 0).sum()), name)
            nonzero = x64[x64 != 0]
            bins, counts = np.unique(np.floor(np.log2(np.abs(nonzero))).astype(int), return_counts=True)
            self.assertEqual(s["log2_histogram"], {str(b): int(c) for b, c in zip(bins, counts)}, name)
            casts = {"float16": x.astype(np.float16),
                     "bfloat16": torch.from_numpy(x.copy()).to(torch.bfloat16).to(torch.float64).numpy()}
            for target in t["targets"]:
                for key, value in base.errors(x, casts[target["target"]]).items():
                    where = (name, target["target"], key)
                    if isinstance(value, int):
                        self.assertEqual(target[key], value, where)
                    else:
                        self.assertAlmostEqual(target[key], value, delta=1e-12 * max(1.0, abs(value)), msg=where)

    def test_block_formats_on_the_float32_filters_match_quantize(self):
        # Two of the eight filters: each is 36 864 values, and quantize's JSON for them is the slow part.
        names = self.float32[:2]
        got = self.analyze("--to", *BLOCK_TARGETS, *[a for n in names for a in ("--tensor", n)])
        self.assertEqual(sorted(got), sorted(names))
        for name in names:
            x = self.tensors[name]
            rows = x.reshape(-1, x.shape[-1])       # blocks run along the last axis: the output channels
            targets = {t["target"]: t for t in got[name]["targets"]}
            for target in BLOCK_TARGETS:
                where = (name, target)
                expected = base.errors(x, base.dequantized_rows(target, rows))
                for key, value in expected.items():
                    if isinstance(value, int):
                        self.assertEqual(targets[target][key], value, where + (key,))
                    else:
                        self.assertAlmostEqual(targets[target][key], value, delta=1e-12 * max(1.0, abs(value)),
                                               msg=where + (key,))
                want = blocks.expected_distribution(blocks.block_sqnrs(target, rows))
                have = targets[target]["block_sqnr_db"]
                self.assertEqual((have["blocks"], have["exact"]), (want["blocks"], want["exact"]), where)
                self.assertAlmostEqual(have["min"], want["min"], delta=1e-9, msg=where)
                for key in ("p1", "median"):   # to the histogram's bin, rounded down (analyze_block_sqnr_test)
                    self.assertTrue(want[key] - blocks.BIN_DB <= have[key] <= want[key], where + (key,))
            self.assertGreater(targets["mxfp8_e4m3"]["sqnr_db"], targets["nvfp4"]["sqnr_db"], name)

    def test_the_file_summary_is_every_value_as_one_set(self):
        report = json.loads(base.run("analyze", self.path, "--to", "float16", "bfloat16", "mxfp4_e2m1",
                                     "--format", "json").stdout)["files"][0]
        summary, x = report["summary"], np.concatenate([t.ravel() for t in self.tensors.values()])
        x64 = x.astype(np.float64)
        self.assertEqual((summary["tensors"], summary["count"]), (117, x.size))
        s = summary["stats"]
        self.assertEqual(s["amax"], float(np.max(np.abs(x64))))
        self.assertAlmostEqual(s["mean"], float(np.mean(x64)), delta=1e-12 * s["amax"])
        self.assertAlmostEqual(s["std"], float(np.std(x64)), delta=1e-12 * s["std"])
        self.assertEqual(s["zeros"], int((x64 == 0).sum()))
        bins, counts = np.unique(np.floor(np.log2(np.abs(x64[x64 != 0]))).astype(int), return_counts=True)
        self.assertEqual(s["log2_histogram"], {str(b): int(c) for b, c in zip(bins, counts)})
        casts = {"float16": x.astype(np.float16),
                 "bfloat16": torch.from_numpy(x.copy()).to(torch.bfloat16).to(torch.float64).numpy()}
        targets = {t["target"]: t for t in summary["targets"]}
        for name, cast in casts.items():
            for key, value in base.errors(x, cast).items():
                if isinstance(value, int):
                    self.assertEqual(targets[name][key], value, (name, key))
                else:
                    self.assertAlmostEqual(targets[name][key], value, delta=1e-12 * max(1.0, abs(value)),
                                           msg=(name, key))
        # Each target's worst tensor is the tensor with the lowest SQNR; the best target is rank 0.
        for name, target in targets.items():
            per_tensor = [(t["targets"][list(targets).index(name)]["sqnr_db"], t["name"]) for t in report["tensors"]]
            lowest = min(per_tensor, key=lambda p: p[0])
            self.assertEqual((target["worst_tensor"], target["worst_tensor_sqnr_db"]), (lowest[1], lowest[0]), name)
        self.assertEqual(sorted(t["rank"] for t in targets.values()), [0, 1, 2])
        mxfp4 = [t["targets"][2] for t in report["tensors"]]
        self.assertEqual(targets["mxfp4_e2m1"]["blocks"], sum(t["blocks"] for t in mxfp4))
        self.assertEqual(targets["mxfp4_e2m1"]["block_sqnr_db"]["min"], min(t["block_sqnr_db"]["min"] for t in mxfp4))
        text = base.run("analyze", self.path, "--to", "float16", "bfloat16", "mxfp4_e2m1").stdout
        self.assertIn(f"\nfile summary  117 tensors, {x.size} values\n", text)

    def test_the_best_target_and_the_order_of_the_table(self):
        # On this network's filter scales float8_e4m3fn and MXFP8 give the same values (every MX scale is 1) and
        # SQNRs that differ only in the last digits: a tie, which the fewer bits win.
        targets = ("float8_e4m3fn", "mxfp8_e4m3", "mxfp4_e2m1", "nvfp4")
        got = self.analyze("--to", *targets)
        tie = {t["target"]: t for t in got["conv64_down/conv1/scale/weights"]["targets"]}
        self.assertEqual(tie["float8_e4m3fn"]["mse"], tie["mxfp8_e4m3"]["mse"])
        self.assertAlmostEqual(tie["float8_e4m3fn"]["sqnr_db"], tie["mxfp8_e4m3"]["sqnr_db"], delta=1e-9)
        self.assertTrue(tie["float8_e4m3fn"]["best"])
        # Every tensor: rank 0 is the best, the ranks run down the SQNRs (ties within 1e-6 dB aside), and the text
        # table (the targets in the order asked) stars the best.
        text = base.run("analyze", self.path, "--to", *targets).stdout.splitlines()
        for name, tensor in got.items():
            by_rank = sorted(tensor["targets"], key=lambda t: t["rank"])
            self.assertEqual([t["rank"] for t in by_rank], list(range(len(targets))), name)
            self.assertEqual([t["best"] for t in by_rank], [True] + [False] * (len(targets) - 1), name)
            sqnrs = [math.inf if t["sqnr_db"] is None else t["sqnr_db"] for t in by_rank]
            for higher, lower in zip(sqnrs, sqnrs[1:]):
                self.assertLessEqual(lower, higher + 1e-6, name)
            start = text.index(next(line for line in text if line.startswith(f"tensor {name}  "))) + 4
            rows = text[start:start + len(targets)]
            self.assertEqual([row[2:].split()[0] for row in rows], list(targets), name)
            self.assertEqual([row.startswith("* ") for row in rows], [t["best"] for t in tensor["targets"]], name)

    def test_the_example_in_docs_is_what_analyze_prints(self):
        command = "$ typelattice analyze face.safetensors --tensor conv64_1/conv1/conv/filters"
        with open(DOCS) as f:
            lines = f.read().splitlines()
        start = lines.index(command) + 1
        shown = lines[start:lines.index("  ...", start)]
        os.link(self.path, os.path.join(self.dir.name, "face.safetensors"))
        done = subprocess.run([os.path.abspath(base.BINARY), "analyze", "face.safetensors", "--tensor",
                               "conv64_1/conv1/conv/filters"], cwd=self.dir.name, capture_output=True, text=True,
                              check=True)
        self.assertEqual(done.stdout.splitlines()[:len(shown)], shown)
        # The figures the text under it quotes: NVFP4 with its tensor scale against MXFP4.
        got = self.analyze("--tensor", "conv64_1/conv1/conv/filters", "--to", "mxfp4_e2m1", "nvfp4", "--tensor-scale")
        sqnr = {t["target"]: round(t["sqnr_db"], 2) for t in got["conv64_1/conv1/conv/filters"]["targets"]}
        self.assertEqual(sqnr, {"mxfp4_e2m1": 18.64, "nvfp4+tensor_scale": 20.43})
        self.assertIn("NVFP4 beats MXFP4: 20.43 against 18.64 dB", " ".join(lines))


if __name__ == "__main__":
    if "--write" in sys.argv:
        base.write_safetensors(sys.argv[sys.argv.index("--write") + 1], load_tfjs_weights(MODEL)[0])
    else:
        unittest.main()
