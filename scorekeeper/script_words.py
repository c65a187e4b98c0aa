"""The words the site's scripts write into a page (static/*.js), in the phone's language.

A script writes its English through ``say("Hand %(number)s", {number: 3})`` or
``sayPlural(one, many, count, values)`` (app.js). A page in another language carries this
request's translations of these messages as a JSON block (base.html), read by ``say``; an
English page carries none and the scripts write their own English. The messages are listed
here so that `make messages` collects them like the templates' (tests/test_languages.py
checks that every message a script says is listed, and that each is translated).
"""

from __future__ import annotations

from .i18n import Words, words_now


def for_script(message: str) -> str:
    """A message a script says (its placeholders filled in by the script)."""
    return message


def for_script_plural(singular: str, plural: str) -> tuple[str, str]:
    """A message a script says in the form that follows a number (``%(num)s``)."""
    return singular, plural


SAID = (
    # app.js: Share, where nothing shares, copies the link.
    for_script("Link copied: paste it into a message."),
    for_script("Could not share from here: press and hold the link below to copy it."),
    # share_result.js
    for_script("Could not share from here: the picture is downloaded instead."),
    # trust.js: the status line and what waits to be sent.
    for_script("Online"),
    for_script("Offline: saves are kept on this phone"),
    for_script("waiting to send: %(count)s (%(which)s)"),
    for_script("Hand %(number)s"),
    for_script("Hands %(first)s–%(last)s"),
    for_script(
        "The server could not store this just now; it is kept on this phone and sent again."
    ),
    # trust_match.js: a hand kept on the phone, drawn in the ledger until it is sent.
    for_script("Nines redeal"),
    for_script("All passed: %(dealer)s stuck"),
    for_script("%(bidder)s bid %(bid)s"),
    for_script("thrown in"),
    for_script("forfeit"),
    for_script("waiting to send"),
    for_script("meld %(points)s"),
    for_script("tricks %(points)s"),
    for_script("Hand %(number)s · points counted when back online"),
    for_script("Hand %(number)s · %(dealer)s dealt · points counted when back online"),
    for_script("Hands waiting to be sent"),
    for_script("%(player)s deals next"),
    for_script_plural(
        "%(num)s waiting hand counted when back online",
        "%(num)s waiting hands counted when back online",
    ),
    # trust_dice.js: a turn kept on the phone.
    for_script("%(player)s's turn"),
    for_script("A turn"),
    for_script("A change"),
    for_script("%(turn)s: kept on this phone, to be sent when the network is back."),
    for_script(
        "No network: choose %(player)s's box for %(dice)s. It is scored when the turn is sent."
    ),
    for_script("Score these dice in %(box)s when back online"),
    for_script("Enter %(player)s's dice."),
    for_script("Enter the next dice."),
    # dice_form.js: the pinned line over the dice being typed.
    for_script("· scoring…"),
    for_script_plural("· %(num)s more die", "· %(num)s more dice"),
    for_script("· more than %(size)s dice"),
    for_script("· no network: tap a box on the card"),
    for_script("Total %(total)s"),
    # hand_form.js: the card taps of "count meld from cards".
    for_script("Add the %(card)s to %(whose)s"),
    for_script("Take out the last card of %(whose)s"),
    # meld.js: the meld calculator's grid and pinned line.
    for_script("%(card)s, %(held)s in hand"),
    for_script("Add the %(card)s"),
    for_script("%(card)s; no more can be added"),
    for_script("Take out one %(card)s (%(held)s in hand)"),
    for_script_plural("%(num)s card read", "%(num)s cards read"),
    for_script("%(count)s of %(sizes)s cards"),
    for_script("%(cards)s: not counted until the cards are fixed."),
    for_script("%(cards)s: a partial hand, counted as it is."),
    # Translators: the count of cards in a hand, then a full stop.
    for_script("%(cards)s."),
    for_script("Clear"),
    for_script_plural("%(num)s card", "%(num)s cards"),
    for_script("· counting…"),
)


def _translated(words: Words) -> dict[str, str | list[str]]:
    """Each message in ``words``' language: a plural's two forms as a list."""
    said: dict[str, str | list[str]] = {}
    for message in SAID:
        if isinstance(message, tuple):
            singular, plural = message
            said[singular] = [
                words.translations.ungettext(singular, plural, 1),
                words.translations.ungettext(singular, plural, 2),
            ]
        else:
            said[message] = words.translations.ugettext(message)
    return said


def script_words() -> dict[str, str | list[str]] | None:
    """The scripts' words in this request's language, worked out once per language; None
    in English (the scripts write their own)."""
    words = words_now()
    if words.code == "en":
        return None
    if words.script is None:
        words.script = _translated(words)
    return words.script
