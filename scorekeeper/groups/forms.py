"""The groups' forms: a new group, a roster player's name, a merge, and the seats of a game
started from the roster or the names of a game added to it (one select each, with a box
for a new name)."""

from __future__ import annotations

from collections.abc import Sequence

from markupsafe import Markup
from wtforms import Form, HiddenField, SelectChoice, SelectField, StringField, TextAreaField
from wtforms.validators import Length, Optional
from wtforms.widgets import HiddenInput

from .. import bidi
from ..dice.forms import dice_game_choices
from ..i18n import plain, say
from ..match_setup import VERSIONS, MatchForm
from ..models import GroupPlayer
from ..rules import DICE_GAMES, PRESETS, Preset, RuleError, Said, said
from ..rules.text import NAME_LENGTH, choice_id, choice_id_or_none
from ..services.groups import Pick
from ..validators import (
    SENT_AS_FILE,
    FormTokenField,
    SheetForm,
    WholeNumberField,
    first_refusal,
    roster_choice,
)
from ..widgets import TextInput

# The select's choice for a name of an added game that is someone new, called as typed.
SOMEONE_NEW = "new"
NAME_BOX = {"autocomplete": "off", "maxlength": NAME_LENGTH}
# Translators: a roster player's name (a form's label).
NAME = said("Name")
GROUP_NAME = said("Group name")
OR_A_NEW_NAME = said("or a new name")
# Translators: a form's label: which game to play.
GAME = said("Game")


def with_names_shown(sentence: Said) -> Markup:
    """A sentence whose values are all names, drawn for a page in its language: each name
    in a <bdi> of its own, as bidi.shown draws it."""
    return say(sentence.message, **{key: bidi.shown(name) for key, name in sentence.values.items()})


def refusal(form: SheetForm) -> RuleError | None:
    """Why a group page's form (validated) was refused, beside the field it is about: a
    choice that is no number, a box sent as a file. None when the CSRF token or a hidden
    field (the version the page was drawn at) is the problem (the form expired), or when
    nothing is."""
    if form.meta.csrf and form.csrf_token.errors:
        return None
    if any(field.errors and getattr(field.widget, "input_type", "") == "hidden" for field in form):
        return None
    return first_refusal(form)


class GroupForm(SheetForm):
    """Start a group: its name, and who plays (more can join later)."""

    name = StringField(
        GROUP_NAME, description=said("Such as Smith family or Tuesday club."), render_kw=NAME_BOX
    )
    players = TextAreaField(
        said("Who plays"),
        description=said("One name a line. More can join later, as they play."),
        render_kw={"rows": 4, "autocomplete": "off"},
    )

    def player_names(self) -> list[str]:
        """The names typed, one a line, blank lines left out."""
        return [line for line in (self.players.data or "").splitlines() if line.strip()]


class GameChoiceForm(Form):
    """Which game to start from the roster: asked by GET, it refits the seats below."""

    game = SelectField(GAME, choices=[SelectChoice(p.name, p.label) for p in PRESETS.values()])
    kind = SelectField(
        GAME, choices=[SelectChoice(kind, g.label) for kind, g in DICE_GAMES.items()]
    )

    @classmethod
    def for_matches(cls, game: str) -> GameChoiceForm:
        """The pinochle games, ``game`` chosen."""
        form = cls(game=game)
        del form.kind
        return form

    @classmethod
    def for_dice(cls, kind: str) -> GameChoiceForm:
        """The dice games, ``kind`` chosen, in the phone's language's order."""
        form = cls(kind=kind)
        form.kind.choices = dice_game_choices()
        del form.game
        return form


def knob_refusal(field, error: RuleError) -> str:
    """A refused house rule in the words its box is labelled with: "target must be at
    least 1" is said "Game to must be at least 1."; in the page's language, as plain text."""
    reason = plain(error.reason)
    for name in (field.short_name, field.short_name.replace("_", " ")):
        if reason.startswith(name + " "):
            reason = plain(field.label.text) + reason[len(name) :]
            break
    reason = reason[:1].upper() + reason[1:]
    return reason if reason.endswith((".", "?", "!")) else reason + "."


def match_seat_labels(preset: Preset) -> list[str]:
    """Each seat of a match, as its field is labelled: "Player 1 (team 1)"."""
    if preset.teams:
        return [
            said(
                "Player %(number)s (team %(team)s)", number=seat + 1, team=preset.side_of(seat) + 1
            )
            for seat in range(preset.players)
        ]
    return [said("Player %(number)s", number=seat + 1) for seat in range(preset.players)]


def dice_seat_labels(kind: str) -> list[str]:
    """Each place of a dice game, in playing order, up to the most it takes."""
    return [said("Player %(number)s", number=n + 1) for n in range(DICE_GAMES[kind].most_players)]


