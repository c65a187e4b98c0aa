"""The club night's forms: a new night, the host's buttons (each names the version its
page was drawn at), a late arrival, a table's new number and a side's confirmation."""

from __future__ import annotations

from wtforms import HiddenField, RadioField, SelectChoice, SelectField, StringField, TextAreaField
from wtforms.validators import InputRequired, Optional

from ..rules import CLUB_BYES, CLUB_RANKINGS, PRESETS
from ..rules.text import NAME_LENGTH
from ..services.club import MOST_HANDS, MOST_MINUTES
from ..validators import Between, SheetForm, WholeNumberField

NAME_BOX = {"autocomplete": "off", "maxlength": NAME_LENGTH}
# The games a night can seat: four players in two partnerships.
NIGHT_GAMES = [p for p in PRESETS.values() if p.players == 4 and p.sides == 2]
RANKING_WORDS = {
    "wins": "Wins, then total points",
    "match_points": "Match points (2 a win, 1 a tie), then total points",
    "points": "Total points",
}
BYE_WORDS = {
    "winners_average": "The round winners' average score",
    "none": "Nothing",
}


class NightForm(SheetForm):
    """Start a club night: who plays, how partners go, how many rounds, how a round ends."""

    name = StringField("Night", description="Such as Tuesday pinochle.", render_kw=NAME_BOX)
    # The edit link's token of the group the night is started from, if it is.
    group = HiddenField()
    players = TextAreaField(
        "Players",
        description="One name a line. Late arrivals can join between rounds.",
        render_kw={"rows": 8, "autocomplete": "off"},
    )
    format = RadioField(
        "Partners",
        choices=[
            SelectChoice("rotating", "A new partner each round"),
            SelectChoice("fixed", "Fixed teams"),
        ],
        default="rotating",
    )
    teams = TextAreaField(
        "Teams",
        description="For fixed teams: one team a line, two names with & between (Ann & Bob).",
        render_kw={"rows": 4, "autocomplete": "off"},
    )
    rounds = WholeNumberField(
        "Rounds", [InputRequired("Type how many rounds."), Between(1, 50)], default=3
    )
    # A game with its own rules, or a saved rule set (by its token) that fits a night.
    game = SelectField(
        "Game and house rules",
        choices=[SelectChoice(p.name, p.label) for p in NIGHT_GAMES],
        default="partnership",
        description="A saved rule set kept on this phone is offered here too.",
    )
    round_end = RadioField(
        "A round ends",
        choices=[
            SelectChoice("target", "When a side reaches the game's target"),
            SelectChoice("hands", "After a number of hands"),
            SelectChoice("minutes", "After a time (the hand in progress is finished)"),
        ],
        default="target",
    )
    target = WholeNumberField("Game to", [Optional(), Between(1, 100_000)])
    round_hands = WholeNumberField("Hands a round", [Optional(), Between(1, MOST_HANDS)])
    round_minutes = WholeNumberField("Minutes a round", [Optional(), Between(5, MOST_MINUTES)])
    ranking = SelectField(
        "Rank players by",
        choices=[SelectChoice(name, RANKING_WORDS[name]) for name in CLUB_RANKINGS],
        default="wins",
    )
    byes = SelectField(
        "A player sitting out scores",
        choices=[SelectChoice(name, BYE_WORDS[name]) for name in CLUB_BYES],
        default="winners_average",
    )

    def player_names(self) -> list[str]:
        """The names typed, one a line, blank lines left out."""
        return [line.strip() for line in (self.players.data or "").splitlines() if line.strip()]

    def team_lists(self) -> list[list[str]] | None:
        """The fixed teams typed, one a line (``Ann & Bob``); None for rotating partners."""
        if self.format.data != "fixed":
            return None
        lines = [line for line in (self.teams.data or "").splitlines() if line.strip()]
        return [[name.strip() for name in line.split("&")] for line in lines]

    def round_end_value(self) -> int | None:
        """The hands or the minutes a round lasts, as the round's end asks."""
        if self.round_end.data == "hands":
            return self.round_hands.data
        if self.round_end.data == "minutes":
            return self.round_minutes.data
        return None

    def house_rules(self) -> dict[str, int]:
        """The night's house rules typed here: its target, when typed (over a rule set's)."""
        return {} if self.target.data is None else {"target": self.target.data}

    def offer_rule_sets(self, offered: list) -> None:
        """Offer these saved rule sets beside the games (each ``(token, words)``)."""
        self.game.choices = [
            *(SelectChoice(p.name, p.label) for p in NIGHT_GAMES),
            *(SelectChoice(token, words) for token, words in offered),
        ]


class HostForm(SheetForm):
    """A host's button: the version of the night its page was drawn at."""

    version = WholeNumberField(widget=HiddenField.widget)


class ArrivalForm(HostForm):
    """A late arrival (or two, a late team) joining from the next round."""

    name = StringField("Late arrival", render_kw=NAME_BOX)
    partner = StringField("Their partner (fixed teams)", render_kw=NAME_BOX)


class MoveForm(HostForm):
    """A table's new number."""

    table = WholeNumberField("Table number", [InputRequired("Type a table number.")])


class ConfirmForm(SheetForm):
    """A side's confirmation of its table's result, from the match page it was drawn on."""

    side = WholeNumberField(widget=HiddenField.widget)
    # The result the page showed (hands played and each side's total): the other side's
    # confirmation in between does not change it, a correction does.
    result = StringField(widget=HiddenField.widget)
