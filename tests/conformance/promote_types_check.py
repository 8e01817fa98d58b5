"""Shared by the promote_types conformance checks (numpy_promote_types.py, torch_promote_types.py): a system's table
as the CLI prints it, and the cell-by-cell comparison with an installed library, with its list of known differences.
"""
import csv
import io
import subprocess


def table_cells(cli, system, *flags):
    """`typelattice table --system SYSTEM [flags] --format csv` as (header, {(row, column): cell})."""
    out = subprocess.run([cli, "table", "--system", system, *flags, "--format", "csv"], check=True,
                         capture_output=True, text=True).stdout
    rows = list(csv.reader(io.StringIO(out)))
    header = rows[0][1:]
    cells = {}
    for row in rows[1:]:
        for column, value in zip(header, row[1:]):
            cells[(row[0], column)] = value
    return header, cells


def compare_cells(names, cells, answer, known_differences, library):
    """Every pair of `names`: the table's cell against `answer(a, b)`, the installed library's. Prints the known,
    stale and new differences and a count; returns 1 if any is new or stale (the list is out of date), else 0."""
    new, known, gone = [], [], []
    for a in names:
        for b in names:
            ours, theirs = cells[(a, b)], answer(a, b)
            expected = known_differences.get((a, b))
            if ours == theirs:
                if expected:
                    gone.append(f"{a} + {b}: listed as a known difference, but both give {ours}")
            elif expected == (ours, theirs):
                known.append(f"{a} + {b}: table {ours}, {library} {theirs}")
            else:
                new.append(f"{a} + {b}: table {ours}, {library} {theirs}")
    for line in known:
        print("known difference:", line)
    for line in gone:
        print("FAIL (stale):", line)
    for line in new:
        print("FAIL (new difference):", line)
    print(f"{len(names) ** 2 - len(known) - len(new)} cells agree, {len(known)} known differences, "
          f"{len(new)} new, {len(gone)} stale")
    return 1 if new or gone else 0
