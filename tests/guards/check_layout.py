#!/usr/bin/env python3
"""Layout rules the project holds itself to, checked on the source tree:
- no source file in core/, app/ or web/ is over 500 lines (split it before);
- front ends (app/, web/) include only the core's public headers ("typelattice/..."), never "core/...".
Generated files (web/dist/) and installed packages (node_modules/) are not sources and are skipped.

Usage: check_layout.py <repository root>; prints every violation and exits 1 if there is one.
"""
import pathlib
import re
import sys

MAX_LINES = 500
SKIPPED_DIRS = {"node_modules", "dist"}
SOURCE_SUFFIXES = {".cpp", ".h", ".hpp", ".js", ".mjs", ".ts", ".css", ".html", ".py", ".txt", ".cmake"}
CORE_INCLUDE = re.compile(r'^\s*#\s*include\s*[<"]core/', re.MULTILINE)


def sources(root, top):
    for path in sorted((root / top).rglob("*")):
        if path.is_file() and path.suffix in SOURCE_SUFFIXES and not SKIPPED_DIRS & set(path.relative_to(root).parts):
            yield path


def main():
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    root = pathlib.Path(sys.argv[1]).resolve()
    problems, checked = [], 0
    for top in ("core", "app", "web"):
        for path in sources(root, top):
            checked += 1
            text = path.read_text(encoding="utf-8", errors="replace")
            lines = text.count("\n") + (0 if text.endswith("\n") or not text else 1)
            name = path.relative_to(root)
            if lines > MAX_LINES:
                problems.append(f"{name}: {lines} lines (at most {MAX_LINES}: split it)")
            if top != "core" and path.suffix in {".cpp", ".h", ".hpp"}:
                for match in CORE_INCLUDE.finditer(text):
                    line = text.count("\n", 0, match.start()) + 1
                    problems.append(f"{name}:{line}: includes a core-internal header; use \"typelattice/...\"")
    for p in problems:
        print(p)
    print(f"{checked} files checked, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
