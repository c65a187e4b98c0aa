"""Groups in the service layer: a roster names each person once (any case), renames and
merges follow every game, games start from the roster or join it by their edit link, and
every write moves the group's version."""

from __future__ import annotations

from datetime import datetime

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import insert

from scorekeeper.models import Group, GroupPlayer
from scorekeeper.rules import RuleError
from scorekeeper.services import devices, group_games, group_history, groups, matches
from scorekeeper.services.errors import NotFound

ANN_PHONE = "phone-of-ann-0123456789"


def make_group(session, *names: str, name: str = "Smith family") -> Group:
    return groups.create_group(session, name, list(names))


def player(group: Group, name: str) -> GroupPlayer:
    return next(p for p in group.players if p.name == name)


def version(session, group: Group) -> int:
    session.refresh(group)
    return group.version


# ----------------------------------------------------------------- the group and its links


def test_a_group_opens_by_its_edit_link_and_by_its_view_link(session):
    group = make_group(session, "Ann", "Bob")

    assert groups.find_group(session, group.edit_token).id == group.id
    assert groups.find_group(session, group.view_token, view=True).id == group.id
    assert [p.name for p in groups.roster(group)] == ["Ann", "Bob"]
    assert group.version == 0


@pytest.mark.parametrize("token", ["nope", "", "a/b", "x" * 40])
def test_any_other_token_is_not_found(session, token):
    group = make_group(session)
    with pytest.raises(NotFound):
        groups.find_group(session, token)
    with pytest.raises(NotFound):  # the view token does not open the edit page
        groups.find_group(session, group.view_token)


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("  ", "Type a name for the group, such as Smith family."),
        (None, "Type a name for the group, such as Smith family."),
        ("x" * 41, "Keep the name to 40 characters or fewer (this one has 41)."),
        ("Smith\x00family", "Type the name in letters, digits and spaces only."),
        ("Smith\tfamily", "Type the name in letters, digits and spaces only."),
    ],
)
def test_a_group_needs_a_name_that_fits(session, name, said):
    with pytest.raises(RuleError) as refused:
        groups.create_group(session, name)
    assert (refused.value.reason, refused.value.field) == (said, "name")
    assert session.query(Group).count() == 0


def test_a_group_is_renamed_and_a_blank_name_is_refused(session):
    group = make_group(session)
    groups.rename_group(session, group, " Smiths ")
    assert (group.name, version(session, group)) == ("Smiths", 1)
    with pytest.raises(RuleError):
        groups.rename_group(session, group, "")
    session.rollback()
    assert (group.name, version(session, group)) == ("Smiths", 1)


def test_a_player_added_by_another_phone_a_moment_before_is_on_the_roster_already(session):
    group = make_group(session, "Ann")
    assert len(group.players) == 1  # this phone's request read the roster
    with session.get_bind().begin() as other_phone:  # meanwhile, Eve joins from another phone
        other_phone.execute(
            insert(GroupPlayer).values(
                group_id=group.id,
                name="Eve",
                folded="eve",
                retired=False,
                created_at=datetime(2024, 5, 1),
            )
        )

    # The write reads the roster afresh once it holds the group: Eve is there.
    with pytest.raises(RuleError, match="Eve is on the roster already"):
        groups.add_player(session, group, "eve")
    session.rollback()

    assert sorted(p.name for p in group.players) == ["Ann", "Eve"]
    assert version(session, group) == 0


def test_a_name_typed_twice_in_any_case_joins_the_roster_once(session):
    group = make_group(session, "Ann", " ann ", "Bob")
    assert [p.name for p in group.players] == ["Ann", "Bob"]


# ------------------------------------------------------------------------------ the roster


def test_a_new_player_joins_and_the_same_name_in_another_case_is_refused(session):
    group = make_group(session, "Ann")

    groups.add_player(session, group, "  Bob ")
    assert version(session, group) == 1
    with pytest.raises(RuleError, match="Bob is on the roster already"):
        groups.add_player(session, group, "BOB")
    session.rollback()
    assert [p.name for p in group.players] == ["Ann", "Bob"]
    assert version(session, group) == 1


def test_a_rename_onto_another_players_name_says_to_merge_instead(session):
    group = make_group(session, "Ann", "Annie")

    with pytest.raises(RuleError) as refused:
        groups.rename_player(session, group, player(group, "Annie").id, " ann")
    assert refused.value.reason == (
        "Ann is on the roster already. If they are the same person as Annie, merge the two instead."
    )
    session.rollback()
    assert sorted(p.name for p in group.players) == ["Ann", "Annie"]


