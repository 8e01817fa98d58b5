#!/usr/bin/env python3
"""The app's Bits view for the tapered formats (posit8, posit16, hif8) against the CLI: headless,
`typelattice-app --headless --view bits --format F --code C` prints, after its join line, "bits: " and what
`typelattice decode --from F C` prints, then what `typelattice layout F --code C` prints, byte for byte (with
--value V: `cast --to F V` and `layout F V`, the same flags on both sides); its errors are the CLI's, exit 2; and the
field bars it draws (--print-positions) are as wide as the fields the CLI's layout lists, so they change width from
code to code.

Usage: tapered_app_test.py CLI APP (needs a display: run it under xvfb-run)."""
import re
import subprocess
import sys
import unittest

CLI, APP = sys.argv[1:3]
del sys.argv[1:3]


def run(*args):
    return subprocess.run(list(args), capture_output=True, text=True, timeout=120)


def app(*args):
    return run(APP, "--headless", "--view", "bits", *args)


def after_join_line(out):
    first, _, rest = out.partition("\n")
    assert first.startswith("join: "), first
    return rest


def cli_fields(layout_text):
    """{field name: width in bits} from the CLI's layout lines "regime:      10  (bits 6..5, 2)  ..."."""
    fields = {}
    for name, high, low in re.findall(r"^(\w+):\s+[01]+  \(bits (\d+)(?:\.\.(\d+))?,", layout_text, re.M):
        fields[name] = int(high) - int(low if low else high) + 1
    cut = re.search(r"^cut exponent (\d+) bit", layout_text, re.M)
    if cut:
        fields["cut-exponent"] = int(cut.group(1))
    return fields


def app_fields(out):
    """{field name: (width in bits, x0, x1)} from the app's "region field NAME N-bit x0 y0 x1 y1 #colour" lines."""
    fields = {}
    for name, bits, x0, x1 in re.findall(r"^region field (\S+) (\d+)-bit (-?\d+) -?\d+ (-?\d+) ", out, re.M):
        fields[name] = (int(bits), int(x0), int(x1))
    return fields


# Codes whose fields differ in width: zero, minpos, 1, a 1-bit and a cut exponent, maxpos, NaR and negatives
# (posits); zero, denormals, each dot width, max, Inf and NaN (hif8).
CODES = {
    "posit8": ["0x00", "0x01", "0x07", "0x40", "0x41", "0x5a", "0x7c", "0x7e", "0x7f", "0x80", "0x81", "0xc5", "0xff"],
    "posit16": ["0x0000", "0x0001", "0x24cd", "0x4000", "0x7ff0", "0x7fff", "0x8000", "0xa5a5", "0xffff"],
    "hif8": ["0x00", "0x01", "0x07", "0x08", "0x18", "0x2c", "0x38", "0x50", "0x6e", "0x6f", "0x80", "0x95", "0xef"],
}

# Values that round (ties, below minpos, beyond maxpos, HiF8's flush and saturation), with the flags they take.
CASTS = [
    ("posit8", [], "0.3"), ("posit8", [], "1e-30"), ("posit8", [], "1e30"), ("posit8", [], "-1.0625"),
    ("posit8", [], "nan"), ("posit8", ["--saturate"], "-inf"), ("posit16", [], "0.1"), ("posit16", [], "-3e9"),
    ("hif8", [], "1e9"), ("hif8", ["--saturate"], "1e9"), ("hif8", [], "2.5"), ("hif8", [], "-1e-30"),
    ("hif8", ["--round", "ties-to-away"], "0.3"),
    # Read as the CLI reads it: the bits of a float32 or float64, or a decimal rounded to float32 first.
    ("posit8", ["--input", "hex"], "0x3fc00000"), ("hif8", ["--input", "hex"], "0x4059000000000000"),
    ("posit16", ["--from", "float32"], "0.1"),
]


class TaperedBitsViewTest(unittest.TestCase):
    def test_code_prints_decode_then_layout(self):
        for fmt, codes in CODES.items():
            for code in codes:
                with self.subTest(format=fmt, code=code):
                    decode = run(CLI, "decode", "--from", fmt, code)
                    layout = run(CLI, "layout", fmt, "--code", code)
                    self.assertEqual((decode.returncode, layout.returncode), (0, 0), decode.stderr + layout.stderr)
                    shown = app("--format", fmt, "--code", code)
                    self.assertEqual(shown.returncode, 0, shown.stderr)
                    self.assertEqual(after_join_line(shown.stdout), "bits: " + decode.stdout + layout.stdout)

    def test_value_prints_cast_then_layout(self):
        for fmt, flags, value in CASTS:
            with self.subTest(format=fmt, flags=flags, value=value):
                cast = run(CLI, "cast", "--to", fmt, *flags, "--", value)
                layout = run(CLI, "layout", fmt, *flags, "--", value)
                self.assertEqual((cast.returncode, layout.returncode), (0, 0), cast.stderr + layout.stderr)
                shown = app("--format", fmt, *flags, "--value", value)
                self.assertEqual(shown.returncode, 0, shown.stderr)
                self.assertEqual(after_join_line(shown.stdout), "bits: " + cast.stdout + layout.stdout)

    def test_errors_are_the_clis(self):
        for fmt, flags, value in [("posit8", ["--no-saturate"], "3"), ("posit16", ["--round", "ties-to-away"], "1"),
                                  ("hif8", ["--round", "stochastic"], "1"), ("hif8", [], "1.5x")]:
            with self.subTest(format=fmt, flags=flags, value=value):
                cli = run(CLI, "cast", "--to", fmt, *flags, "--", value)
                shown = app("--format", fmt, *flags, "--value", value)
                self.assertEqual((cli.returncode, shown.returncode), (2, 2))
                self.assertEqual(shown.stdout, "")
                message = cli.stderr.splitlines()[0].removeprefix("typelattice: ")
                self.assertEqual(shown.stderr.splitlines()[0], "typelattice-app: " + message)
        cli = run(CLI, "layout", "posit8", "--code", "0x100")
        shown = app("--format", "posit8", "--code", "0x100")
        self.assertEqual((cli.returncode, shown.returncode), (2, 2))
        self.assertIn(cli.stderr.splitlines()[0].removeprefix("typelattice: "), shown.stderr)

    def test_field_bars_are_as_wide_as_the_fields(self):
        widths = {}
        for fmt, code in [("posit8", "0x40"), ("posit8", "0x7c"), ("posit8", "0x7e"), ("posit16", "0x24cd"),
                          ("hif8", "0x01"), ("hif8", "0x6e")]:
            with self.subTest(format=fmt, code=code):
                layout = run(CLI, "layout", fmt, "--code", code).stdout
                shown = app("--format", fmt, "--code", code, "--print-positions")
                self.assertEqual(shown.returncode, 0, shown.stderr)
                drawn = app_fields(shown.stdout)
                self.assertEqual({name: bits for name, (bits, _, _) in drawn.items()}, cli_fields(layout))
                # Bars follow each other from the sign on, each as wide as its bits: pixels per bit agree.
                per_bit = {round((x1 - x0) / bits) for bits, x0, x1 in drawn.values()}
                self.assertLessEqual(max(per_bit) - min(per_bit), 1, drawn)
                widths[(fmt, code)] = drawn
        # The regime of 1.0 (0x40) is 2 bits, that of 65536 (0x7c) 6: its bar is about three times as wide.
        short, long = widths[("posit8", "0x40")]["regime"], widths[("posit8", "0x7c")]["regime"]
        self.assertGreater(long[2] - long[1], 2.5 * (short[2] - short[1]))


if __name__ == "__main__":
    unittest.main()
