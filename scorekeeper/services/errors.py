"""What a service says when it cannot do what it was asked: each maps to one HTTP answer
(in create_app), and each carries a sentence a player can read."""

from __future__ import annotations

from ..rules import said


class ServiceError(Exception):
    """A write or a lookup that cannot go ahead; ``sentence`` says why to a player."""

    status = 400

    def __init__(self, sentence: str) -> None:
        super().__init__(sentence)
        self.sentence = sentence


NOTHING_HERE = said("There is nothing at this address.")


class NotFound(ServiceError):
    """No match or game has this link (the same answer whether or not another exists)."""

    status = 404

    def __init__(self, sentence: str = NOTHING_HERE) -> None:
        super().__init__(sentence)


class Conflict(ServiceError):
    """Another phone changed the game after this form was drawn: nothing was written.

    ``version`` is the version now stored, where a form redrawn with it may save again;
    ``change`` says what the other phone did, when the service knows (a ChangedSince).
    """

    status = 409

    def __init__(self, sentence: str, version: int | None = None, change: object = None) -> None:
        super().__init__(sentence)
        self.version = version
        self.change = change


class GameOver(Conflict):
    """The match or game is won: nothing more can be added to it."""


class AlreadyRecorded(ServiceError):
    """This form was saved already (a double tap): nothing more to do, and no harm done."""

    status = 303


class Refused(ServiceError):
    """A write whose form did not come from this site's page (no version, a token that is
    not one of ours, an expired form): refused, nothing written."""

    status = 422

    def __init__(self, sentence: str, field: str | None = None) -> None:
        super().__init__(sentence)
        self.field = field


class ZeroToConfirm(ServiceError):
    """A sheet game's turn that would score 0 in the box tapped: nothing is stored until
    the player says yes to the zero. ``scored`` is what it would score, ``slot`` the box
    (``2:chance`` in a sheet of columns) the yes must name."""

    status = 200

    def __init__(self, scored: object, slot: str) -> None:
        super().__init__(said("Score 0 there?"))
        self.scored = scored
        self.slot = slot
