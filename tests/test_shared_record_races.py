"""Two phones writing the same group, roster player or saved rule set at once (issue 22).

Each race sends two forms drawn from the same page, from two phones (test clients with
cookie jars of their own, CSRF on) of one site with a real database, released together by
a barrier. Every race runs TRIALS times: exactly one write wins, the other is answered 409
with what the first phone did and its form as typed, and nothing answers 500. A game
started from the roster is stored in the group or not at all.
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Callable

import pytest
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from scorekeeper.extensions import db
from scorekeeper.models import DiceGame, GroupGame, GroupPlayer, GroupSeat, Match, RuleSet
from scorekeeper.rules import RuleError
from scorekeeper.services import group_games, groups, rule_sets
from scorekeeper.services.errors import Conflict
from tests.helpers.html import alerts, filled, form_to, read, value_of
from tests.helpers.play import open_page

TRIALS = 12
TIMEOUT = 30  # seconds: one barrier, one thread join


@pytest.fixture
def site(make_site, tmp_path):
    """A site that answers its own errors (a 500 is a 500, not an exception in the test),
    CSRF protection on, with room for many writes a minute."""
    app = make_site(tmp_path, SECRET_KEY="races", WRITE_RATE_LIMIT="100000 per minute")
    assert app.config.get("WTF_CSRF_ENABLED", True)
    return app


def at_once(*sends: Callable[[], object]) -> list:
    """Run each send in a thread of its own, all released by one barrier; their answers."""
    barrier = threading.Barrier(len(sends))
    answers: list = [None] * len(sends)
    errors: list[BaseException] = []

    def run(index: int) -> None:
        try:
            barrier.wait(timeout=TIMEOUT)
            answers[index] = sends[index]()
        except BaseException as error:  # reported in the test's thread
            errors.append(error)

    threads = [threading.Thread(target=run, args=(n,)) for n in range(len(sends))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=TIMEOUT)
    assert not any(thread.is_alive() for thread in threads), "a request hung"
    assert not errors, errors
    return answers


def post(phone, form, typed=None) -> Callable[[], object]:
    """A send of ``form`` as drawn, with ``typed`` typed in (run later, by at_once)."""
    data = filled(form, typed)
    return lambda: phone.post(form.attrs["action"], data=data)


# ---------------------------------------------------------------------------- groups


def new_group(site, names=("Ann", "Bob", "Cid", "Dan", "Eve")) -> tuple[str, dict[str, int]]:
    """A group with these players; its edit token and each player's id."""
    with site.app_context():
        group = groups.create_group(db.session, "Smiths", list(names))
        return group.edit_token, {player.name: player.id for player in group.players}


def play_dice(site, token: str, *names: str) -> None:
    """A dice game of the group's, with these roster players."""
    with site.app_context():
        group = groups.find_group(db.session, token)
        seats = [player.id for name in names for player in group.players if player.name == name]
        group_games.start_dice_game(db.session, group, kind="yahtzee", seats=seats)


def roster_of(site, token: str) -> dict[str, tuple[bool, list[int]]]:
    """Each roster player by name: retired or not, and the games (group game ids) they
    sit in."""
    with site.app_context():
        group = groups.find_group(db.session, token)
        seats = db.session.execute(
            select(GroupSeat.player_id, GroupSeat.group_game_id)
            .join(GroupGame)
            .where(GroupGame.group_id == group.id)
        ).all()
        return {
            player.name: (
                player.retired,
                sorted(game for who, game in seats if who == player.id),
            )
            for player in group.players
        }


def page_of(phone, token: str):
    return open_page(phone, f"/groups/{token}")


def roster_form(page, token: str, player_id: int, write: str):
    return form_to(page, f"/groups/{token}/players/{player_id}/{write}")


def outcome(answers) -> tuple[int, ...]:
    return tuple(sorted(answer.status_code for answer in answers))


def test_two_phones_renaming_one_player_one_wins_the_other_is_told_who_renamed(site):
    tally = Counter()
    for _ in range(TRIALS):
        token, ids = new_group(site)
        phones = [site.test_client(), site.test_client()]
        forms = [roster_form(page_of(phone, token), token, ids["Ann"], "name") for phone in phones]
        key = f"p{ids['Ann']}-name"
        typed = ["Annie", "Anna"]

        answers = at_once(
            *(post(p, f, {key: t}) for p, f, t in zip(phones, forms, typed, strict=True))
        )

        tally[outcome(answers)] += 1
        if outcome(answers) != (303, 409):
            continue
        won, lost = (0, 1) if answers[0].status_code == 303 else (1, 0)
        assert typed[won] in roster_of(site, token)
        page = read(answers[lost])
        assert alerts(page)[f"{key}-error"] == (
            f"Another phone renamed Ann to {typed[won]} a moment ago: keep theirs, or rename again."
        )
        # The form as typed, drawn at the version now stored: Rename again goes through.
        again = roster_form(page, token, ids["Ann"], "name")
        assert value_of(again, key) == typed[lost]
        assert phones[lost].post(again.attrs["action"], data=filled(again)).status_code == 303
        assert typed[lost] in roster_of(site, token)
    assert tally == {(303, 409): TRIALS}, tally


