"""`typelattice analyze` on checkpoint files this test writes itself (safetensors and GGUF byte by byte from their
specs, .npy with NumPy), checked against NumPy and PyTorch: the statistics from the values, float16 and bfloat16 errors from
NumPy's and PyTorch's own casts, block formats' errors from the values `typelattice quantize` dequantizes row by row.

Usage: analyze_cli_test.py TYPELATTICE_BINARY
"""
import json
import math
import os
import struct
import subprocess
import sys
import signal
import tempfile
import time
import unittest

import numpy as np
import torch

BINARY = sys.argv.pop(1)


def run(*args, check=True):
    done = subprocess.run([BINARY, *args], capture_output=True, text=True)
    if check and done.returncode != 0:
        raise AssertionError(f"{args}: exit {done.returncode}: {done.stderr}")
    return done


def write_safetensors(path, tensors, dtype_names=None, metadata=None):
    header, data = {}, b""
    for name, array in tensors.items():
        raw = array.tobytes()
        dtype = (dtype_names or {}).get(name, {"float32": "F32", "float16": "F16"}[str(array.dtype)])
        header[name] = {"dtype": dtype, "shape": list(array.shape), "data_offsets": [len(data), len(data) + len(raw)]}
        data += raw
    if metadata is not None:
        header["__metadata__"] = metadata
    text = json.dumps(header).encode()
    text += b" " * (-len(text) % 8)
    with open(path, "wb") as f:
        f.write(struct.pack("<Q", len(text)) + text + data)


def gguf_string(text):
    raw = text.encode()
    return struct.pack("<Q", len(raw)) + raw


def write_gguf(path, tensors, metadata=b"", kv_count=0, version=3, alignment=32):
    """GGUF v3 from its spec: tensors is a list of (name, ne, ggml type, raw bytes); metadata the key/values' bytes."""
    infos, data = b"", b""
    for name, ne, ggml_type, raw in tensors:
        data += b"\0" * (-len(data) % alignment)
        infos += gguf_string(name) + struct.pack("<I", len(ne)) + b"".join(struct.pack("<Q", n) for n in ne)
        infos += struct.pack("<IQ", ggml_type, len(data))
        data += raw
    header = b"GGUF" + struct.pack("<IQQ", version, len(tensors), kv_count) + metadata + infos
    with open(path, "wb") as f:
        f.write(header + b"\0" * (-len(header) % alignment) + data)


def errors(x, d):
    """The analysis's definitions over finite inputs with finite results (float64 arithmetic)."""
    x = x.astype(np.float64).ravel()
    d = d.astype(np.float64).ravel()
    keep = np.isfinite(x) & np.isfinite(d)
    e = np.abs(d[keep] - x[keep])
    nonzero = x[keep] != 0
    return {
        "measured": int(keep.sum()),
        "non_finite": int((np.isfinite(x) & ~np.isfinite(d)).sum()),
        "flushed": int(((x != 0) & (d == 0) & keep).sum()),
        "mse": float(np.mean(e * e)),
        "sqnr_db": float(10 * math.log10(np.sum(x[keep] ** 2) / np.sum(e * e))),
        "max_abs_error": float(e.max()),
        "max_relative_error": float(np.max(e[nonzero] / np.abs(x[keep][nonzero]))),
    }


def quantized_blocks(block_format, rows, extra=()):
    """Each row quantized on its own by `typelattice quantize` (blocks never cross a row), as its JSON blocks, and
    per element whether it is a row's value (False: padding). All rows go in one call (a process start is slow
    under the sanitizers), each short last block padded to a whole block as docs/formats.md says analyze does: with
    zeros, which in the MX formats, NVFP4, NF4, bitsandbytes' FP4 and the GGUF types change neither the block's scale
    nor its other elements, and for Q4_1/Q5_1, whose block stores its minimum, with the short block's first value."""
    size = {"nvfp4": 16, "nf4": 64, "bnb_fp4": 64}.get(block_format, 32)
    words, kept = [], []
    for row in rows:
        row = [float(v) for v in row]
        pad = -len(row) % size
        fill = row[len(row) - len(row) % size] if pad and block_format in ("gguf_q4_1", "gguf_q5_1") else 0.0
        words.extend(repr(v) for v in row + [fill] * pad)
        kept.extend([True] * len(row) + [False] * pad)
    done = subprocess.run([BINARY, "quantize", "--to", block_format, "--format", "json", *extra],
                          input=" ".join(words), capture_output=True, text=True, check=True)
    blocks = json.loads(done.stdout)["blocks"]
    assert sum(len(b["elements"]) for b in blocks) == len(kept), (block_format, len(kept))
    return blocks, kept


