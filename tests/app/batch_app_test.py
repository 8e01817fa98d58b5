#!/usr/bin/env python3
"""`typelattice-app --headless --batch FILE` (docs/app.md, "Many headless runs in one start"): each line of FILE is
answered as a headless start with the same options answers (exit status, stdout, stderr and the screenshot, byte
for byte), lines that are not runs get status 2 and the reason, and the batch run refuses what is not its own.

Usage: batch_app_test.py APP (needs a display: run it under xvfb-run)."""
import json
import os
import subprocess
import sys
import tempfile
import unittest

APP = sys.argv[1]
del sys.argv[1]


def run(*args):
    return subprocess.run([APP, *args], capture_output=True, text=True, timeout=300)


class Batch(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory(prefix="typelattice-batch-test-")
        self.addCleanup(self.dir.cleanup)

    def path(self, name):
        return os.path.join(self.dir.name, name)

    def batch(self, lines):
        """Runs a batch of `lines` (strings, written as they are); returns its records after checking exit 0."""
        with open(self.path("runs.jsonl"), "w", encoding="utf-8") as f:
            f.write("\n".join(lines) + "\n")
        r = run("--headless", "--batch", self.path("runs.jsonl"))
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(r.stderr, "")
        return [json.loads(line) for line in r.stdout.splitlines()]

    def test_each_line_answers_as_a_headless_start_of_its_own(self):
        shot = self.path("lattice.png")
        runs = [
            ["--select", "float16,bfloat16"],
            ["--view", "bits", "--format", "float8_e4m3fn", "--value=448.5"],
            ["--view", "blocks", "--format", "mxfp4_e2m1", "--values=1,2,3,100"],
            ["--view", "compare", "--operands=uint8,300"],
            ["--select", "int8,uint9"],                              # an unknown dtype: exit 2, the closest names
            ["--view", "tables"],                                    # a bad flag value: exit 2 with the usage
            ["--system", "numpy", "--select", "int8,uint8", "--screenshot", shot],
            ["--help"],                                              # exit 0, the usage on stdout
        ]
        records = self.batch([json.dumps(a) for a in runs])
        self.assertEqual([r["line"] for r in records], list(range(1, len(runs) + 1)))
        batch_png = open(shot, "rb").read()
        os.remove(shot)
        for args, record in zip(runs, records):
            alone = run("--headless", *args)
            self.assertEqual((record["status"], record["stdout"], record["stderr"]),
                             (alone.returncode, alone.stdout, alone.stderr), args)
        self.assertEqual(open(shot, "rb").read(), batch_png, "the screenshot of a batch line is the headless start's")
        # What the runs say, so that the comparison above is not between two empty answers.
        self.assertTrue(records[0]["stdout"].startswith("join: float32\n"), records[0])
        self.assertIn("bits: 0x7e 448\n", records[1]["stdout"])
        self.assertIn("uint8", records[4]["stderr"])
        self.assertEqual(records[4]["status"], 2)
        self.assertIn("usage: typelattice-app", records[5]["stderr"])
        self.assertEqual(records[7]["status"], 0)
        self.assertIn("usage: typelattice-app", records[7]["stdout"])

    def test_lines_that_are_not_runs_get_status_2_and_the_reason(self):
        records = self.batch(['not json', '{"select": "int8"}', '[1, 2]', "", '["--size", "800x600"]',
                              '["--batch", "other.jsonl"]', '["--scale", "2"]', '["--select", "int8"]'])
        self.assertEqual([r["line"] for r in records], [1, 2, 3, 5, 6, 7, 8], "the empty line 4 is skipped")
        for r in records[:3]:
            self.assertEqual((r["status"], r["stdout"]), (2, ""), r)
            self.assertIn("expected a JSON array of strings", r["stderr"])
            self.assertIn(f"--batch line {r['line']}: ", r["stderr"])
        for r in records[3:6]:
            self.assertEqual(r["status"], 2, r)
            self.assertIn("belong to the --batch run", r["stderr"])
        self.assertEqual(records[6]["status"], 0)
        self.assertTrue(records[6]["stdout"].startswith("join: int8\n"), records[6])

    def test_the_batch_run_takes_only_its_window_options(self):
        with open(self.path("runs.jsonl"), "w", encoding="utf-8") as f:
            f.write('["--select", "int8"]\n')
        r = run("--headless", "--batch", self.path("runs.jsonl"), "--view", "bits")
        self.assertEqual(r.returncode, 2)
        self.assertIn("--batch: --view goes on a line of the file", r.stderr)
        r = run("--batch", self.path("runs.jsonl"))
        self.assertEqual(r.returncode, 2)
        self.assertIn("--batch needs --headless", r.stderr)
        r = run("--headless", "--batch", self.path("missing.jsonl"))
        self.assertEqual((r.returncode, r.stdout), (2, ""))
        self.assertIn("--batch: cannot read '", r.stderr)
        r = run("--headless", "--size", "640x480", "--batch", self.path("runs.jsonl"))
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(json.loads(r.stdout)["status"], 0)


if __name__ == "__main__":
    unittest.main()
