#!/usr/bin/env python3
"""The app's Blocks view, "As libraries store them", against the CLI: headless, `typelattice-app --headless --view
blocks --values V --stored F [--packing P]` prints after the block text what the section draws (stored_blocks_text:
each field's bytes, each element's code, value and bits). Each field's bytes are the ones `typelattice quantize --to F
--layout` prints, each element's input, code and dequantized value are `quantize --to F`'s, each element's bits read
its code back out of those bytes and no bit is owned twice; every bit the app draws (--print-positions) is coloured
for the element that owns it and says whether it is set; errors are the CLI's, exit 2.

Usage: stored_app_test.py CLI APP (needs a display: run it under xvfb-run)."""
import random
import re
import subprocess
import sys
import unittest

CLI, APP = sys.argv[1:3]
del sys.argv[1:3]


def run(*args):
    return subprocess.run(list(args), capture_output=True, text=True, timeout=120)


def sample_values(count, seed):
    rng = random.Random(seed)
    return [f"{rng.gauss(0, 1) * (4 if i % 9 == 0 else 1):.3f}" for i in range(count)]


def app_stored(values, fmt, *flags):
    shown = run(APP, "--headless", "--view", "blocks", "--values", ",".join(values), "--stored", fmt, *flags)
    assert shown.returncode == 0, shown.stderr
    return shown.stdout


def parse_app(out):
    """The stored text: [{"fields": {name: (hex, [scale codes])}, "order": [names], "elements": [...]}]."""
    head = re.search(r"^stored: (\S+) \((\w+)\), (\d+) values in blocks of (\d+), \S+ bits per element; (\d+) laid out$",
                     out, re.M)
    assert head, out
    blocks = []
    for line in out[head.end():].splitlines():
        if re.fullmatch(r"block \d+", line):
            blocks.append({"fields": {}, "order": [], "elements": []})
            continue
        field = re.fullmatch(r"  field (\w+):((?: [0-9a-f]{2})*)(?:; scale (.*))?", line)
        if field:
            scales = [int(s.split(" = ")[0], 16) for s in field.group(3).split(", ")] if field.group(3) else []
            blocks[-1]["fields"][field.group(1)] = (field.group(2).strip(), scales)
            blocks[-1]["order"].append(field.group(1))
            continue
        element = re.fullmatch(r"  element (\d+): (\S+) -> 0x([0-9a-f]+) -> (\S+), bits((?: \w+:\d+)+)", line)
        if element:
            bits = [(name, int(bit)) for name, bit in re.findall(r"(\w+):(\d+)", element.group(5))]
            blocks[-1]["elements"].append((element.group(2), int(element.group(3), 16), element.group(4), bits))
    return head, blocks


def cli_layout(values, fmt, flags):
    """`quantize --layout`'s blocks: {field name: hex bytes}, and a stored zero point's value as "zeros"."""
    text = run(CLI, "quantize", "--to", fmt, "--layout", *flags, "--", *values)
    assert text.returncode == 0, text.stderr
    blocks = []
    for line in text.stdout.splitlines():
        if re.match(r"(block|tile) ", line):
            blocks.append({})
        found = re.match(r"  (\w+)(?:\[\d+\])? bytes \d+-\d+: ([0-9a-f ]+?) \(", line)
        if found:
            blocks[-1][found.group(1)] = found.group(2)
        zero = re.match(r"  zeros\[\d+\] bits [^(]*\([^)]*\) = (\d+)", line)
        if zero:
            blocks[-1]["zeros"] = int(zero.group(1))
    return blocks


def cli_elements(values, fmt):
    """`quantize --to F`'s element lines, "  input -> 0xCODE value -> dequantized": [[(input, code, dequantized)]]."""
    text = run(CLI, "quantize", "--to", fmt, "--", *values)
    assert text.returncode == 0, text.stderr
    blocks = []
    for line in text.stdout.splitlines():
        if re.match(r"(block|tile) ", line):
            blocks.append([])
        found = re.fullmatch(r"  (\S+) -> 0x([0-9a-f]+) \S+ -> (\S+)", line)
        if found:
            blocks[-1].append((found.group(1), int(found.group(2), 16), found.group(3)))
    return blocks