def test_a_player_may_be_renamed_to_their_own_name_in_another_case(session):
    group = make_group(session, "ann")
    groups.rename_player(session, group, player(group, "ann").id, "Ann")
    assert [p.name for p in group.players] == ["Ann"]
    assert version(session, group) == 1


def test_retiring_hides_a_player_from_new_games_and_unretiring_brings_them_back(session):
    group = make_group(session, "Ann", "Bob", "Cat")
    bob = player(group, "Bob").id

    groups.set_retired(session, group, bob, True)
    assert [p.name for p in groups.active_players(group)] == ["Ann", "Cat"]
    assert [p.name for p in groups.roster(group)] == ["Ann", "Cat", "Bob"]
    groups.set_retired(session, group, bob, False)
    assert [p.name for p in groups.active_players(group)] == ["Ann", "Bob", "Cat"]
    assert version(session, group) == 2


def test_another_groups_player_cannot_be_renamed_from_this_group(session):
    group = make_group(session, "Ann")
    other = make_group(session, "Zed", name="Jones")
    with pytest.raises(NotFound):
        groups.rename_player(session, group, player(other, "Zed").id, "Zoe")
    with pytest.raises(RuleError, match="Pick a player from the group's roster"):
        groups.merge_players(session, group, player(group, "Ann").id, player(other, "Zed").id)


# --------------------------------------------------------------- games started from a group


def test_a_match_started_from_the_roster_seats_its_players_and_joins_new_names(session):
    group = make_group(session, "Ann", "Bob", "Cat")
    ann, bob, cat = (player(group, name).id for name in ("Ann", "Bob", "Cat"))

    match = group_games.start_match(
        session, group, game="partnership", seats=[ann, bob, cat, " dan "], first_dealer=1
    )

    assert match.player_names == ["Ann", "Bob", "Cat", "dan"]
    # Partners sit across: seats 1 and 3 against 2 and 4.
    assert match.side_names == ["Ann & Cat", "Bob & dan"]
    assert match.first_dealer == 1
    assert sorted(p.name for p in group.players) == ["Ann", "Bob", "Cat", "dan"]
    match_ids, dice_ids, names = group_history.group_games(session, group)
    assert (match_ids, dice_ids) == ([match.id], [])
    assert names[("match", match.id, "dan")] == "dan"
    assert version(session, group) == 1


def test_a_typed_name_of_a_roster_player_is_that_player_in_the_roster_spelling(session):
    group = make_group(session, "Ann", "Bob")
    groups.set_retired(session, group, player(group, "Bob").id, True)

    match = group_games.start_match(
        session, group, game="three-handed", seats=["ANN", "bob", "Cid"]
    )

    assert match.player_names == ["Ann", "Bob", "Cid"]
    assert match.side_names == ["Ann", "Bob", "Cid"]
    assert not player(group, "Bob").retired  # picked again: playing again


@pytest.mark.parametrize(
    ("seats", "field", "said"),
    [
        (["Ann", "Bob", "Cat", None], "player_3", "Pick a player for this seat, or type a name."),
        (["Ann", "Bob", "Cat", "  "], "player_3", "Pick a player for this seat, or type a name."),
        (["Ann", "Bob", "ann", "Dan"], "player_2", "Ann is picked twice: pick someone else."),
        (["Ann", "Bob", "Eve", "eve"], "player_3", "Eve is picked twice: pick someone else."),
        (["Ann", "Bob", "Cat"], "game", "Partnership (four players, two teams) needs 4 players."),
        (["Ann", "Bob", "Cat", 987654], "player_3", "Pick a player from the group's roster."),
    ],
)
def test_a_seat_left_blank_or_a_person_picked_twice_starts_nothing(session, seats, field, said):
    group = make_group(session, "Ann", "Bob")

    with pytest.raises(RuleError) as refused:
        group_games.start_match(session, group, game="partnership", seats=seats)

    assert (refused.value.field, refused.value.reason) == (field, said)
    session.rollback()
    assert group_history.group_games(session, group) == ([], [], {})
    assert len(group.players) == 2
    assert version(session, group) == 0


def test_a_dice_game_from_the_roster_leaves_blank_seats_out(session):
    group = make_group(session, "Ann", "Bob")

    game = group_games.start_dice_game(
        session, group, kind="farkle", seats=[player(group, "Bob").id, None, "Cid", ""]
    )

    assert game.player_names == ["Bob", "Cid"]
    assert group_history.group_games(session, group)[1] == [game.id]


