"""Forms of the score sheet: entering a hand (starting a match is match_setup.py's)."""

from __future__ import annotations

import secrets
from typing import Any, NamedTuple

from wtforms import (
    BooleanField,
    HiddenField,
    RadioField,
    SelectChoice,
    StringField,
)
from wtforms.validators import Length, Optional

from ..bidi import shown
from ..match_setup import MAX_SEATS, VERSIONS
from ..rules import (
    SUIT_NAMES,
    SUIT_SYMBOLS,
    Preset,
    RuleError,
    next_bid,
    parse_cards,
    said,
)
from ..rules.text import choice_id, choice_id_or_none
from ..validators import (
    FROM_TO,
    Between,
    ButtonField,
    FormTokenField,
    SeatList,
    SheetForm,
    WholeNumberField,
)
from ..widgets import CheckboxInput, HiddenInput, RadioInput, TextInput
from ..words import capitalised, shown_names

# Bounds that keep a typo from becoming a stored number; the rules check the rest.
POINTS = Between(min=0, max=100_000, message=FROM_TO)


def _strip(value: str | None) -> str | None:
    return value.strip() if isinstance(value, str) else value


# What a hand form's buttons record: a played hand, or one of the rare outcomes.
HAND_KINDS = ("save", "throw_in", "redeal", "forfeit")
# A kind with this ending also removes the hands after the game's new end (a correction).
AND_TRIM = "_and_trim"


CARDS_HELP = said("Tap or type only the cards that meld.")
STALE_HAND = said("This form is out of date: reload the page, then save.")


def field_said(label: str, message: str) -> str:
    """A field's message with the field's label in front: "Trump: Which suit was trump?"."""
    # Translators: a field's label, then what is wrong with it: "Bid: Type a whole number".
    return said("%(field)s: %(message)s", field=label, message=message)


class ConflictChoice(NamedTuple):
    """The two buttons a phone is offered when another phone saved first."""

    discard: str  # drop what this phone typed and show the ledger
    keep: str  # save it anyway: as the next hand, or over the other phone's edit