def read_code(fields, bits):
    code = 0
    for k, (name, bit) in enumerate(bits):
        data = bytes.fromhex(fields[name][0])
        code |= ((data[bit // 8] >> (bit % 8)) & 1) << k
    return code


# (format, --packing, how many values): every family, each packing, a short last block where the family takes one.
CASES = [("nf4", None, 150), ("bnb_fp4", None, 70), ("gguf_q4_0", None, 64), ("gguf_q4_1", None, 32),
         ("gguf_q5_0", None, 64), ("gguf_q5_1", None, 32), ("gguf_q8_0", None, 32), ("iq4_nl", None, 32),
         ("gguf_mxfp4", None, 32), ("gguf_nvfp4", None, 64), ("int4_g32", None, 70), ("int4_g32", "awq", 64),
         ("int3_g32_asym", "gptq_v1", 40), ("int4_g64_asym", "awq", 64), ("int5_g32_mlx", None, 33),
         ("ds_fp8_1x128", None, 130), ("ds_fp8_1x128_ue8m0", None, 128)]


class StoredBlocksViewTest(unittest.TestCase):
    def test_bytes_codes_and_values_are_the_clis(self):
        for n, (fmt, packing, count) in enumerate(CASES):
            flags = ["--packing", packing] if packing else []
            with self.subTest(format=fmt, packing=packing):
                values = sample_values(count, n)
                head, blocks = parse_app(app_stored(values, fmt, *flags))
                self.assertEqual((head.group(1), int(head.group(3))), (fmt, count))
                layout = cli_layout(values, fmt, flags)
                elements = cli_elements(values, fmt)
                # The first four blocks are laid out.
                self.assertEqual(len(blocks), min(4, len(layout)))
                for b, block in enumerate(blocks):
                    for name, (data, scales) in block["fields"].items():
                        if name == "zeros":
                            self.assertEqual(data, "")
                            self.assertEqual(scales, [layout[b]["zeros"]], f"block {b + 1} zeros")
                        else:
                            self.assertEqual(data, layout[b][name], f"block {b + 1} {name}")
                    self.assertEqual([(i, c, d) for i, c, d, _ in block["elements"]], elements[b], f"block {b + 1}")
                    owned = set()
                    for j, (_, code, _, bits) in enumerate(block["elements"]):
                        self.assertEqual(read_code(block["fields"], bits), code, f"block {b + 1} element {j}")
                        for bit in bits:
                            self.assertNotIn(bit, owned, f"block {b + 1}: a bit owned twice")
                            owned.add(bit)

    def test_drawn_bits_are_the_elements_bits(self):
        for fmt, flags, count in [("gguf_q5_0", [], 32), ("int4_g32", ["--packing", "awq"], 32),
                                  ("nf4", [], 64)]:
            with self.subTest(format=fmt):
                values = sample_values(count, 99)
                shown = run(APP, "--headless", "--view", "blocks", "--values", ",".join(values), "--stored", fmt,
                            *flags, "--size", "1600x1200", "--print-positions")
                self.assertEqual(shown.returncode, 0, shown.stderr)
                _, blocks = parse_app(shown.stdout)
                block = blocks[0]
                owner = {bit: j for j, (_, _, _, bits) in enumerate(block["elements"]) for bit in bits}
                drawn = re.findall(r"^region stored-bit 1/(\w+)/(\d+) (\S+) -?\d+ -?\d+ -?\d+ -?\d+ (#[0-9a-f]{6})$",
                                   shown.stdout, re.M)
                # Every bit of every field of the first block is drawn (the window is tall enough).
                self.assertEqual(len(drawn), sum(len(data.split()) * 8 for data, _ in block["fields"].values()))
                colour_of = {}
                for name, bit, role, colour in drawn:
                    bit = int(bit)
                    is_set = (bytes.fromhex(block["fields"][name][0])[bit // 8] >> (bit % 8)) & 1
                    j = owner.get((name, bit))
                    self.assertEqual(role, ("scale" if j is None else f"element-{j}") + ("-set" if is_set else "-clear"))
                    if j is not None:
                        # One colour per element and state: all of an element's set bits look alike.
                        self.assertEqual(colour_of.setdefault((j, is_set), colour), colour, f"element {j}")
                # Neighbouring elements differ.
                for j in range(len(block["elements"]) - 1):
                    if (j, 1) in colour_of and (j + 1, 1) in colour_of:
                        self.assertNotEqual(colour_of[(j, 1)], colour_of[(j + 1, 1)])

    def test_errors_are_the_clis(self):
        values = sample_values(40, 5)
        for fmt, flags in [("gguf_q8_0", []), ("int3_g32", ["--packing", "awq"])]:
            with self.subTest(format=fmt, flags=flags):
                cli = run(CLI, "quantize", "--to", fmt, "--layout", *flags, "--", *values)
                shown = run(APP, "--headless", "--view", "blocks", "--values", ",".join(values), "--stored", fmt, *flags)
                self.assertEqual((cli.returncode, shown.returncode), (2, 2))
                self.assertEqual(shown.stdout, "")
                self.assertIn(cli.stderr.splitlines()[0].removeprefix("typelattice: "), shown.stderr)
        other = run(APP, "--headless", "--view", "blocks", "--stored", "nf4", "--packing", "gptq")
        self.assertEqual(other.returncode, 2)
        self.assertIn("a packing is for the integer groups; nf4 has one layout", other.stderr)
        unknown = run(APP, "--headless", "--view", "blocks", "--stored", "nf5")
        self.assertEqual(unknown.returncode, 2)
        self.assertIn("nf4", unknown.stderr.splitlines()[0])
        # The field's own values when --values is not given: eight, not a whole GGUF block.
        default = run(APP, "--headless", "--view", "blocks", "--stored", "gguf_q4_0")
        self.assertEqual(default.returncode, 2)
        self.assertIn("whole blocks of 32", default.stderr)
        for args in [["--view", "blocks", "--packing", "awq"], ["--stored", "nf4"]]:
            with self.subTest(args=args):
                refused = run(APP, "--headless", *args)
                self.assertEqual(refused.returncode, 2)
                self.assertTrue(refused.stderr.startswith("typelattice-app: --"), refused.stderr)


if __name__ == "__main__":
    unittest.main()
