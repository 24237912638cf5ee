"""axe-core on the game server's page: every state a page test passes through is checked for
accessibility by Deque's axe-core rules (WCAG 2 A and AA and axe's best practices), and a
serious or critical violation fails the test with axe's own report.

axe-core comes with ``axe-playwright-python`` (pinned in ``pyproject.toml``'s test extra,
axe-core's script inside the package): nothing is downloaded when the tests run. The script
is evaluated in the page by Playwright (the page's Content Security Policy governs the
page's own scripts, not what the test runs in it); it builds no markup the page's Trusted
Types policy would refuse.
"""

from __future__ import annotations

from typing import Any

#: The impacts that fail a test.
FAILING = ("serious", "critical")


def violations(page: Any) -> list[dict[str, Any]]:
    """axe-core's serious and critical violations on ``page`` as it is now."""
    from axe_playwright_python.sync_playwright import Axe

    found = Axe().run(page).response["violations"]
    return [v for v in found if v.get("impact") in FAILING]


def report(found: list[dict[str, Any]]) -> str:
    """The violations in a few lines each: rule, impact, help, and the elements."""
    lines = []
    for v in found:
        lines.append(f"{v['id']} ({v['impact']}): {v['help']} <{v.get('helpUrl', '')}>")
        for node in v["nodes"][:5]:
            lines.append(f"    {', '.join(map(str, node['target']))}: "
                         f"{' '.join(str(node.get('html', '')).split())[:160]}")
            lines.append(f"        {node.get('failureSummary', '').splitlines()[-1:]}")
    return "\n".join(lines)


def assert_accessible(page: Any, where: str, seen: list[str] | None = None) -> None:
    """Fail (AssertionError naming ``where``) on a serious or critical axe-core violation in
    ``page``; ``seen`` (when given) keeps the states checked."""
    found = violations(page)
    assert not found, f"axe-core at {where}:\n{report(found)}"
    if seen is not None:
        seen.append(where)