class LinkForm(SheetForm):
    """A game played already, by its edit link pasted in."""

    link = StringField(
        said("The game's edit link"),
        description=said("On the game's page, open Share and copy the edit link."),
        render_kw={"autocomplete": "off", "inputmode": "url"},
    )


class PlayerNameForm(SheetForm):
    """A roster player's name: a new player's, or a new name for one."""

    # Drawn for each roster player on the group's page: WTForms' input with the quicker
    # attribute writer (scorekeeper/widgets.py, the same HTML).
    name = StringField(NAME, render_kw=NAME_BOX, widget=TextInput())
    # What the page showed (RosterVersion): a rename made meanwhile is a conflict.
    version = WholeNumberField(widget=HiddenInput(), validators=[Optional(), VERSIONS])
    drawn = HiddenField(validators=[Optional(), Length(max=NAME_LENGTH)])

    def redraw(self, version: int, name: str) -> None:
        """Draw the form again at the version and name now stored (after a conflict),
        keeping what was typed in it."""
        redraw_version(self, version, name)


# Translators: the first choice of "Ann is the same person as [Pick who]".
PICK_WHO = said("Pick who")


class MergeForm(SheetForm):
    """Two spellings of one person: the one this form is about is the same as ``into``
    (a roster player's id, or None when none was picked)."""

    into = SelectField(
        said("Is the same person as"),
        coerce=roster_choice,
        validators=[Optional()],
        validate_choice=False,
    )

    def offer(self, player: GroupPlayer, roster: Sequence[GroupPlayer]) -> None:
        """Offer every other roster player."""
        # Translators: a select's label: "Ann is the same person as [Pick who]".
        same = said("%(name)s is the same person as", name=player.name)
        self.into.label.text = with_names_shown(same)
        self.into.choices = [SelectChoice("", PICK_WHO)] + [
            SelectChoice(str(other.id), bidi.plain(other.name))
            for other in roster
            if other.id != player.id
        ]

    # The player's version and name as the page showed them (RosterStepForm).
    version = WholeNumberField(widget=HiddenInput(), validators=[Optional(), VERSIONS])
    drawn = HiddenField(validators=[Optional(), Length(max=NAME_LENGTH)])

    def redraw(self, version: int, name: str) -> None:
        """Draw the form again at the version and name now stored (after a conflict)."""
        redraw_version(self, version, name)


class RosterStepForm(SheetForm):
    """Retire a roster player, or bring one back: the version and the name of the player
    the page showed, so a change another phone made meanwhile is a conflict."""

    version = WholeNumberField(widget=HiddenInput(), validators=[Optional(), VERSIONS])
    drawn = HiddenField(validators=[Optional(), Length(max=NAME_LENGTH)])


def roster_forms(player: GroupPlayer, roster: Sequence[GroupPlayer]):
    """A roster player's three forms as the group's page draws them: rename, merge, and
    retire (or bring back), each at the player's version."""
    shown = {"version": player.version, "drawn": player.name}
    prefix = f"p{player.id}"
    rename = PlayerNameForm(formdata=None, prefix=prefix, name=player.name, **shown)
    merge = MergeForm(formdata=None, prefix=prefix, **shown)
    step = RosterStepForm(formdata=None, prefix=prefix, **shown)
    return rename, merge, step


def redraw_version(form: SheetForm, version: int, name: str) -> None:
    """Put the version and name now stored in a posted form's hidden fields (what was
    typed stays): sent again, it knowingly replaces the other phone's change."""
    form.version.data, form.version.raw_data = version, [str(version)]
    form.drawn.data, form.drawn.raw_data = name, [name]


def _roster_choices(players: Sequence[GroupPlayer], blank: str) -> list[SelectChoice]:
    return [SelectChoice("", blank)] + [
        SelectChoice(str(player.id), bidi.plain(player.name)) for player in players
    ]


# What a select sent that no roster player is (a page this site did not draw): an id nobody
# has, so the service says to pick from the roster.
NOBODY = -1


def _pick(choice: str | None, typed: str | None) -> Pick:
    """What a seat (or a name) says: a typed name first, else the roster player chosen."""
    if typed and typed.strip():
        return typed
    if not choice:
        return None
    player = choice_id_or_none(choice)
    return NOBODY if player is None else player


class SeatsForm(SheetForm):
    """A game started from the roster: who sits at each seat (fields ``player_N`` and
    ``new_N``, added by ``seats_form``), and for a match who deals first and, in a
    partnership, the teams' names (``side_names``)."""

    client_token = FormTokenField(
        message=said("This form is out of date: reload the page, then start.")
    )
    # A refused token is said beside the first seat, at the top of the form.
    hidden_errors_beside = "player_0"

    def dealer(self) -> int:
        """Who deals first, by seat (-1 when none was picked: the service says so)."""
        return -1 if self.first_dealer.data is None else self.first_dealer.data

    def picks(self, seats: int) -> list[Pick]:
        """Each seat's roster player id, or the name typed for someone new, or None."""
        return [_pick(self[f"player_{n}"].data, self[f"new_{n}"].data) for n in range(seats)]

    def team_names(self) -> list[str | None]:
        """The teams' names as typed (None for a blank one, or with no teams asked)."""
        if "side_names" not in self:
            return []
        return [entry.data or None for entry in self.side_names]