def test_a_dice_game_needs_its_fewest_players(session):
    group = make_group(session, "Ann")
    with pytest.raises(RuleError) as refused:
        group_games.start_dice_game(session, group, kind="farkle", seats=[player(group, "Ann").id])
    assert refused.value.field == "kind"
    assert "needs 2 to 8 players" in refused.value.reason


# -------------------------------------------------------------- a game played already, added


def test_an_existing_match_joins_by_its_edit_link_with_its_names_mapped(session, new_match):
    group = make_group(session, "Ann", "Robert")
    token = new_match()  # Ann, Bob, Cat, Dan
    linked = group_games.find_linked_game(session, f"http://127.0.0.1:5000/matches/{token}")
    assert (linked.kind, linked.names) == ("match", ["Ann", "Bob", "Cat", "Dan"])
    robert = player(group, "Robert").id
    assert group_games.suggested_names(group, linked.names) == [
        player(group, "Ann").id,
        "Bob",
        "Cat",
        "Dan",
    ]

    group_games.add_game(session, group, token, [player(group, "Ann").id, robert, "Cat", "Dan"])

    match_id = linked.game.id
    _, _, names = group_history.group_games(session, group)
    assert names == {
        ("match", match_id, "Ann"): "Ann",
        ("match", match_id, "Bob"): "Robert",
        ("match", match_id, "Cat"): "Cat",
        ("match", match_id, "Dan"): "Dan",
    }
    assert sorted(p.name for p in group.players) == ["Ann", "Cat", "Dan", "Robert"]


def test_a_dice_game_joins_by_its_edit_link(session, new_dice_game):
    group = make_group(session)
    token = new_dice_game("yahtzee", ("Ann", "Bob"))
    group_games.add_game(session, group, f"/dice/{token}", ["Ann", "Bob"])
    match_ids, dice_ids, names = group_history.group_games(session, group)
    assert match_ids == [] and len(dice_ids) == 1
    assert set(names.values()) == {"Ann", "Bob"}


@pytest.mark.parametrize(
    ("link", "said"),
    [
        ("", "Paste the game's edit link"),
        ("https://example.org/matches/notatoken!", "No match or dice game has this link"),
        ("/matches/watch/{view}", "This is a view link, which cannot add a game"),
    ],
)
def test_a_wrong_link_adds_nothing(session, new_match, link, said):
    group = make_group(session)
    token = new_match()
    view = matches.match_version(session, token).view_token
    with pytest.raises(RuleError) as refused:
        group_games.add_game(session, group, link.format(view=view), ["Ann", "Bob", "Cat", "Dan"])
    assert refused.value.field == "link"
    assert refused.value.reason.startswith(said)


def test_a_game_belongs_to_one_group_at_most(session, new_match):
    token = new_match()
    smiths, joneses = make_group(session), make_group(session, name="Jones")
    group_games.add_game(session, smiths, token, ["Ann", "Bob", "Cat", "Dan"])

    for group, where in ((smiths, "this group"), (joneses, "another group")):
        with pytest.raises(RuleError, match=f"This game is in {where} already."):
            group_games.add_game(session, group, token, ["Ann", "Bob", "Cat", "Dan"])


def test_two_names_of_one_game_cannot_be_one_person(session, new_match):
    group = make_group(session, "Ann")
    ann = player(group, "Ann").id
    with pytest.raises(RuleError) as refused:
        group_games.add_game(session, group, new_match(), [ann, ann, "Cat", "Dan"])
    assert (refused.value.field, refused.value.reason) == (
        "name_1",
        "Ann is picked twice: pick someone else.",
    )


def test_removing_a_game_keeps_the_game_and_the_roster(session, new_match):
    group = make_group(session)
    token = new_match()
    played = group_games.add_game(session, group, token, ["Ann", "Bob", "Cat", "Dan"])

    group_games.remove_game(session, group, played.id)

    assert group_history.group_games(session, group) == ([], [], {})
    assert len(group.players) == 4
    assert matches.find_match(session, token) is not None
    with pytest.raises(NotFound):
        group_games.remove_game(session, group, played.id)


# -------------------------------------------------- group_games after renames and merges


