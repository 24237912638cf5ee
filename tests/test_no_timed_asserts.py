"""No test asserts a time: speed and latency are measured by the scripts in benchmarks/,
which print their figures; a test only waits, with a patience that guards against a hang
(``time.monotonic() < deadline``)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

TESTS = Path(__file__).parent
#: Names and calls that hold a duration or a clock reading.
TIMED = re.compile(r"\b(took|elapsed|waited|duration|latency)\b|monotonic\(|perf_counter\(|"
                   r"time\.time\(|\bseen\s*-\s*sent\b")
#: A clock compared with these is a hang guard (wait until a deadline), not a timing check.
GUARD = re.compile(r"deadline|patience|until", re.I)


def timed_asserts(source: str) -> list[int]:
    """The lines of ``source`` whose ``assert`` compares a duration or clock reading with
    a bound (other than a hang guard's deadline)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Assert):
            continue
        for compare in ast.walk(node.test):
            if not (isinstance(compare, ast.Compare) and any(
                    isinstance(op, ast.Lt | ast.LtE | ast.Gt | ast.GtE) for op in compare.ops)):
                continue
            sides = [ast.unparse(compare.left), *map(ast.unparse, compare.comparators)]
            if any(TIMED.search(side) for side in sides) and not any(
                    GUARD.search(side) for side in sides):
                found.append(node.lineno)
    return found


def test_no_test_asserts_a_time() -> None:
    offenders = {str(path.relative_to(TESTS)): lines
                 for path in sorted(TESTS.rglob("*.py"))
                 if (lines := timed_asserts(path.read_text(encoding="utf-8")))}
    assert offenders == {}


def test_the_walk_finds_a_timed_assert_and_lets_a_hang_guard_be() -> None:
    assert timed_asserts("assert took < 1.0\n") == [1]
    assert timed_asserts("x = 1\nassert seen - sent < TOLD\n") == [2]
    assert timed_asserts("assert time.monotonic() - start <= 5 and ok\n") == [1]
    assert timed_asserts("assert time.monotonic() < deadline, 'never came'\n") == []
    assert timed_asserts("assert len(took) == 2\n") == []
