"""Shared helpers for the USE rules tests: judge a position written as a real save
(test_check_support.position) or a log written with logmaker, by the USE pack.

    situation_of(pos) -> (sit, zoc)              the pack's view of a position
    found(pos, rule=None, check=None) -> [Finding]   the check's findings (optionally one rule)
    audit(log_maker, tmp_path, name) -> Audit    write a log and audit it
    problems(audit) / notes(audit) -> [(step, rule)]
    status(**nations) -> {"Status_GER": "active axis", ...}    global properties
"""

from __future__ import annotations

from pathlib import Path

from assistant.audit import audit_log
from wargame.games import find_game


def pack():
    return find_game("use").pack()


def situation_of(pos):
    p = pack()
    sit = p.situation(pos)
    return sit, p.zoc(sit)


def found(pos, rule: str | None = None, check: str | None = None) -> list:
    out = list(pack().check(pos).findings)
    if rule is not None:
        out = [f for f in out if f.rule == rule]
    if check is not None:
        out = [f for f in out if f.check == check]
    return out


def status(**nations: str) -> dict[str, str]:
    """Global properties for nation statuses: status(GER="active axis", POL="conquered western")."""
    return {f"Status_{k}": v for k, v in nations.items()}


def audit(maker, tmp_path: Path, name: str = "game.vlog"):
    return audit_log(maker.write(tmp_path / name))


def problems(a) -> list[tuple[int, str]]:
    return [(f.step, f.rule) for f in a.findings if f.severity == "problem"]


def notes(a) -> list[tuple[int, str]]:
    return [(f.step, f.rule) for f in a.findings if f.severity == "note"]


def reasons(a, rule: str) -> list[str]:
    return [f.reason for f in a.findings if f.rule == rule]
