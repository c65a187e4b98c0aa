"""Names shown safely: a name holding a right-to-left override (or any bidi control) is
isolated wherever a page shows it, so it can never reverse the words, numbers or other
names around it. Each occurrence is in a <bdi> element of its own, or, where the page
holds plain text only (a title, an option, an attribute read aloud, an SVG text), between
U+2068 FIRST STRONG ISOLATE and U+2069 POP DIRECTIONAL ISOLATE.

The names are stored straight in the database, as an older import or version could have
stored them: the forms refuse them today."""

from __future__ import annotations

import re
import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.bidi import plain, shown, with_names
from scorekeeper.extensions import db
from scorekeeper.models import (
    DiceGame,
    Group,
    GroupGame,
    GroupPlayer,
    GroupSeat,
    Match,
    RuleSet,
)
from scorekeeper.services import hands
from tests.helpers.html import Element, filled, form_to, read
from tests.helpers.play import bank, dice_url, match_url, open_page, save_hand, score, submit
from tests.helpers.stored import form_token, hand

RLO, LRO, RLE, PDF, RLI, LRI, FSI, PDI = "\u202e\u202d\u202b\u202c\u2067\u2066\u2068\u2069"
PLAYERS = [f"{RLO}Ann", f"{LRO}Bob", f"{RLE}Cat{PDF}", f"{RLI}Dan"]
SIDES = [f"{RLO}Us", f"{LRI}Them"]
GROUP = f"{RLO}Smith family"
RULE_SET = f"{RLO}Our rules"
NAMES = [*PLAYERS, *SIDES, GROUP, RULE_SET]
# Every bidi control a name above holds, and the isolates that may wrap a name.
BIDI = re.compile("[\u202a-\u202e\u2066-\u2069]")
PLAIN = re.compile(
    "|".join(re.escape(f"{FSI}{name}{PDI}") for name in sorted(NAMES, key=len, reverse=True))
)
# Where a name is plain text: no element can sit there, so isolates must.
PLAIN_TEXT_TAGS = {"title", "option", "textarea", "text", "tspan"}
# Attributes a reader is shown or read aloud (a link, a value in its own box, a file's name
# or a script's hook are not text on the page).
SHOWN = {"title", "aria-label", "alt", "placeholder", "content", "label", "data-share-title"}


# A hand as a phone types it: the bidder's side makes 250.
MADE = {"bidder": "0", "bid": "250", "trump": "1", "meld-0": "100", "meld-1": "50"} | {
    "tricks-0": "200",
    "tricks-1": "50",
}


def unisolated(document: Element) -> list[str]:
    """Each text or shown attribute with a bidi control left outside an isolated name."""
    found = []
    for element in document.walk():
        for attribute, value in element.attrs.items():
            if attribute in SHOWN and BIDI.search(PLAIN.sub("", value)):
                found.append(f"<{element.tag} {attribute}={value!r}>")
        for child in element.children:
            if not isinstance(child, str):
                continue
            in_bdi = element.tag == "bdi" and not any(
                outer.tag in PLAIN_TEXT_TAGS for outer in element.ancestors()
            )
            if in_bdi and child in NAMES and len(element.children) == 1:
                continue
            if BIDI.search(PLAIN.sub("", child)):
                found.append(f"<{element.tag}>{child!r}")
    return found


def isolated(document: Element) -> int:
    """How many names the page shows isolated (in a <bdi> of their own, or between isolates)."""
    count = sum(
        1
        for element in document.all("bdi")
        if element.children and all(child in NAMES for child in element.children)
    )
    for element in document.walk():
        count += sum(len(PLAIN.findall(value)) for a, value in element.attrs.items() if a in SHOWN)
        count += sum(len(PLAIN.findall(c)) for c in element.children if isinstance(c, str))
    return count


def every_bdi_holds_one_name(document: Element) -> None:
    for element in document.all("bdi"):
        assert len(element.children) == 1 and element.children[0] in NAMES, element.children