def test_a_player_merged_into_two_others_at_once_is_merged_once(site):
    tally = Counter()
    for _ in range(TRIALS):
        token, ids = new_group(site)
        play_dice(site, token, "Ann", "Dan")
        phones = [site.test_client(), site.test_client()]
        forms = [roster_form(page_of(phone, token), token, ids["Ann"], "merge") for phone in phones]
        key = f"p{ids['Ann']}-into"

        answers = at_once(
            post(phones[0], forms[0], {key: ids["Bob"]}),
            post(phones[1], forms[1], {key: ids["Cid"]}),
        )

        tally[outcome(answers)] += 1
        roster = roster_of(site, token)
        assert "Ann" not in roster
        # Ann's game went to one of the two, not to both, nor lost.
        assert sorted(len(roster[name][1]) for name in ("Bob", "Cid")) == [0, 1]
        if outcome(answers) == (303, 409):
            lost = read(answers[0] if answers[0].status_code == 409 else answers[1])
            # Ann is off the roster, and so is her form: the page says why, above it all.
            assert lost.one("p", role="alert").text == (
                "Nothing was changed. Another phone merged Ann into another player a moment "
                "ago, so Ann is no longer on the roster: check it below."
            )
    assert tally == {(303, 409): TRIALS}, tally


def test_two_phones_renaming_the_group_one_wins_the_other_is_told(site):
    tally = Counter()
    for _ in range(TRIALS):
        token, _ = new_group(site)
        phones = [site.test_client(), site.test_client()]
        rename = f"/groups/{token}/name"
        forms = [form_to(page_of(phone, token), rename) for phone in phones]
        typed = ["Smith family", "The Smiths"]

        answers = at_once(
            *(post(p, f, {"group-name": t}) for p, f, t in zip(phones, forms, typed, strict=True))
        )

        tally[outcome(answers)] += 1
        if outcome(answers) != (303, 409):
            continue
        won, lost = (0, 1) if answers[0].status_code == 303 else (1, 0)
        page = read(answers[lost])
        assert page.one("h1").text == typed[won]
        assert alerts(page)["group-name-error"] == (
            f"Another phone renamed the group to {typed[won]} a moment ago: keep theirs, or "
            "rename again."
        )
        assert value_of(form_to(page, rename), "group-name") == typed[lost]
    assert tally == {(303, 409): TRIALS}, tally


def test_a_roster_change_meanwhile_does_not_stop_a_rename_of_the_group(site):
    token, ids = new_group(site)
    phone, other = site.test_client(), site.test_client()
    rename = form_to(page_of(phone, token), f"/groups/{token}/name")
    retire = roster_form(page_of(other, token), token, ids["Bob"], "retire")
    assert post(other, retire)().status_code == 303

    assert post(phone, rename, {"group-name": "The Smiths"})().status_code == 303
    assert page_of(phone, token).one("h1").text == "The Smiths"


def test_a_roster_form_without_the_version_the_page_drew_changes_nothing(site):
    token, ids = new_group(site)
    phone = site.test_client()
    rename = roster_form(page_of(phone, token), token, ids["Ann"], "name")
    sent = filled(rename, {f"p{ids['Ann']}-name": "Annie"})
    del sent[f"p{ids['Ann']}-version"]

    assert phone.post(rename.attrs["action"], data=sent).status_code == 422
    assert "Ann" in roster_of(site, token) and "Annie" not in roster_of(site, token)


# Phone 1 merges Ann into Bob; phone 2, at the same moment, one of these on the same players,
# and how the two are answered: the second of two writes on Ann (or on a player merged away)
# is stale, while Bob's new name and Ann's games joining him do not touch one another.
OTHER_WRITES = [
    ("Ann", "name", {"name": "Annie"}, (303, 409)),
    ("Ann", "retire", {}, (303, 409)),
    ("Bob", "merge", {"into": "Ann"}, (303, 409)),
    ("Bob", "name", {"name": "Robert"}, (303, 303)),
]


def test_merging_renaming_and_retiring_the_same_players_at_once_never_fails(site):
    tally = Counter()
    for trial in range(TRIALS):
        token, ids = new_group(site)
        play_dice(site, token, "Ann", "Dan")
        play_dice(site, token, "Bob", "Eve")
        phones = [site.test_client(), site.test_client()]
        pages = [page_of(phone, token) for phone in phones]
        merge = roster_form(pages[0], token, ids["Ann"], "merge")
        who, write, typed, _ = OTHER_WRITES[trial % len(OTHER_WRITES)]
        other = roster_form(pages[1], token, ids[who], write)
        typed = {f"p{ids[who]}-{field}": ids.get(value, value) for field, value in typed.items()}

        answers = at_once(
            post(phones[0], merge, {f"p{ids['Ann']}-into": ids["Bob"]}),
            post(phones[1], other, typed),
        )

        tally[who, write, outcome(answers)] += 1
        # Every game keeps its seats, each on a player of the roster.
        roster = roster_of(site, token)
        assert sum(len(games) for _, games in roster.values()) == 4
    expected = Counter()
    for trial in range(TRIALS):
        who, write, _, statuses = OTHER_WRITES[trial % len(OTHER_WRITES)]
        expected[who, write, statuses] += 1
    assert tally == expected, tally