def test_group_games_names_the_roster_player_after_a_rename_and_a_merge(
    session, new_match, new_dice_game
):
    group = make_group(session, "Ann")
    first = new_match()  # Ann, Bob, Cat, Dan
    dice = new_dice_game("farkle", ("Annie", "Bobby"))
    group_games.add_game(session, group, first, [player(group, "Ann").id, "Bob", "Cat", "Dan"])
    group_games.add_game(session, group, dice, ["Annie", "Bobby"])
    match_id = group_games.find_linked_game(session, first).game.id
    dice_id = group_games.find_linked_game(session, dice).game.id

    groups.rename_player(session, group, player(group, "Ann").id, "Ann Smith")
    groups.merge_players(session, group, player(group, "Annie").id, player(group, "Ann Smith").id)
    groups.merge_players(session, group, player(group, "Bobby").id, player(group, "Bob").id)

    match_ids, dice_ids, names = group_history.group_games(session, group)
    assert (match_ids, dice_ids) == ([match_id], [dice_id])
    assert names == {
        ("match", match_id, "Ann"): "Ann Smith",
        ("match", match_id, "Bob"): "Bob",
        ("match", match_id, "Cat"): "Cat",
        ("match", match_id, "Dan"): "Dan",
        ("dice", dice_id, "Annie"): "Ann Smith",
        ("dice", dice_id, "Bobby"): "Bob",
    }
    assert sorted(p.name for p in group.players) == ["Ann Smith", "Bob", "Cat", "Dan"]
    assert version(session, group) == 5


def test_two_people_of_one_game_cannot_be_merged(session, new_match):
    group = make_group(session)
    group_games.add_game(session, group, new_match(), ["Ann", "Bob", "Cat", "Dan"])
    with pytest.raises(RuleError, match="Ann and Bob played in the same game"):
        groups.merge_players(session, group, player(group, "Ann").id, player(group, "Bob").id)
    with pytest.raises(RuleError, match="Pick two different players"):
        groups.merge_players(session, group, player(group, "Ann").id, player(group, "Ann").id)


def test_a_merge_keeps_the_player_playing_when_either_was(session):
    group = make_group(session, "Ann", "Annie")
    groups.set_retired(session, group, player(group, "Ann").id, True)
    groups.merge_players(session, group, player(group, "Annie").id, player(group, "Ann").id)
    assert [(p.name, p.retired) for p in group.players] == [("Ann", False)]


# Each example makes a group of its own, so one session serves them all.
@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(renames=st.lists(st.sampled_from(["Ann", "ann", "Bea", "BOB", "cid ", "Ann B"]), max_size=6))
def test_every_game_name_maps_to_a_roster_name_whatever_the_renames(session, renames):
    group = make_group(session)
    group_games.start_match(session, group, game="three-handed", seats=["Ann", "Bob", "Cid"])
    first = groups.roster(group)[0].id  # Ann
    for new_name in renames:
        try:
            groups.rename_player(session, group, first, new_name)
        except RuleError:
            session.rollback()
    _, _, names = group_history.group_games(session, group)
    assert sorted(names.values()) == sorted(p.name for p in group.players)
    assert len({name.casefold() for name in names.values()}) == 3
    # The typed names stay as the match stored them.
    assert sorted(typed for _, _, typed in names) == ["Ann", "Bob", "Cid"]


# --------------------------------------------------------------------------- this device


def test_a_device_lists_the_groups_it_opened_by_name(session):
    smiths, joneses = make_group(session), make_group(session, name="Jones")
    devices.remember_group(session, ANN_PHONE, smiths.id)
    devices.remember_group(session, ANN_PHONE, joneses.id)
    devices.remember_group(session, ANN_PHONE, joneses.id)  # opened again: listed once

    assert [g.name for g in devices.device_groups(session, ANN_PHONE)] == ["Jones", "Smith family"]
    assert devices.device_groups(session, "another-phone-0123456") == []
    assert devices.device_groups(session, None) == []


def test_the_games_list_is_newest_first_and_says_which_are_finished(session, new_dice_game):
    group = make_group(session, "Ann", "Bob")
    first = group_games.start_match(
        session, group, game="three-handed", seats=["Ann", "Bob", "Cid"]
    )
    second = group_games.start_dice_game(session, group, kind="yahtzee", seats=["Ann"])

    listed = group_history.played_games(session, group).games

    assert [(g.kind, g.state.players) for g in listed] == [
        ("dice", ["Ann"]),
        ("match", ["Ann", "Bob", "Cid"]),
    ]
    assert [g.over for g in listed] == [False, False]
    assert (first.id, second.id) == (listed[1].state.match.id, listed[0].state.game.id)