PICK_A_PLAYER = said("Pick a player")
WHO_DEALS_FIRST = said("Who deals first")


def seats_form(
    players: Sequence[GroupPlayer],
    labels: Sequence[str],
    dealers: bool,
    fresh: bool = False,
    seated: Sequence[GroupPlayer] = (),
    teams: Preset | None = None,
) -> SeatsForm:
    """A SeatsForm with a select of the roster's players and a new-name box per seat
    (``labels``: each seat's label), a dealer choice for a match, and a name box per team
    of a partnership (``teams``: the game). A fresh form starts with ``seated`` in the
    first seats."""

    class Seats(SeatsForm):
        pass

    if teams is not None and teams.teams:
        # The new-match form's own team-name boxes (their length and trimming).
        Seats.side_names = MatchForm.side_names

    for number, label in enumerate(labels):
        setattr(
            Seats,
            f"player_{number}",
            SelectField(
                label,
                choices=_roster_choices(players, PICK_A_PLAYER),
                coerce=str,
                validate_choice=False,
            ),
        )
        setattr(Seats, f"new_{number}", StringField(OR_A_NEW_NAME, render_kw=NAME_BOX))
    if dealers:
        choices = [SelectChoice(str(n), label) for n, label in enumerate(labels)]
        Seats.first_dealer = SelectField(
            WHO_DEALS_FIRST, choices=choices, coerce=choice_id, validate_choice=False
        )
    if fresh:
        picked = {f"player_{n}": str(player.id) for n, player in enumerate(seated)}
        form = Seats(formdata=None, **picked)
    else:
        form = Seats()
    if dealers:
        # Who deals first is asked by the names at the seats, not "Player 3" (app.js
        # renames them as seats change).
        roster = {str(player.id): player.name for player in players}
        for seat, label in enumerate(labels):
            typed = (form[f"new_{seat}"].data or "").strip()
            name = typed or roster.get(form[f"player_{seat}"].data or "")
            shown = bidi.plain(name) if name else label
            form.first_dealer.choices[seat] = SelectChoice(str(seat), shown)
        form.first_dealer.render_kw = {"data-seat-names": ""}
    if "side_names" in form:
        form.side_names.fit(teams.sides)
        for side, entry in enumerate(form.side_names):
            entry.label.text = said("Team %(number)s", number=side + 1)
            entry.render_kw = NAME_BOX
    return form


class NamesForm(LinkForm):
    """A game played already, by its edit link: who each of its names is on the roster
    (fields ``name_N`` and ``new_N``, added by ``names_form``)."""

    link = HiddenField()

    def picks(self, names: Sequence[str]) -> list[Pick]:
        """Each name's roster player id, or the name of someone new (RuleError for a box
        sent as a file)."""
        sent_as_file = self.file_part()
        if sent_as_file is not None:
            raise RuleError(SENT_AS_FILE, field=sent_as_file)
        picks = []
        for number, name in enumerate(names):
            choice, typed = self[f"name_{number}"].data, self[f"new_{number}"].data
            someone_new = choice == SOMEONE_NEW and not (typed and typed.strip())
            picks.append(name if someone_new else _pick(choice, typed))
        return picks


PICK_WHO_THIS_IS = said("Pick who this is")


def names_form(
    players: Sequence[GroupPlayer],
    names: Sequence[str],
    suggested: Sequence[Pick],
    fresh: bool = False,
) -> NamesForm:
    """A NamesForm with, for each of the game's names, a select of the roster (or someone
    new by that name), pre-filled with ``suggested``, and a box for another new name."""

    class Names(NamesForm):
        pass

    defaults = {}
    for number, name in enumerate(names):
        choices = _roster_choices(players, PICK_WHO_THIS_IS)
        choices.append(
            SelectChoice(SOMEONE_NEW, said("Someone new, called %(name)s", name=bidi.plain(name)))
        )
        # Translators: a select's label, its choices "Pick who this is" or a player's name.
        label = with_names_shown(said("“%(name)s” is", name=name))
        field = SelectField(label, choices=choices, coerce=str, validate_choice=False)

        setattr(Names, f"name_{number}", field)
        setattr(Names, f"new_{number}", StringField(OR_A_NEW_NAME, render_kw=NAME_BOX))
        pick = suggested[number]
        defaults[f"name_{number}"] = str(pick) if isinstance(pick, int) else SOMEONE_NEW
    if fresh:
        return Names(formdata=None, **defaults)
    return Names()
