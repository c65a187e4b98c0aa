"""A group's numbers are the sum of its games' numbers, whatever the order its games were
entered, added to the group or corrected in: the stored path (hands saved, summaries kept
by version, typed names mapped to the roster) against the rules core replaying each
game's final hands on its own."""

from __future__ import annotations

import random as stdlib_random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.rules import Stats, get_preset, pinochle_stats, replay_match, stats_report
from scorekeeper.services import group_games, group_history, groups, hands, matches
from scorekeeper.services.matches import hand_input, players_by_side
from tests.helpers.stored import form_token, hand

ROSTER = ["Ann", "Bob", "Cat", "Dan", "Eve"]
# Hands that a partnership match may take in any order: two of them never reach 1500
# (the most a side scores in one is 500).
HANDS = [
    hand(),  # seat 0 bids 250 and makes it
    hand(bidder=1, bid=300, meld=[20, 60], tricks=[120, 130]),  # seat 1 is set
    hand(bidder=2, bid=260, meld=[150, 20], tricks=[110, 140]),  # seat 2 makes it
    hand(bidder=3, bid=250, meld=[0, 300], tricks=[50, 200]),  # seat 3 makes it
]

a_game = st.tuples(
    st.permutations(ROSTER).map(lambda names: names[:4]),  # who sits where
    st.lists(st.sampled_from(range(len(HANDS))), min_size=1, max_size=2),  # its hands
    st.booleans(),  # a typed spelling other than the roster's ("ann " for "Ann")
)


def typed(name: str, other_spelling: bool) -> str:
    return f"{name.lower()} " if other_spelling else name


@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(st.lists(a_game, min_size=1, max_size=4), st.randoms(use_true_random=False))
def test_a_groups_numbers_are_the_sum_of_its_games_in_any_order(
    session, games, random: stdlib_random.Random
):
    preset = get_preset("partnership")
    group = groups.create_group(session, f"Club {form_token()[:8]}", ROSTER)
    roster = {player.name: player.id for player in group.players}
    tokens, finals = [], []
    for seats, numbers, other_spelling in games:
        names = [typed(name, other_spelling) for name in seats]
        match = hands.start_match(
            session,
            game="partnership",
            house_rules={},
            side_names=["Us", "Them"],
            player_names=names,
            first_dealer=0,
        )
        tokens.append((match.edit_token, seats))
        finals.append((seats, [HANDS[number] for number in numbers]))
    # Hands entered game by game in a random order, then the games put in the group in
    # another, and the statistics asked for once (every summary kept) before corrections.
    order = [index for index, (_, numbers, _) in enumerate(games) for _ in numbers]
    random.shuffle(order)
    saved = dict.fromkeys(range(len(games)), 0)
    for index in order:
        token = tokens[index][0]
        version = matches.match_version(session, token).version
        # Hands of one game keep their order: the n-th saved is the game's n-th hand.
        hand_entries = finals[index][1][saved[index]]
        hands.add_hand(session, token, hand_entries, version=version, form_token=form_token())
        saved[index] += 1
    for token, seats in random.sample(tokens, len(tokens)):
        group_games.add_game(session, group, token, [roster[name] for name in seats])
    group_history.group_stats(session, group)
    # A first hand corrected in a random game: the kept summary of that game is stale.
    corrected = random.randrange(len(games))
    token = tokens[corrected][0]
    state = matches.load_match(session, token)
    first = state.hands[0]
    hands.edit_hand(session, token, first.id, HANDS[0], hand_version=first.version)
    finals[corrected][1][0] = HANDS[0]

    expected = sum(
        (
            pinochle_stats(
                preset,
                players_by_side(preset, list(seats)),
                replay_match(preset, [hand_input(preset, entries) for entries in played]),
                # Each hand's bid is the seat's who took it: the player sitting there.
                bid_by=[seats[entries["bidder"]] for entries in played],
            )
            for seats, played in finals
        ),
        Stats(),
    )
    assert group_history.group_stats(session, group) == stats_report(expected)
