"""`typelattice analyze` on .npz archives NumPy writes (np.savez, np.savez_compressed), on zip64 archives Python's
zipfile writes, on zips written byte by byte from PKWARE's APPNOTE.TXT (each a way a file can be bad), and on raw
arrays with --raw. An archive must analyze exactly as the same arrays saved as .npy and safetensors files do.

Usage: analyze_npz_raw_test.py TYPELATTICE_BINARY
"""
import json
import os
import struct
import subprocess
import sys
import tempfile
import unittest
import zipfile
import zlib

import numpy as np

BINARY = sys.argv.pop(1)


def run(*args):
    return subprocess.run([BINARY, *args], capture_output=True, text=True)


def tensor_sections(text):
    """The text report without its per-file lines (the file's name and kind), which differ between containers."""
    return [line for line in text.splitlines() if not line.startswith("file ") and not line.startswith("blocks:")]


def write_safetensors(path, arrays):
    header, data = {}, b""
    for name, array in arrays.items():
        raw = array.tobytes()
        header[name] = {"dtype": "F32", "shape": list(array.shape), "data_offsets": [len(data), len(data) + len(raw)]}
        data += raw
    text = json.dumps(header).encode()
    with open(path, "wb") as f:
        f.write(struct.pack("<Q", len(text)) + text + data)


def npy_bytes(array):
    import io
    out = io.BytesIO()
    np.save(out, array)
    return out.getvalue()


def zip_from_spec(members, edit=None):
    """A zip archive byte by byte: members are (name, bytes, method); edit(i, fields) may change central directory
    entry i's fields (a dict) before it is written."""
    body, directory = b"", b""
    for i, (name, content, method) in enumerate(members):
        stored = content if method == 0 else zlib.compress(content, 6)[2:-4]  # raw deflate: no zlib header/trailer
        fields = {"flags": 0, "method": method, "crc": zlib.crc32(content), "csize": len(stored), "size": len(content),
                  "offset": len(body), "name": name.encode()}
        body += struct.pack("<IHHHHHIIIHH", 0x04034B50, 20, 0, method, 0, 0, fields["crc"], len(stored), len(content),
                            len(fields["name"]), 0) + fields["name"] + stored
        if edit:
            edit(i, fields)
        directory += struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, 20, 20, fields["flags"], fields["method"], 0, 0,
                                 fields["crc"], fields["csize"], fields["size"], len(fields["name"]), 0, 0, 0, 0, 0,
                                 fields["offset"]) + fields["name"]
    end = struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, len(members), len(members), len(directory), len(body), 0)
    return body + directory + end


