"""Saved rule sets (pinochle): a table's house rules under a name, kept on its devices, shared by
link, and started from. A match copies a set's knobs when it starts (its own house
rules), so a set changed later never changes a match played by it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from ..models import DeviceRuleSet, RuleSet, looks_like_token
from ..rules import PRESETS, Preset, RuleError, get_preset, knob_table, said, with_rules
from ..rules.text import name_problem
from . import devices
from .errors import Conflict, NotFound
from .writes import checked_version, claim_version, refusal_writes_nothing

NOT_FOUND = said("There is no rule set at this address: ask for the link again.")


def checked_name(name: Any) -> str:
    """A rule set's name as stored (trimmed), or a RuleError saying what to type."""
    name = name.strip() if isinstance(name, str) else ""
    if not name:
        raise RuleError(said("Type a name for these rules, such as Smith family."), field="name")
    problem = name_problem(name)
    if problem is not None:
        raise RuleError(problem, field="name")
    return name


def checked_rules(game: Any, house_rules: Mapping[str, Any]) -> dict[str, Any]:
    """A pinochle game's house rules, each knob checked by the rules core (RuleError if one
    does not fit), so a saved set can always start a match."""
    with_rules(get_preset(game), house_rules)
    return dict(house_rules)


def preset_of(rule_set: RuleSet) -> Preset:
    """A pinochle rule set's preset with its house rules applied."""
    return with_rules(PRESETS[rule_set.game], rule_set.house_rules)


def game_label(rule_set: RuleSet) -> str:
    """The name players know the set's game by."""
    return PRESETS[rule_set.game].label


@refusal_writes_nothing
def save_rule_set(
    session: Session,
    *,
    name: Any,
    game: str,
    house_rules: Mapping[str, Any],
    device: str | None = None,
) -> RuleSet:
    """Store a new rule set (RuleError naming the field if the name or a rule does not fit)
    and keep it on the device that saved it."""
    rule_set = RuleSet(
        name=checked_name(name), game=game, house_rules=checked_rules(game, house_rules)
    )
    session.add(rule_set)
    session.commit()
    if device:
        keep_on_device(session, device, rule_set)
    return rule_set


def find_rule_set(session: Session, token: str) -> RuleSet:
    """The rule set with this link, or NotFound."""
    rule_set = None
    if looks_like_token(token):
        rule_set = session.scalars(select(RuleSet).where(RuleSet.token == token)).first()
    if rule_set is None:
        raise NotFound(NOT_FOUND)
    return rule_set


def chosen_preset(session: Session, token: str | None) -> Preset | None:
    """The preset, with its house rules, of the pinochle rule set a link chose (None when
    no set or an unknown one was chosen: the form starts from the usual rules)."""
    if not token:
        return None
    try:
        rule_set = find_rule_set(session, token)
    except NotFound:
        return None
    return preset_of(rule_set)


@dataclass(frozen=True)
class Difference:
    """Where a rule set as stored differs from a change refused as stale: the name, or a
    knob (by the core's name), with both values as players read them."""

    what: str  # "name", or a knob's name
    theirs: str
    yours: str


def differences(rule_set: RuleSet, name: str, house_rules: Mapping[str, Any]) -> list[Difference]:
    """Where the stored set differs from ``name`` and ``house_rules``, the name first; of
    the knobs, only those either side changed (not those that follow them, such as the
    bid steps after the lowest bid)."""
    found = [Difference("name", rule_set.name, name)] if rule_set.name != name else []
    changed = set(rule_set.house_rules) | set(house_rules)
    theirs = knob_table(preset_of(rule_set))
    yours = knob_table(with_rules(PRESETS[rule_set.game], house_rules))
    found += [
        Difference(knob, stored, typed)
        for (knob, stored, _), (_, typed, _) in zip(theirs, yours, strict=True)
        if knob in changed and stored != typed
    ]
    return found


@refusal_writes_nothing
def edit_rule_set(
    session: Session, token: str, *, name: Any, house_rules: Mapping[str, Any], version: Any
) -> RuleSet:
    """Rename a rule set and replace its house rules (its game stays). Matches started
    from it keep the rules they started with.

    ``version``: the set's version the form was drawn at. When another phone saved the set
    since, nothing is written: a Conflict carries the version now stored and, as its
    ``change``, the Differences between that phone's save and this one.
    """
    rule_set = find_rule_set(session, token)
    name = checked_name(name)
    rules = checked_rules(rule_set.game, house_rules)
    version = checked_version(version)
    if not claim_version(session, RuleSet, rule_set.id, version):
        session.rollback()
        session.refresh(rule_set)
        raise Conflict(
            said("Another phone changed these rules a moment ago."),
            version=rule_set.version,
            change=differences(rule_set, name, rules),
        )
    rule_set.name = name
    rule_set.house_rules = rules
    session.commit()
    return rule_set


def keep_on_device(session: Session, device: str, rule_set: RuleSet) -> None:
    """List the rule set on this device's new-match (or new-game) page."""
    row = DeviceRuleSet(device=device, rule_set_id=rule_set.id)
    devices._remember(session, row, (device, rule_set.id))


def kept_on_device(session: Session, device: str | None, rule_set: RuleSet) -> bool:
    """Does this device list the rule set already?"""
    return bool(device) and session.get(DeviceRuleSet, (device, rule_set.id)) is not None


def device_rule_sets(session: Session, device: str | None) -> list[RuleSet]:
    """The rule sets kept on this device, by name."""
    if not device:
        return []
    found = session.scalars(
        select(RuleSet)
        .join(DeviceRuleSet, DeviceRuleSet.rule_set_id == RuleSet.id)
        .where(DeviceRuleSet.device == device)
        .order_by(RuleSet.name, RuleSet.id)
    ).all()
    return list(found)
