"""The directive's :code: option and the CLI read codes by one grammar (docs/formats.md, "Codes"): for every
text in code_grammar_cases.json, `typelattice decode --from float32` and sphinx_typelattice.parse_code both
accept it as the listed code or both refuse it. TYPELATTICE_CLI names the CLI (ctest sets it)."""

import json
import os
import subprocess
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))

from sphinx_typelattice import TypeLatticeDirective, parse_code  # noqa: E402

with open(os.path.join(HERE, "code_grammar_cases.json"), encoding="utf-8") as cases_file:
    CASES = json.load(cases_file)["cases"]


def cli_code(text):
    """The code `typelattice decode --from float32` reads from `text`, or None when it refuses it (exit 2)."""
    cli = os.environ["TYPELATTICE_CLI"]
    run = subprocess.run([cli, "decode", "--from", "float32", "--", text], capture_output=True, text=True,
                         encoding="utf-8", check=False)
    if run.returncode == 2:
        return None
    if run.returncode != 0:
        raise AssertionError(f"decode {text!r}: exit {run.returncode}: {run.stderr}")
    return int(run.stdout.split()[0], 16)


def directive_code(text):
    try:
        value = parse_code(text)
    except ValueError:
        return None
    # What the option function gives the element is accepted as well.
    TypeLatticeDirective.option_spec["code"](text)
    return value


class CodeGrammar(unittest.TestCase):
    def test_the_directive_and_the_cli_accept_and_refuse_the_same_texts(self):
        for text, code in CASES:
            with self.subTest(text=text):
                self.assertEqual(cli_code(text), code)
                self.assertEqual(directive_code(text), code)

    def test_a_refused_code_names_itself_and_the_grammar(self):
        for text in ("0x1_d", "1_0", "\u0662\u0669", "1e2"):
            with self.assertRaisesRegex(ValueError, "is not a code: expected hex like 0x1d"):
                TypeLatticeDirective.option_spec["code"](text)


if __name__ == "__main__":
    unittest.main()