@pytest.fixture(scope="module")
def table(make_site, tmp_path_factory):
    """A site whose database holds a match in play and one won, a Yahtzee game, a Farkle
    game in play and one won, a group of them all and a rule set, every name with bidi
    controls; and a phone that opened each (so its home page lists them)."""
    site = make_site(
        tmp_path_factory.mktemp("bidi"), TESTING=True, SECRET_KEY="t", WTF_CSRF_ENABLED=False
    )
    with site.app_context():
        playing = Match(game="partnership", side_names=SIDES, player_names=PLAYERS)
        won = Match(
            game="partnership", house_rules={"target": 250}, side_names=SIDES, player_names=PLAYERS
        )
        yahtzee = DiceGame(kind="yahtzee", player_names=PLAYERS[:2])
        farkle = DiceGame(kind="farkle", player_names=PLAYERS[:2])
        farkle_won = DiceGame(kind="farkle", player_names=PLAYERS[:2], house_rules={"target": 500})
        rule_set = RuleSet(name=RULE_SET, game="partnership", house_rules={"target": 1000})
        group = Group(
            name=GROUP, players=[GroupPlayer(name=name, folded=name.casefold()) for name in PLAYERS]
        )
        db.session.add_all([playing, won, yahtzee, farkle, farkle_won, rule_set, group])
        db.session.flush()
        by_name = {player.name: player for player in group.players}
        for game in (playing, won):
            seats = [GroupSeat(name=name, player=by_name[name]) for name in PLAYERS]
            group.games.append(GroupGame(match=game, seats=seats))
        for game in (yahtzee, farkle, farkle_won):
            seats = [GroupSeat(name=name, player=by_name[name]) for name in PLAYERS[:2]]
            group.games.append(GroupGame(dice_game=game, seats=seats))
        db.session.commit()
        tokens = {
            "playing": (playing.edit_token, playing.view_token),
            "won": (won.edit_token, won.view_token),
            "yahtzee": (yahtzee.token, yahtzee.view_token),
            "farkle": (farkle.token, farkle.view_token),
            "farkle_won": (farkle_won.token, farkle_won.view_token),
            "group": (group.edit_token, group.view_token),
            "rule_set": (rule_set.token, rule_set.token),
        }
        hands.add_hand(db.session, won.edit_token, hand(), version=0, form_token=form_token())
        db.session.commit()
    phone = site.test_client()
    playing = tokens["playing"][0]
    # Two hands: the second saved by this phone, so its page notes it.
    with site.app_context():
        hands.add_hand(db.session, playing, hand(), version=0, form_token=form_token())
        db.session.commit()
    save_hand(
        phone,
        playing,
        {"bidder": "1", "bid": "250", "trump": "0", "meld-0": "100"}
        | {"meld-1": "50", "tricks-0": "50", "tricks-1": "200"},
    )
    score(phone, tokens["yahtzee"][0], "11111", "yahtzee")
    score(phone, tokens["yahtzee"][0], "22345", "large_straight")
    bank(phone, tokens["farkle"][0], total=500)
    bank(phone, tokens["farkle_won"][0], total=500)
    bank(phone, tokens["farkle_won"][0], total=600)
    for token, _ in tokens.values():
        phone.get(f"/matches/{token}")
        phone.get(f"/dice/{token}")
        phone.get(f"/groups/{token}")
    phone.post(f"/rules/{tokens['rule_set'][0]}/keep")
    with site.app_context():
        first_hand = db.session.scalars(db.select(Match).filter_by(edit_token=playing)).one()
        first_turn = db.session.scalars(
            db.select(DiceGame).filter_by(token=tokens["yahtzee"][0])
        ).one()
        tokens["corrections"] = (first_hand.hands[0].id, first_turn.turns[0].id)
    return site, phone, tokens