def dequantized_rows(block_format, rows, extra=()):
    """quantized_blocks' values of the rows, dequantized exactly (NaN where a block's results are not numbers)."""
    blocks, kept = quantized_blocks(block_format, rows, extra)
    values = [e["dequantized"] if e["dequantized"] is not None else math.nan for b in blocks for e in b["elements"]]
    return np.array([v for v, k in zip(values, kept) if k], dtype=np.float64)


class AnalyzeTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.dir = tempfile.TemporaryDirectory()
        rng = np.random.default_rng(7)
        cls.w = rng.standard_normal((12, 40)).astype(np.float32)   # rows of 40: MX blocks of 32 + a short 8
        cls.w[2, 5] = 900.0                                        # past float8_e4m3fn's 448
        cls.w[7, 1] = 1e-9                                         # flushed by every 8-bit format
        cls.laplace = rng.laplace(0, 0.02, 300).astype(np.float32)
        cls.half = (rng.standard_normal((3, 5)) * 1000).astype(np.float16)
        cls.path = os.path.join(cls.dir.name, "model.safetensors")
        write_safetensors(cls.path, {"layer.w": cls.w, "layer.b": cls.laplace, "emb": cls.half},
                          metadata={"format": "pt"})

    @classmethod
    def tearDownClass(cls):
        cls.dir.cleanup()

    def analyze(self, *args):
        report = json.loads(run("analyze", *args, "--format", "json").stdout)
        return {t["name"]: t for f in report["files"] for t in f["tensors"]}

    def test_statistics_match_numpy(self):
        tensors = self.analyze(self.path, "--to", "float16")
        for name, x in (("layer.w", self.w), ("layer.b", self.laplace), ("emb", self.half)):
            t, x64 = tensors[name], x.astype(np.float64).ravel()
            self.assertEqual(t["count"], x.size)
            self.assertEqual(t["shape"], list(x.shape))
            s = t["stats"]
            self.assertEqual(s["amax"], float(np.max(np.abs(x64))))
            self.assertAlmostEqual(s["mean"], float(np.mean(x64)), delta=1e-12 * max(1, float(np.max(np.abs(x64)))))
            self.assertAlmostEqual(s["std"], float(np.std(x64)), delta=1e-12 * max(1, float(np.max(np.abs(x64)))))
            nonzero = x64[x64 != 0]
            bins, counts = np.unique(np.floor(np.log2(np.abs(nonzero))).astype(int), return_counts=True)
            self.assertEqual(s["log2_histogram"], {str(b): int(c) for b, c in zip(bins, counts)})
            self.assertEqual(s["zeros"], int((x64 == 0).sum()))

    def test_float16_and_bfloat16_errors_match_numpy_and_torch_casts(self):
        tensors = self.analyze(self.path, "--to", "float16", "bfloat16")
        x = self.w
        want = {"float16": errors(x, x.astype(np.float16)),
                "bfloat16": errors(x, torch.from_numpy(x).to(torch.bfloat16).to(torch.float64).numpy())}
        for target in tensors["layer.w"]["targets"]:
            expected = want[target["target"]]
            for key, value in expected.items():
                if isinstance(value, int):
                    self.assertEqual(target[key], value, (target["target"], key))
                else:
                    self.assertAlmostEqual(target[key], value, delta=1e-12 * max(1.0, abs(value)),
                                           msg=(target["target"], key))

    def test_csv_rows_match_numpy_and_the_json_targets_name_tensor_and_format(self):
        import csv
        import io
        targets = ("float16", "mxfp4_e2m1")
        out = run("analyze", self.path, "--to", *targets, "--format", "csv").stdout
        rows = list(csv.DictReader(io.StringIO(out)))
        self.assertEqual(len(rows), 3 * len(targets))          # every tensor with every target
        self.assertEqual({(r["tensor"], r["format"]) for r in rows},
                         {(t, f) for t in ("layer.w", "layer.b", "emb") for f in targets})
        want = errors(self.w, self.w.astype(np.float16))
        row = next(r for r in rows if r["tensor"] == "layer.w" and r["format"] == "float16")
        self.assertEqual(row["file"], self.path)
        self.assertEqual(row["shape"], "[%d, %d]" % self.w.shape)  # quoted: it holds a comma
        self.assertEqual(int(row["measured"]), want["measured"])
        self.assertAlmostEqual(float(row["sqnr_db"]), want["sqnr_db"], delta=1e-12 * abs(want["sqnr_db"]))
        self.assertEqual(row["scale_mode"], "")                 # an element format has no block columns
        report = json.loads(run("analyze", self.path, "--to", *targets, "--format", "json").stdout)
        for tensor in report["files"][0]["tensors"]:
            for target in tensor["targets"]:
                self.assertEqual((target["tensor"], target["format"]), (tensor["name"], target["target"]))
                row = next(r for r in rows if r["tensor"] == tensor["name"] and r["format"] == target["format"])
                for key in ("sqnr_db", "mse", "max_abs_error", "max_relative_error"):
                    where = (tensor["name"], target["format"], key)
                    if target[key] is None:                     # JSON's null is CSV's inf or nan
                        self.assertFalse(math.isfinite(float(row[key])), where)
                    else:
                        self.assertEqual(float(row[key]), target[key], where)
                if target["format"] == "mxfp4_e2m1":
                    self.assertEqual(int(row["blocks"]), target["blocks"])
                    self.assertEqual(row["scale_mode"], target["scale_mode"])

    def test_block_formats_match_the_values_quantize_dequantizes(self):
        tensors = self.analyze(self.path, "--tensor", "layer.w", "--to", "mxfp8_e4m3", "mxfp4_e2m1", "nvfp4",
                               "--scale-mode", "even")
        targets = {t["target"]: t for t in tensors["layer.w"]["targets"]}
        for name, extra in (("mxfp8_e4m3", ["--scale-mode", "even"]), ("mxfp4_e2m1", ["--scale-mode", "even"]),
                            ("nvfp4", [])):
            got = targets[name]
            self.assertEqual(got["blocks"], 12 * (2 if name != "nvfp4" else 3))
            self.assertEqual(got["scale_mode"], "even" if name != "nvfp4" else "nearest")
            expected = errors(self.w, dequantized_rows(name, self.w, extra))
            for key, value in expected.items():
                if isinstance(value, int):
                    self.assertEqual(got[key], value, (name, key))
                else:
                    self.assertAlmostEqual(got[key], value, delta=1e-12 * max(1.0, abs(value)), msg=(name, key))

    def test_worst_blocks_requantize_to_the_same_sqnr(self):
        tensors = self.analyze(self.path, "--tensor", "layer.w", "--to", "mxfp4_e2m1", "--worst", "3")
        target = tensors["layer.w"]["targets"][0]
        worst = target["worst_blocks"]
        self.assertEqual(len(worst), 3)
        self.assertEqual(worst[0]["index"], target["worst_block"])
        self.assertEqual([w["sqnr_db"] for w in worst], sorted(w["sqnr_db"] for w in worst))
        for w in worst:
            row, block = divmod(w["index"], 2)          # rows of 40: blocks of 32 and 8
            want = self.w[row, block * 32:(block + 1) * 32]
            self.assertEqual(w["values"], [float(v) for v in want])
            d = dequantized_rows("mxfp4_e2m1", [want])
            x = want.astype(np.float64)
            self.assertAlmostEqual(w["sqnr_db"], 10 * math.log10(np.sum(x * x) / np.sum((d - x) ** 2)), delta=1e-9)
        text = run("analyze", self.path, "--tensor", "layer.w", "--to", "mxfp4_e2m1", "--worst", "1").stdout
        command = [line for line in text.splitlines() if "typelattice quantize" in line][0]
        words = command.split("typelattice quantize", 1)[1].split()
        again = json.loads(run("quantize", *words[:words.index("--")], "--format", "json",
                               *words[words.index("--"):]).stdout)
        self.assertEqual(sum(len(b["elements"]) for b in again["blocks"]), len(worst[0]["values"]))

    def test_fortran_order_rows_run_along_the_first_axis(self):
        a = np.asfortranarray(self.w[:, :33])   # storage order: columns of 12
        path = os.path.join(self.dir.name, "f.npy")
        np.save(path, a)
        t = self.analyze(path, "--to", "mxfp4_e2m1")[""]
        self.assertEqual(t["row_length"], 12)
        got = t["targets"][0]
        self.assertEqual(got["blocks"], 33)     # one short block per column
        expected = errors(a.T, dequantized_rows("mxfp4_e2m1", a.T))
        self.assertAlmostEqual(got["sqnr_db"], expected["sqnr_db"], delta=1e-9)

    def test_gguf_q4_k_tensor_matches_numpy(self):
        # Two Q4_K super-blocks (ggml-common.h's block_q4_K: float16 d and dmin, 12 bytes of 6-bit scales and mins,
        # 128 bytes of nibbles), decoded here from ggml's struct in float32, one operation at a time.
        rng = np.random.default_rng(11)
        blocks, values = b"", []
        for d, dmin in ((0.0123, 0.004), (-1.5, 0.25)):
            scales = rng.integers(0, 256, 12, dtype=np.uint8)
            qs = rng.integers(0, 256, 128, dtype=np.uint8)
            blocks += np.array([d, dmin], dtype=np.float16).tobytes() + scales.tobytes() + qs.tobytes()
            d32, dmin32 = np.float32(np.float16(d)), np.float32(np.float16(dmin))
            for i in range(8):  # sub-block i: 32 values, its 6-bit scale and min (get_scale_min_k4)
                if i < 4:
                    sc, m = scales[i] & 63, scales[i + 4] & 63
                else:
                    sc = (scales[i + 4] & 0xF) | ((scales[i - 4] >> 6) << 4)
                    m = (scales[i + 4] >> 4) | ((scales[i] >> 6) << 4)
                nibbles = (qs[32 * (i // 2):32 * (i // 2) + 32] >> (4 * (i % 2))) & 0xF
                values.append((d32 * np.float32(sc)) * nibbles.astype(np.float32) - dmin32 * np.float32(m))
        values = np.concatenate(values).astype(np.float32)
        path = os.path.join(self.dir.name, "q4k.gguf")
        write_gguf(path, [("blk.0.attn_q.weight", [256, 2], 12, blocks)])
        report = json.loads(run("analyze", path, "--to", "float16", "--format", "json").stdout)
        f = report["files"][0]
        self.assertEqual(f["skipped"], [])
        t = f["tensors"][0]
        self.assertEqual(t["dtype"], "Q4_K")
        self.assertEqual(t["shape"], [2, 256])
        x64 = values.astype(np.float64)
        self.assertEqual(t["stats"]["amax"], float(np.max(np.abs(x64))))
        self.assertAlmostEqual(t["stats"]["mean"], float(np.mean(x64)), delta=1e-12 * 100)
        self.assertAlmostEqual(t["stats"]["std"], float(np.std(x64)), delta=1e-12 * 100)
        want = errors(values, values.astype(np.float16))
        self.assertAlmostEqual(t["targets"][0]["sqnr_db"], want["sqnr_db"], delta=1e-9)

    def test_gguf_f32_and_q8_0_tensors_match_numpy_and_other_quantized_tensors_are_skipped(self):
        # A vocabulary of 150000 strings makes the header about 2.5 MB: analyze must read past its first 1 MiB.
        tokens = b"".join(gguf_string(f"tok{i:06d}") for i in range(150000))
        metadata = (gguf_string("general.architecture") + struct.pack("<I", 8) + gguf_string("llama") +
                    gguf_string("tokenizer.ggml.tokens") + struct.pack("<IIQ", 9, 8, 150000) + tokens +
                    gguf_string("general.alignment") + struct.pack("<II", 4, 32))
        # Two Q8_0 blocks of 32 (float16 d, then 32 int8 codes each), whose values are code × d in float32.
        rng = np.random.default_rng(3)
        d = np.array([0.0123, -3.5], dtype=np.float16)
        codes = rng.integers(-128, 128, (2, 32), dtype=np.int8)
        q8 = b"".join(d[i:i + 1].tobytes() + codes[i].tobytes() for i in range(2))
        q8_values = (codes.astype(np.float32) * d.astype(np.float32)[:, None]).ravel()
        iq2 = rng.integers(0, 256, 66, dtype=np.uint8).tobytes()  # one IQ2_XXS block of 256, not decoded
        path = os.path.join(self.dir.name, "model.gguf")
        write_gguf(path, [("blk.0.q", [64], 8, q8), ("blk.0.k", [256], 16, iq2), ("blk.0.w", [40, 12], 0, self.w.tobytes())],
                   metadata, kv_count=3)
        self.assertGreater(os.path.getsize(path), 2 << 20)
        report = json.loads(run("analyze", path, "--to", "float16", "--format", "json").stdout)
        f = report["files"][0]
        self.assertEqual(f["kind"], "gguf")
        self.assertEqual(f["skipped"], ["blk.0.k: ggml type IQ2_XXS (16)"])
        self.assertEqual([t["name"] for t in f["tensors"]], ["blk.0.q", "blk.0.w"])
        q = f["tensors"][0]
        self.assertEqual(q["dtype"], "Q8_0")
        self.assertEqual(q["count"], 64)
        self.assertEqual(q["stats"]["amax"], float(np.max(np.abs(q8_values.astype(np.float64)))))
        self.assertAlmostEqual(q["stats"]["mean"], float(np.mean(q8_values.astype(np.float64))), delta=1e-12 * 500)
        want = errors(q8_values, q8_values.astype(np.float16))
        self.assertAlmostEqual(q["targets"][0]["sqnr_db"], want["sqnr_db"], delta=1e-9)
        t, x64 = f["tensors"][1], self.w.astype(np.float64).ravel()
        self.assertEqual(t["shape"], [12, 40])      # ne reversed: rows of ne[0] = 40
        self.assertEqual(t["row_length"], 40)
        self.assertEqual(t["count"], self.w.size)
        self.assertEqual(t["stats"]["amax"], float(np.max(np.abs(x64))))
        self.assertAlmostEqual(t["stats"]["mean"], float(np.mean(x64)), delta=1e-12 * 900)
        self.assertAlmostEqual(t["stats"]["std"], float(np.std(x64)), delta=1e-12 * 900)
        want = errors(self.w, self.w.astype(np.float16))
        self.assertAlmostEqual(t["targets"][0]["sqnr_db"], want["sqnr_db"], delta=1e-9)
        self.assertEqual(t["targets"][0]["flushed"], want["flushed"])
        text = run("analyze", path, "--to", "float16").stdout
        self.assertIn("(gguf, 2 tensors)", text)
        self.assertIn("skipped: blk.0.k: ggml type IQ2_XXS (16)\n", text)
        old = os.path.join(self.dir.name, "v2.gguf")
        write_gguf(old, [("w", [4], 0, b"\0" * 16)], version=2)
        done = run("analyze", old, check=False)
        self.assertEqual(done.returncode, 2, done.stderr)
        self.assertIn("only version 3 is read", done.stderr)
        huge = os.path.join(self.dir.name, "huge-header.gguf")   # a 300 MiB string value; sparse, never read
        write_gguf(huge, [], gguf_string("k") + struct.pack("<IQ", 8, 300 << 20), kv_count=1)
        os.truncate(huge, 301 << 20)
        done = run("analyze", huge, check=False)
        self.assertEqual(done.returncode, 2, done.stderr)
        self.assertIn("the header is longer than 256 MiB", done.stderr)

    def test_text_marks_the_best_target_and_says_how_blocks_run(self):
        out = run("analyze", self.path, "--tensor", "layer.w", "--to", "float8_e4m3fn", "float16").stdout
        self.assertIn("along each tensor's last axis in storage order", out)
        best = [line for line in out.splitlines() if line.startswith("*")]
        self.assertEqual(len(best), 1)
        self.assertIn("float16", best[0])   # 16 bits beat 8 on these values

    def test_threads_give_the_same_report(self):
        reports = [run("analyze", self.path, "--threads", n, "--worst", "2", "--format", "json").stdout
                   for n in ("1", "2", "5")]
        self.assertEqual(reports[0], reports[1])
        self.assertEqual(reports[0], reports[2])

    def test_tensors_side_by_side_give_the_same_report_in_file_order(self):
        # Tensors of about equal size run one per thread (none holds half the bytes); the report is the one of
        # --threads 1, byte for byte, in every output format.
        rng = np.random.default_rng(11)
        tensors = {f"t{k}": (rng.standard_normal((16 + k, 96)) * 10.0 ** (k % 5 - 2)).astype(np.float32)
                   for k in range(9)}
        tensors["half"] = rng.standard_normal((20, 64)).astype(np.float16)
        path = os.path.join(self.dir.name, "many.safetensors")
        write_safetensors(path, tensors)
        for fmt in ("json", "text", "csv"):
            args = ["analyze", path, "--worst", "3", "--format", fmt, "--to", "float8_e4m3fn", "mxfp4_e2m1", "nvfp4"]
            one = run(*args, "--threads", "1").stdout
            for n in ("2", "3", "16"):
                self.assertEqual(run(*args, "--threads", n).stdout, one, (fmt, n))
        report = json.loads(run("analyze", path, "--format", "json", "--threads", "3").stdout)
        self.assertEqual([t["name"] for t in report["files"][0]["tensors"]], list(tensors))

    def test_quiet_stderr_when_it_is_not_a_terminal(self):
        done = run("analyze", self.path)
        self.assertEqual(done.stderr, "")   # the progress line is for terminals only

    def test_ctrl_c_stops_with_exit_130(self):
        path = os.path.join(self.dir.name, "large.safetensors")
        write_safetensors(path, {"big": np.random.default_rng(3).standard_normal((4096, 4096), dtype=np.float32)})
        targets = ["float8_e4m3fn", "float8_e5m2", "float6_e2m3fn", "float4_e2m1fn", "mxfp8_e4m3", "mxfp8_e5m2",
                   "mxfp6_e3m2", "mxfp6_e2m3", "mxfp4_e2m1", "mxint8", "nvfp4"]
        # The file 40 times over: about 20 s of work on one thread, however fast a pass gets, so the signal
        # always comes mid-run.
        process = subprocess.Popen([BINARY, "analyze", *[path] * 40, "--threads", "1", "--to", *targets],
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        time.sleep(0.5)   # the handler is installed before the first slice
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=60)
        self.assertEqual(process.returncode, 130, err)
        self.assertIn("interrupted", err)
        os.remove(path)

    def test_bad_input_is_a_message_and_exit_2(self):
        cut = os.path.join(self.dir.name, "cut.safetensors")
        with open(self.path, "rb") as f:
            whole = f.read()
        with open(cut, "wb") as f:
            f.write(whole[:-10])
        cases = [
            ([cut], "cut.safetensors"),
            ([self.path, "--to", "mxfp4"], "mxfp4_e2m1"),
            ([self.path, "--to", "float32"], "float32"),
            ([self.path, "--tensor", "nothing*"], "no tensor matches"),
            ([os.path.join(self.dir.name, "missing.npy")], "missing.npy"),
            ([self.path, "--format", "xml"], "--format"),
            ([self.path, "--worst", "1001"], "--worst"),
        ]
        for args, needle in cases:
            done = run("analyze", *args, check=False)
            self.assertEqual(done.returncode, 2, (args, done.stderr))
            self.assertIn(needle, done.stderr, args)
            self.assertNotIn("Traceback", done.stderr)


if __name__ == "__main__":
    unittest.main()