class HandForm(SheetForm):
    """One hand: who bid what in which trump, each side's meld and trick points."""

    bidder = RadioField(
        said("Bidder"), coerce=choice_id, validators=[Optional()], option_widget=RadioInput()
    )
    bid = WholeNumberField(
        # Translators: the bid a hand was played for (a number), a field's label.
        said("Bid"),
        validators=[Optional(), POINTS],
        render_kw={"inputmode": "numeric"},
    )
    all_passed = BooleanField(said("All passed"), widget=CheckboxInput())
    trump = RadioField(
        # Translators: the trump suit a hand was played in, a field's label.
        said("Trump"),
        choices=[
            # Translators: a trump suit to choose: its symbol and its name, "♠ Spades".
            SelectChoice(i, said("%(symbol)s %(suit)s", symbol=SUIT_SYMBOLS[i], suit=SUIT_NAMES[i]))
            for i in range(4)
        ],
        coerce=choice_id,
        validators=[Optional()],
        option_widget=RadioInput(),
    )
    meld = SeatList(
        WholeNumberField(
            # Translators: a side's meld points, a field's label.
            said("Meld"),
            validators=[Optional(), POINTS],
            render_kw={"inputmode": "numeric"},
        ),
        min_entries=MAX_SEATS,
    )
    tricks = SeatList(
        WholeNumberField(
            said("Trick points"),
            validators=[Optional(), POINTS],
            render_kw={"inputmode": "numeric"},
        ),
        min_entries=MAX_SEATS,
    )
    turned_nine = BooleanField(said("Dealer turned up a nine"), widget=CheckboxInput())
    # The house rules of "More house rules": asked only where the match plays them.
    took_trick = SeatList(
        BooleanField(said("Took a trick"), widget=CheckboxInput()), min_entries=MAX_SEATS
    )
    moon = BooleanField(said("Shoot the moon"), widget=CheckboxInput())
    cards = SeatList(
        StringField(
            # Translators: a player's meld cards, a field's label.
            said("Cards"),
            validators=[Optional(), Length(max=200)],
            filters=[_strip],
            render_kw={"autocomplete": "off", "autocapitalize": "characters"},
            widget=TextInput(),
        ),
        min_entries=MAX_SEATS,
    )
    # What the phone saw when it drew the form: the match's version (a hand saved by another
    # phone meanwhile is a conflict), the hand's version (for edits), and a one-time token
    # (a double-tapped Save records one hand).
    version = WholeNumberField(widget=HiddenInput(), validators=[Optional(), VERSIONS])
    hand_version = WholeNumberField(widget=HiddenInput(), validators=[Optional(), VERSIONS])
    client_token = FormTokenField(widget=HiddenInput())
    # The button tapped: a kind of hand, perhaps "and remove the hands after the end".
    action = ButtonField(
        choices=[SelectChoice(kind + trim) for trim in ("", AND_TRIM) for kind in HAND_KINDS],
        default="save",
    )
    # The hands (ids) a correction's "Save and remove hand 9" agreed to remove.
    remove_hands = HiddenField(validators=[Optional(), Length(max=2000)], widget=HiddenInput())

    def setup(self, preset: Preset, player_names: list[str], side_names: list[str]) -> None:
        """Fit the form to the match: its players, its sides and the preset's bid steps."""
        self.preset = preset
        self.bidder.choices = [SelectChoice(p, shown(name)) for p, name in enumerate(player_names)]
        self.meld.fit(preset.sides)
        self.tricks.fit(preset.sides)
        self.cards.fit(preset.players)
        for player, name in enumerate(player_names):
            self.cards[player].label.text = shown_names(said("%(name)s meld cards", name=name))
            self.cards[player].description = CARDS_HELP
        self.took_trick.fit(preset.sides)
        # Each label names its side, isolated (bidi.py), in the phone's language.
        for side, name in enumerate(side_names):
            self.meld[side].label.text = shown_names(said("%(name)s meld", name=name))
            self.tricks[side].label.text = shown_names(said("%(name)s tricks", name=name))
            self.took_trick[side].label.text = shown_names(
                said("%(name)s took a trick with no counters", name=name)
            )

        if preset.moon:
            self.moon.label.text = said(
                "Shoot the moon: the bidder takes every trick for %(points)s", points=preset.moon
            )
        if preset.bidding:
            self.bid.render_kw = {
                "inputmode": "numeric",
                "min": next_bid(preset, None),
                # Several steps: any whole number here; the rules say which (app.js steps).
                "step": preset.bid_step if len(preset.bid_steps) == 1 else 1,
            }
            self.all_passed.label.text = said(
                "All passed (dealer takes %(bid)s)", bid=preset.stuck_bid
            )
        self.tricks_total = preset.trick_total
        self.group_errors: dict[str, str] = {}
        self.conflict: ConflictChoice | None = None
        # A refused hand: its reason in one line beside Save, and where the thumb goes
        # when the reason is not one field's (matches/pages.py: point_to_refusal).
        self.refusal: str | None = None
        self.refusal_at: str | None = None

    def show_version(self, version: int, field: str = "version") -> None:
        """Redraw the form at a newer version (after a conflict), replacing what was posted."""
        self[field].data = version
        self[field].raw_data = [str(version)]

    def new_form_token(self) -> None:
        """Give the redrawn form a one-time token of its own (after a conflict)."""
        self.client_token.data = secrets.token_urlsafe(16)
        self.client_token.raw_data = [self.client_token.data]

    def fill_from(self, entries: dict[str, Any]) -> None:
        """Put a stored hand's entries into the form, for editing."""
        for name in ("bidder", "bid", "all_passed", "trump", "turned_nine"):
            self[name].data = entries[name]
        for side, points in enumerate(entries["meld"]):
            self.meld[side].data = points
        for side, points in enumerate(entries["tricks"] or []):
            self.tricks[side].data = points
        for player, cards in enumerate(entries.get("cards") or []):
            self.cards[player].data = cards
        for side, took in enumerate(entries.get("took_trick") or []):
            self.took_trick[side].data = took
        self.moon.data = bool(entries.get("moon"))

    @property
    def kind(self) -> str:
        """What the tapped button records: ``save`` (a played hand) or a rare outcome."""
        action = (self.action.data or "save").removesuffix(AND_TRIM)
        return action if action in HAND_KINDS else "save"  # refused by validate()

    @property
    def trims(self) -> bool:
        """Was the button "Save and remove the hands after the end" (a correction)?"""
        return (self.action.data or "").endswith(AND_TRIM)

    @staticmethod
    def kind_of(entries: dict[str, Any]) -> str:
        """The kind of a stored hand, as the button that records it says."""
        if entries["thrown_in"]:
            return "throw_in"
        if entries["no_marriage"]:
            return "forfeit"
        return "redeal" if entries["redeal"] else "save"

    def agreed_removals(self) -> tuple[int, ...]:
        """The hands the player agreed to remove with a correction (none unless asked)."""
        if not self.trims:
            return ()
        ids = (self.remove_hands.data or "").replace(" ", "").split(",")
        return tuple(hand_id for hand_id in map(choice_id_or_none, ids) if hand_id is not None)

    def entries(self) -> dict[str, Any]:
        """What the player entered, in the stored shape; one blank trick field fills itself."""
        preset = self.preset
        action = self.kind
        melds = [entry.data or 0 for entry in self.meld]
        tricks: list[int] | None = [entry.data for entry in self.tricks]
        blanks = [side for side, points in enumerate(tricks) if points is None]
        if action != "save":
            tricks = None  # a throw-in, a forfeit or a redeal takes no trick points
        elif len(blanks) == 1:
            tricks[blanks[0]] = preset.trick_total - sum(p for p in tricks if p is not None)
        elif blanks:
            tricks = None  # the rules say what is missing (or that the hand is forfeit)
        all_passed = bool(self.all_passed.data) and preset.bidding
        cards = [_tidy_cards(entry.data) for entry in self.cards]
        took_trick = None
        if preset.save_with == "trick" and tricks is not None:
            # A side with trick points took a trick; the box is asked of the others.
            took_trick = [
                bool(entry.data) or bool(points)
                for entry, points in zip(self.took_trick, tricks, strict=True)
            ]
        return {
            "bidder": None if all_passed or not preset.bidding else self.bidder.data,
            "bid": (preset.stuck_bid if all_passed else self.bid.data) if preset.bidding else None,
            "all_passed": all_passed,
            "trump": self.trump.data,
            "meld": melds,
            "tricks": tricks,
            "thrown_in": action == "throw_in",
            "no_marriage": action == "forfeit",
            "redeal": action == "redeal",
            "turned_nine": bool(self.turned_nine.data) and not preset.bidding,
            "cards": cards if any(cards) else None,
            "took_trick": took_trick,
            "moon": bool(self.moon.data) and bool(preset.moon) and preset.bidding,
        }

    def read_entries(self) -> dict[str, Any] | None:
        """The hand as entered, or None with the reasons on the form's fields."""
        if not self.validate():
            self.out_of_date()
            return None
        entries = self.entries()
        if entries["trump"] is None and not entries["redeal"]:
            self.trump.errors = [*self.trump.errors, said("Which suit was trump?")]
            return None
        return entries

    def first_entry_error(self) -> str | None:
        """The first message of a field the player typed in (after validate()), if any."""
        for field in (self.bidder, self.bid, self.trump, *self.meld, *self.tricks, *self.cards):
            if field.errors:
                return field_said(field.label.text, field.errors[0])
        return None

    def out_of_date(self) -> bool:
        """Did the hidden version fields come back unreadable? Then the form is stale."""
        if self.action.errors:
            # A button no page draws (or one sent as a file): said as its own reason.
            self.group_errors["hand"] = self.action.errors[0]
            return True
        if self.version.errors or self.hand_version.errors or self.client_token.errors:
            self.group_errors["hand"] = STALE_HAND
            return True
        return False

    def add_rule_error(self, error: RuleError) -> None:
        """Show a broken rule next to the field it is about, as a sentence."""
        field = error.field
        reason = capitalised(error.reason)
        if field and field.startswith("cards-"):
            self.cards[int(field.removeprefix("cards-"))].errors = [reason]
        elif field in ("bid", "bidder", "trump", "turned_nine", "moon"):
            self[field].errors = [*self[field].errors, reason]
        elif field in ("meld", "tricks", "thrown_in", "no_marriage", "redeal", "took_trick"):
            self.group_errors[field] = reason
        else:
            self.group_errors["hand"] = capitalised(str(error))


def _tidy_cards(text: str | None) -> str | None:
    """Typed cards in plain notation (``as,10s`` as ``AS 10S``); left as typed if unreadable."""
    if not text:
        return None
    try:
        return " ".join(card.code for card in parse_cards(text))
    except RuleError:
        return text