def pages(tokens) -> dict[str, str]:
    """Every page that shows the names, by what it is."""
    playing, playing_view = tokens["playing"]
    won, won_view = tokens["won"]
    yahtzee, yahtzee_view = tokens["yahtzee"]
    farkle, farkle_view = tokens["farkle"]
    farkle_won, farkle_won_view = tokens["farkle_won"]
    group, group_view = tokens["group"]
    rule_set, _ = tokens["rule_set"]
    hand_id, turn_id = tokens["corrections"]
    return {
        "home": "/",
        "match": match_url(playing),
        "match view link": f"/matches/watch/{playing_view}",
        "match table display": f"/matches/watch/{playing_view}/display",
        "match live": match_url(playing, "/live"),
        "hand correction": match_url(playing, f"/hands/{hand_id}/edit"),
        "match won": match_url(won),
        "match won view link": f"/matches/watch/{won_view}",
        "yahtzee": dice_url(yahtzee),
        "yahtzee view link": f"/dice/watch/{yahtzee_view}",
        "yahtzee table display": f"/dice/watch/{yahtzee_view}/display",
        "yahtzee turn correction": dice_url(yahtzee, f"/turns/{turn_id}/edit"),
        "farkle": dice_url(farkle),
        "farkle view link": f"/dice/watch/{farkle_view}",
        "farkle table display": f"/dice/watch/{farkle_view}/display",
        "farkle won": dice_url(farkle_won),
        "farkle won view link": f"/dice/watch/{farkle_won_view}",
        "group": f"/groups/{group}",
        "group view link": f"/groups/watch/{group_view}",
        "group statistics": f"/groups/{group}/stats",
        "group statistics view link": f"/groups/watch/{group_view}/stats",
        "group new match": f"/groups/{group}/matches/new",
        "group new dice game": f"/groups/{group}/dice/new",
        "rule set": f"/rules/{rule_set}",
        "rule set change": f"/rules/{rule_set}/edit",
        "new match with the rule set": f"/matches/new?rules={rule_set}",
    }


# The pages' names (the tokens do not change which pages there are).
PAGES = list(
    pages(
        dict.fromkeys(
            ["playing", "won", "yahtzee", "farkle", "farkle_won"]
            + ["group", "rule_set", "corrections"],
            ("", ""),
        )
    )
)


@pytest.mark.parametrize("page", PAGES)
def test_every_name_a_page_shows_is_isolated(table, page):
    _, phone, tokens = table
    document = open_page(phone, pages(tokens)[page])

    assert isolated(document) > 0
    every_bdi_holds_one_name(document)
    assert unisolated(document) == []


def test_the_names_a_sheet_refused_as_a_conflict_shows_are_isolated(table):
    site, phone, tokens = table
    playing = tokens["playing"][0]
    other = site.test_client()
    typed = form_to(open_page(other, match_url(playing)), match_url(playing, "/hands"))
    save_hand(
        phone,
        playing,
        {"bidder": "0", "bid": "250", "trump": "1", "meld-0": "100"}
        | {"meld-1": "50", "tricks-0": "200", "tricks-1": "50"},
    )
    answer = other.post(match_url(playing, "/hands"), data=filled(typed, MADE | {"bid": "300"}))

    assert answer.status_code == 409
    document = read(answer)
    assert isolated(document) > 0
    assert unisolated(document) == []


def test_a_group_adding_a_game_names_its_players_isolated(table):
    site, phone, tokens = table
    with site.app_context():
        game = DiceGame(kind="yahtzee", player_names=PLAYERS[2:])
        db.session.add(game)
        db.session.commit()
        link = game.token
    group = tokens["group"][0]
    add = f"/groups/{group}/add"
    answer = phone.post(add, data=filled(form_to(open_page(phone, add), add), {"link": link}))

    assert answer.status_code == 200
    document = read(answer)
    assert isolated(document) > 0
    assert unisolated(document) == []


# ---------------------------------------------------------------- the isolating itself


def test_a_pdi_a_name_did_not_open_is_left_out_so_it_cannot_end_the_isolate_early():
    assert shown(f"{PDI}{RLO}Eve") == f"<bdi>{RLO}Eve</bdi>"
    assert shown(f"{RLI}Eve{PDI}{PDI}") == f"<bdi>{RLI}Eve{PDI}</bdi>"
    assert plain(f"Eve{PDI}{RLO}") == f"{FSI}Eve{RLO}{PDI}"


