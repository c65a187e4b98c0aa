"""The club night's forms: a new night, the host's buttons (each names the version its
page was drawn at), a late arrival, a table's new number and a side's confirmation."""

from __future__ import annotations

from wtforms import HiddenField, RadioField, SelectChoice, SelectField, StringField, TextAreaField
from wtforms.validators import InputRequired, Optional

from ..rules import CLUB_BYES, CLUB_RANKINGS, PRESETS, said
from ..rules.text import NAME_LENGTH
from ..services.club import MOST_HANDS, MOST_MINUTES
from ..validators import Between, SheetForm, WholeNumberField

NAME_BOX = {"autocomplete": "off", "maxlength": NAME_LENGTH}
# The games a night can seat: four players in two partnerships.
NIGHT_GAMES = [p for p in PRESETS.values() if p.players == 4 and p.sides == 2]
RANKING_WORDS = {
    "wins": said("Wins, then total points"),
    "match_points": said("Match points (2 a win, 1 a tie), then total points"),
    "points": said("Total points"),
}
# The same in the middle of a sentence: "Players, ranked by wins, then total points".
RANKED_BY = {
    # Translators: follows "Players, ranked by", in the middle of a sentence.
    "wins": said("wins, then total points"),
    # Translators: follows "Players, ranked by", in the middle of a sentence.
    "match_points": said("match points (2 a win, 1 a tie), then total points"),
    # Translators: follows "Players, ranked by", in the middle of a sentence.
    "points": said("total points"),
}
BYE_WORDS = {
    "winners_average": said("The round winners' average score"),
    # Translators: what a player sitting out a round scores: nothing.
    "none": said("Nothing"),
}


# Translators: a club night's name (a form's label).
NIGHT = said("Night")
# Translators: a form's label: the points a game is played to.
GAME_TO = said("Game to")


class NightForm(SheetForm):
    """Start a club night: who plays, how partners go, how many rounds, how a round ends."""

    name = StringField(NIGHT, description=said("Such as Tuesday pinochle."), render_kw=NAME_BOX)
    # The edit link's token of the group the night is started from, if it is.
    group = HiddenField()
    players = TextAreaField(
        said("Players"),
        description=said("One name a line. Late arrivals can join between rounds."),
        render_kw={"rows": 8, "autocomplete": "off"},
    )
    format = RadioField(
        said("Partners"),
        choices=[
            SelectChoice("rotating", said("A new partner each round")),
            SelectChoice("fixed", said("Fixed teams")),
        ],
        default="rotating",
    )
    teams = TextAreaField(
        said("Teams"),
        description=said("For fixed teams: one team a line, two names with & between (Ann & Bob)."),
        render_kw={"rows": 4, "autocomplete": "off"},
    )
    rounds = WholeNumberField(
        said("Rounds"), [InputRequired(said("Type how many rounds.")), Between(1, 50)], default=3
    )
    # A game with its own rules, or a saved rule set (by its token) that fits a night.
    game = SelectField(
        said("Game and house rules"),
        choices=[SelectChoice(p.name, p.label) for p in NIGHT_GAMES],
        default="partnership",
        description=said("A saved rule set kept on this phone is offered here too."),
    )
    round_end = RadioField(
        said("A round ends"),
        choices=[
            SelectChoice("target", said("When a side reaches the game's target")),
            SelectChoice("hands", said("After a number of hands")),
            SelectChoice("minutes", said("After a time (the hand in progress is finished)")),
        ],
        default="target",
    )
    target = WholeNumberField(GAME_TO, [Optional(), Between(1, 100_000)])
    round_hands = WholeNumberField(said("Hands a round"), [Optional(), Between(1, MOST_HANDS)])
    round_minutes = WholeNumberField(
        said("Minutes a round"), [Optional(), Between(5, MOST_MINUTES)]
    )
    ranking = SelectField(
        said("Rank players by"),
        choices=[SelectChoice(name, RANKING_WORDS[name]) for name in CLUB_RANKINGS],
        default="wins",
    )
    byes = SelectField(
        said("A player sitting out scores"),
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

    name = StringField(said("Late arrival"), render_kw=NAME_BOX)
    partner = StringField(said("Their partner (fixed teams)"), render_kw=NAME_BOX)


class MoveForm(HostForm):
    """A table's new number."""

    table = WholeNumberField(said("Table number"), [InputRequired(said("Type a table number."))])


class ConfirmForm(SheetForm):
    """A side's confirmation of its table's result, from the match page it was drawn on."""

    side = WholeNumberField(widget=HiddenField.widget)
    # The result the page showed (hands played and each side's total): the other side's
    # confirmation in between does not change it, a correction does.
    result = StringField(widget=HiddenField.widget)