# --------------------------------------------------------------------------- rule sets


def test_a_rule_set_changed_from_an_older_form_does_not_undo_the_other_phones_save(site):
    tally = Counter()
    for _ in range(TRIALS):
        with site.app_context():
            token = rule_sets.save_rule_set(
                db.session, name="Smith family", game="partnership", house_rules={}
            ).token
        phones = [site.test_client(), site.test_client()]
        edit = f"/rules/{token}/edit"
        forms = [form_to(open_page(phone, edit), edit) for phone in phones]
        typed = [{"rule-target": "2000"}, {"rule_set_name": "Smiths"}]

        answers = at_once(*(post(p, f, t) for p, f, t in zip(phones, forms, typed, strict=True)))

        tally[outcome(answers)] += 1
        with site.app_context():
            stored = db.session.scalars(select(RuleSet).where(RuleSet.token == token)).one()
            name, house_rules = stored.name, stored.house_rules
        if outcome(answers) != (303, 409):
            continue
        won, lost = (0, 1) if answers[0].status_code == 303 else (1, 0)
        # The winner's save, whole: the other phone's older form undid none of it.
        assert (name, house_rules) == (
            ("Smith family", {"target": 2000}) if won == 0 else ("Smiths", {})
        )
        page = read(answers[lost])
        theirs = (
            "Name: Smith family (yours: Smiths); Game to: 2000 (yours: 1500)"
            if won == 0
            else "Name: Smiths (yours: Smith family); Game to: 1500 (yours: 2000)"
        )
        assert alerts(page)["rule_set_name-error"] == (
            "Another phone changed these rules a moment ago. Where theirs differ from yours: "
            f"{theirs}. Keep theirs, or save yours again."
        )
        again = form_to(page, edit)
        assert value_of(again, "rule_set_name") == ("Smiths" if lost == 1 else "Smith family")
        assert value_of(again, "rule-target") == ("2000" if lost == 0 else "1500")
    assert tally == {(303, 409): TRIALS}, tally


# ------------------------------------------------ a game started from the roster, whole


def test_a_match_started_from_the_roster_as_a_player_is_merged_is_stored_whole_or_not(site):
    tally = Counter()
    for _ in range(TRIALS):
        token, ids = new_group(site)
        phones = [site.test_client(), site.test_client()]
        start = f"/groups/{token}/matches/new?game=three-handed"
        seats = form_to(open_page(phones[0], start), start)
        merge = roster_form(page_of(phones[1], token), token, ids["Ann"], "merge")
        picked = {f"player_{n}": ids[name] for n, name in enumerate(["Ann", "Bob", "Cid"])}

        answers = at_once(
            post(phones[0], seats, picked),
            post(phones[1], merge, {f"p{ids['Ann']}-into": ids["Eve"]}),
        )

        tally[tuple(answer.status_code for answer in answers)] += 1
        with site.app_context():
            matches = db.session.scalar(select(func.count()).select_from(Match))
            in_groups = db.session.scalar(
                select(func.count()).select_from(GroupGame).where(GroupGame.match_id.is_not(None))
            )
        assert matches == in_groups, "a match was stored outside its group"
    # The start first: Ann's seat moves to Eve with the merge. The merge first: the seat
    # form picked a player no longer on the roster, and says so beside the seat.
    assert set(tally) <= {(303, 303), (422, 303)}, tally


def stale_start(site, start: Callable[[Session, object, list[int]], object]) -> None:
    """Start a game from a group as this phone loaded it, after another phone merged one of
    its players away: refused, with nothing stored outside the group."""
    token, ids = new_group(site)
    with site.app_context():
        session = db.session
        group = groups.find_group(session, token)
        seats = [ids[name] for name in ("Ann", "Bob", "Cid", "Dan")]
        # Another phone, meanwhile: Ann is merged into Eve (a session of its own).
        with Session(db.engine) as other:
            groups.merge_players(other, groups.find_group(other, token), ids["Ann"], ids["Eve"])
        with pytest.raises((RuleError, Conflict)):
            start(session, group, seats)
        session.rollback()
        games = session.scalar(select(func.count()).select_from(GroupGame))
        matches = session.scalar(select(func.count()).select_from(Match))
        dice = session.scalar(select(func.count()).select_from(DiceGame))
        assert (games, matches + dice) == (0, 0)
        assert session.scalar(select(func.count()).select_from(GroupPlayer)) == 4


def test_a_refused_match_from_the_roster_leaves_no_match_outside_the_group(site):
    stale_start(
        site,
        lambda session, group, seats: group_games.start_match(
            session, group, game="partnership", seats=seats
        ),
    )


def test_a_refused_dice_game_from_the_roster_leaves_no_game_outside_the_group(site):
    stale_start(
        site,
        lambda session, group, seats: group_games.start_dice_game(
            session, group, kind="yahtzee", seats=seats
        ),
    )