def test_plain_text_isolates_only_a_name_that_could_move_its_neighbours():
    assert plain("Ann") == "Ann"
    assert plain("Zoë-2") == "Zoë-2"
    assert plain("سارا") == f"{FSI}سارا{PDI}"
    assert plain(f"{RLO}Ann") == f"{FSI}{RLO}Ann{PDI}"


def test_a_sentence_isolates_its_names_whole_and_never_inside_a_word():
    assert with_names("Annabel and Ann & Cat made 250", ["Ann", "Ann & Cat", "Cat"]) == (
        "Annabel and <bdi>Ann &amp; Cat</bdi> made 250"
    )
    assert with_names("<b>Bob</b> reached 1500", ["Bob"]) == (
        "&lt;b&gt;<bdi>Bob</bdi>&lt;/b&gt; reached 1500"
    )


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=40), st.text(max_size=20))
def test_any_name_is_one_bdi_of_drawable_text_in_any_sentence(name, before):
    document = read(str(with_names(f"{before} {name} made 300", [name])))

    for element in document.all("bdi"):
        assert len(element.children) <= 1
    text = "".join(document.raw_text())
    assert not any(unicodedata.category(character) == "Cc" for character in text)
    assert document.all() == [document, *document.all("bdi")]


def test_the_names_a_dice_turn_refused_as_a_conflict_shows_are_isolated(table):
    site, phone, tokens = table
    yahtzee = tokens["yahtzee"][0]
    other = site.test_client()
    page = open_page(other, dice_url(yahtzee) + "?dice=12345")
    stale = form_to(page, dice_url(yahtzee, "/turns"), class_="box-picker")
    score(phone, yahtzee, "33355", "full_house")

    answer = other.post(dice_url(yahtzee, "/turns"), data=filled(stale, {"slot": "chance"}))

    assert answer.status_code == 409
    document = read(answer)
    assert document.by_id("turn-conflict").one("bdi") is not None
    assert isolated(document) > 0
    assert unisolated(document) == []


def test_a_roster_refusal_names_the_players_isolated(table):
    site, phone, tokens = table
    group = tokens["group"][0]
    with site.app_context():
        players = {p.name: p.id for p in db.session.scalars(db.select(GroupPlayer))}
    ann, bob = players[PLAYERS[0]], players[PLAYERS[1]]

    # Ann and Bob played in the same game: the merge is refused, naming both.
    merge = f"/groups/{group}/players/{ann}/merge"
    form = form_to(open_page(phone, f"/groups/{group}"), merge)
    answer = phone.post(merge, data=filled(form, {f"p{ann}-into": str(bob)}))

    assert answer.status_code == 422
    document = read(answer)
    assert document.by_id(f"p{ann}-into-error").all("bdi")
    assert unisolated(document) == []


def test_another_phones_rename_told_as_a_conflict_names_the_player_isolated(table):
    site, phone, tokens = table
    group = tokens["group"][0]
    with site.app_context():
        players = {p.name: p.id for p in db.session.scalars(db.select(GroupPlayer))}
    dan = players[PLAYERS[3]]
    rename = f"/groups/{group}/players/{dan}/name"
    other = site.test_client()
    stale = form_to(open_page(other, f"/groups/{group}"), rename)
    first = submit(
        phone, form_to(open_page(phone, f"/groups/{group}"), rename), {f"p{dan}-name": "Daniel"}
    )
    assert first.status_code == 303

    answer = other.post(rename, data=filled(stale, {f"p{dan}-name": "Danny"}))

    assert answer.status_code == 409
    document = read(answer)
    assert "Another phone" in document.by_id(f"p{dan}-name-error").text
    assert document.by_id(f"p{dan}-name-error").all("bdi")
    assert unisolated(document) == []
