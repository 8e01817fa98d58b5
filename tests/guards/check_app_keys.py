#!/usr/bin/env python3
"""The app's view keys as the docs give them agree with the tabs app/gui/shell.cpp draws ("Blocks (4)").

Checks every "<View> panel (key N" / "<View> tab (key N" / "<View> view (key N" in README.md and docs/*.md, and the
keyboard table's row in docs/app.md (`1` `2` ... | Lattice / Table / ...). Usage: check_app_keys.py SOURCE_DIR
"""
import pathlib
import re
import sys


def tab_keys(shell):
    tabs = re.search(r"kTabs\s*=\s*\{([^}]*)\}", shell)
    if not tabs:
        sys.exit("app/gui/shell.cpp: no kTabs list")
    return {name: int(key) for name, key in re.findall(r'"(\w+) \((\d)\)"', tabs.group(1))}


def main(root):
    root = pathlib.Path(root)
    keys = tab_keys((root / "app/gui/shell.cpp").read_text())
    if len(keys) < 5:
        sys.exit(f"app/gui/shell.cpp: expected at least five tabs, read {keys}")
    problems = []
    for path in [root / "README.md", *sorted((root / "docs").glob("*.md"))]:
        text = path.read_text()
        for match in re.finditer(r"\b(\w+) (?:panel|tab|view) \(key (\d)", text):
            name, key = match.group(1), int(match.group(2))
            if name in keys and keys[name] != key:
                line = text.count("\n", 0, match.start()) + 1
                problems.append(f"{path.relative_to(root)}:{line}: {name} is key {keys[name]} in the app, not {key}")
    app_doc = (root / "docs/app.md").read_text()
    row = re.search(r"^\| ((?:`\d` ?)+) \| ([\w /]+) \|$", app_doc, re.M)
    if not row:
        problems.append("docs/app.md: no keyboard row for the views (| `1` `2` ... | Lattice / Table / ... |)")
    else:
        documented = dict(zip([n.strip() for n in row.group(2).split("/")],
                              [int(k) for k in re.findall(r"\d", row.group(1))]))
        if documented != keys:
            problems.append(f"docs/app.md: the keyboard table gives {documented}, the app {keys}")
    for p in problems:
        print(p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "."))