class NpzAndRaw(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        rng = np.random.default_rng(7)
        cls.arrays = {
            "weight": rng.standard_normal((48, 96)).astype(np.float32),
            "bias": (rng.laplace(size=200) * 3).astype(np.float32),
            "outlier": np.concatenate([rng.standard_normal(63), [1e4]]).astype(np.float32),
        }
        cls.npy = {}
        for name, array in cls.arrays.items():
            cls.npy[name] = cls.path(name + ".npy")
            np.save(cls.npy[name], array)
        cls.safetensors = cls.path("same.safetensors")
        write_safetensors(cls.safetensors, cls.arrays)
        cls.stored, cls.deflated = cls.path("stored.npz"), cls.path("deflated.npz")
        np.savez(cls.stored, **cls.arrays)
        np.savez_compressed(cls.deflated, **cls.arrays)

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    @classmethod
    def path(cls, name):
        return os.path.join(cls.tmp.name, name)

    def write(self, name, data):
        with open(self.path(name), "wb") as f:
            f.write(data)
        return self.path(name)

    def analyze_text(self, *args):
        done = run("analyze", *args, "--worst", "2")
        self.assertEqual(done.returncode, 0, done.stderr)
        return done.stdout

    def refused(self, *args):
        """Exit 2 and the message; a member found bad only as it is read (its CRC) ends the output so far."""
        done = run("analyze", *args)
        self.assertEqual(done.returncode, 2, done.stdout)
        self.assertNotIn("SQNR", done.stdout)
        return done.stderr

    def test_npz_analyzes_as_the_same_arrays_in_safetensors(self):
        expected = tensor_sections(self.analyze_text(self.safetensors))
        for archive in (self.stored, self.deflated):
            with self.subTest(archive=os.path.basename(archive)):
                text = self.analyze_text(archive)
                self.assertIn("(npz, 3 tensors)", text)
                self.assertEqual(tensor_sections(text), expected)

    def test_tensor_names_are_np_load_names(self):
        report = json.loads(run("analyze", self.deflated, "--format", "json").stdout)
        with np.load(self.deflated) as archive:
            self.assertEqual([t["name"] for t in report["files"][0]["tensors"]], list(archive.files))
        self.assertEqual(report["files"][0]["kind"], "npz")

    def test_each_member_analyzes_as_its_npy_file(self):
        for name in self.arrays:
            with self.subTest(tensor=name):
                npy = tensor_sections(self.analyze_text(self.npy[name]))
                npz = tensor_sections(self.analyze_text(self.deflated, "--tensor", name))
                self.assertEqual([line.replace("tensor (array)", f"tensor {name}") for line in npy], npz)

    def test_zip64_archive(self):
        # zipfile writes zip64 records only past its limits: lowered, a small archive has them all.
        limits = zipfile.ZIP64_LIMIT, zipfile.ZIP_FILECOUNT_LIMIT
        zipfile.ZIP64_LIMIT, zipfile.ZIP_FILECOUNT_LIMIT = 16, 1
        try:
            path = self.path("zip64.npz")
            with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
                for name, array in self.arrays.items():
                    z.writestr(name + ".npy", npy_bytes(array))
        finally:
            zipfile.ZIP64_LIMIT, zipfile.ZIP_FILECOUNT_LIMIT = limits
        with open(path, "rb") as f:
            self.assertIn(b"PK\x06\x06", f.read())  # the zip64 end of central directory record
        self.assertEqual(tensor_sections(self.analyze_text(path)), tensor_sections(self.analyze_text(self.safetensors)))

    def test_archive_written_from_the_spec_and_a_member_that_is_not_npy(self):
        members = [("weight.npy", npy_bytes(self.arrays["weight"]), 8), ("notes.txt", b"hello", 0),
                   ("bias.npy", npy_bytes(self.arrays["bias"]), 0)]
        path = self.write("spec.npz", zip_from_spec(members))
        text = self.analyze_text(path)
        sections = tensor_sections(text)
        self.assertEqual(sections[0], "skipped: notes.txt: not a .npy member")
        self.assertEqual(sections[1:], tensor_sections(self.analyze_text(self.stored, "--tensor", "weight", "--tensor", "bias")))

    def test_a_member_found_bad_while_others_are_read_beside_it(self):
        # Members of about equal size run side by side (--threads 3); the third's CRC is wrong. The output is that
        # of --threads 1: the members before it, then its error.
        rng = np.random.default_rng(5)
        members = [(f"m{k}.npy", npy_bytes(rng.standard_normal((40, 96)).astype(np.float32)), 8) for k in range(5)]
        path = self.write("third-bad.npz", zip_from_spec(members, lambda i, f: f.update(crc=f["crc"] ^ 1) if i == 2 else None))
        done = [run("analyze", path, "--threads", n, "--format", "json") for n in ("1", "3")]
        self.assertEqual(done[0].returncode, 2, done[0].stderr)
        self.assertIn("CRC-32", done[0].stderr)
        self.assertIn("tensor 'm2'", done[0].stderr)
        self.assertEqual(done[0].stdout.count('"name": "m'), 2)   # m0 and m1 were written before it
        self.assertEqual((done[1].returncode, done[1].stdout, done[1].stderr),
                         (done[0].returncode, done[0].stdout, done[0].stderr))

    def test_bad_archives(self):
        with open(self.deflated, "rb") as f:
            whole = f.read()
        weight = npy_bytes(self.arrays["weight"])
        bias = npy_bytes(self.arrays["bias"])

        def edited(name, change, members=None):
            return self.write(name, zip_from_spec(members or [("weight.npy", weight, 8), ("bias.npy", bias, 8)],
                                                  lambda i, f: change(i, f)))

        def first(change):
            return lambda i, f: change(f) if i == 0 else None

        cases = {
            "truncated": (self.write("cut.npz", whole[: len(whole) // 2]), "no end of central directory record"),
            "crc": (edited("crc.npz", first(lambda f: f.update(crc=f["crc"] ^ 1))), "CRC-32"),
            "method": (edited("bzip2.npz", first(lambda f: f.update(method=12))), "compression method 12"),
            "encrypted": (edited("encrypted.npz", first(lambda f: f.update(flags=1))), "encrypted"),
            "bomb": (edited("bomb.npz", first(lambda f: f.update(size=f["csize"] * 2000))), "zip bomb"),
            "compressed size lies": (edited("short.npz", first(lambda f: f.update(csize=f["csize"] - 40))),
                                     "cut short"),
            "size lies": (edited("long.npz", first(lambda f: f.update(size=f["size"] + 4))), "weight.npy"),
            "stored sizes differ": (edited("stored-sizes.npz", first(lambda f: f.update(size=f["size"] + 1)),
                                           [("weight.npy", weight, 0)]), "sizes differ"),
            "twice": (edited("twice.npz", lambda i, f: f.update(name=b"weight.npy"),
                             [("weight.npy", weight, 0), ("bias.npy", bias, 0)]), "twice"),
            "past the directory": (edited("past.npz", first(lambda f: f.update(offset=f["offset"] + 10 ** 6))),
                                   "before the central directory"),
        }
        # Overlapping members: bias's local header lies inside weight's stored bytes (an array of those bytes).
        inner = zip_from_spec([("bias.npy", bias, 0)])
        inner_member = inner[: 30 + len("bias.npy") + len(bias)]
        outer_content = npy_bytes(np.frombuffer(inner_member, dtype=np.uint8))
        at = 30 + len("weight.npy") + len(outer_content) - len(inner_member)

        def overlap(i, f):
            if i == 1:
                f.update(offset=at)
        cases["overlap"] = (edited("overlap.npz", overlap, [("weight.npy", outer_content, 0), ("bias.npy", bias, 0)]),
                            "overlaps member 'weight.npy'")
        for what, (path, message) in cases.items():
            with self.subTest(case=what):
                stderr = self.refused(path, "--to", "mxfp4_e2m1")
                self.assertIn(os.path.basename(path), stderr)
                self.assertIn(message, stderr)
                self.assertRegex(stderr, r"byte \d+")
                if os.environ.get("SHOW_MESSAGES"):
                    print(stderr, end="")

    def test_raw_array_analyzes_as_its_npy_file(self):
        array = self.arrays["weight"]
        raw = self.write("weight.bin", array.tobytes())
        self.assertEqual(tensor_sections(self.analyze_text(raw, "--raw", "float32:48x96")),
                         tensor_sections(self.analyze_text(self.npy["weight"])))
        self.assertEqual(tensor_sections(self.analyze_text(raw, "--raw", "F32:48x96")),
                         tensor_sections(self.analyze_text(self.npy["weight"])))
        half = array.astype(np.float16).reshape(4608)
        raw_half = self.write("weight.f16", half.tobytes())
        npy_half = self.write("weight16.npy", npy_bytes(half))
        self.assertEqual(tensor_sections(self.analyze_text(raw_half, "--raw", "float16:4608")),
                         tensor_sections(self.analyze_text(npy_half)))

    def test_raw_layout_that_does_not_fit_the_file(self):
        raw = self.write("weight.bin", self.arrays["weight"].tobytes())
        stderr = self.refused(raw, "--raw", "float32:48x97")
        self.assertIn(str(48 * 97 * 4), stderr)
        self.assertIn(str(48 * 96 * 4), stderr)
        for layout, message in {"float32": "DTYPE:SHAPE", "float7:10": "not one of", "float32:48x-1": "dimensions",
                                "float32:48xx96": "dimensions", "float32:99999999999x99999999999": "2^64"}.items():
            with self.subTest(layout=layout):
                self.assertIn(message, self.refused(raw, "--raw", layout))


if __name__ == "__main__":
    unittest.main()
