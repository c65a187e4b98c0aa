"""Reading pages as a browser does: one tree of elements, the forms and what they send.

Built on the standard library's html.parser. ``read`` takes a response (a Flask test
response, or anything with ``get_data``) or the HTML itself, and gives back the document's
root; every question a test asks of a page is a method or a function over that tree.
"""

from __future__ import annotations

from collections.abc import Iterator
from html.parser import HTMLParser

# Elements that never hold anything: no end tag closes them.
VOID_TAGS = frozenset(
    ["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source"]
    + ["track", "wbr"]
)
# Elements a browser draws inside the line: their text runs on with their neighbours'.
INLINE_TAGS = frozenset(
    ["a", "abbr", "b", "bdi", "code", "em", "i", "output", "small", "span", "strong"]
)
# Inputs a browser never sends on its own (a submit button only when it is the one tapped).
NOT_SENT = frozenset(["submit", "button", "reset", "image", "file"])


class Element:
    """One HTML element: its tag, attributes, children (elements and text) and parent."""

    def __init__(self, tag: str, attrs: list[tuple[str, str | None]], parent: Element | None):
        self.tag = tag
        self.attrs = {name: "" if value is None else value for name, value in attrs}
        self.parent = parent
        self.children: list[Element | str] = []

    def __repr__(self) -> str:
        return f"<{self.tag} {self.attrs}>"

    def walk(self) -> Iterator[Element]:
        """This element and every element inside it, in document order."""
        yield self
        for child in self.children:
            if isinstance(child, Element):
                yield from child.walk()

    def all(self, tag: str | None = None, /, **attrs: str) -> list[Element]:
        """Elements with this tag whose attributes hold these values.

        ``class_="x"`` means one of the classes is x; ``for_``, ``data_box`` and the like
        stand for ``for`` and ``data-box``.
        """
        return [
            element
            for element in self.walk()
            if (tag is None or element.tag == tag)
            and all(element.has(name, value) for name, value in attrs.items())
        ]

    def one(self, tag: str | None = None, /, **attrs: str) -> Element | None:
        """The first element ``all`` would find, or None."""
        return next(iter(self.all(tag, **attrs)), None)

    def has(self, name: str, value: str) -> bool:
        """Whether the attribute holds the value (for class: is one of the classes)."""
        name = name.rstrip("_").replace("_", "-")
        if name == "class":
            return value in self.attrs.get("class", "").split()
        return self.attrs.get(name) == value

    def by_id(self, element_id: str) -> Element | None:
        return self.one(id=element_id)

    def ancestors(self) -> Iterator[Element]:
        """The elements this one sits in, nearest first."""
        element = self.parent
        while element is not None:
            yield element
            element = element.parent

    def inside(self, tag: str) -> bool:
        """Whether this element sits inside an element with this tag."""
        return any(element.tag == tag for element in self.ancestors())

    @property
    def elements(self) -> list[Element]:
        """The elements directly inside this one (text left out)."""
        return [child for child in self.children if isinstance(child, Element)]

    @property
    def text(self) -> str:
        """The text a reader sees, with every run of whitespace made one space."""
        return " ".join(self.raw_text().split())

    def raw_text(self) -> str:
        """The text inside as written (block elements set apart by a space)."""
        parts = []
        for child in self.children:
            if isinstance(child, str):
                parts.append(child)
            elif child.tag in INLINE_TAGS:
                parts.append(child.raw_text())
            else:
                parts.append(f" {child.raw_text()} ")
        return "".join(parts)


class _TreeBuilder(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Element("#document", [], None)
        self.open = [self.root]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        element = Element(tag, attrs, self.open[-1])
        self.open[-1].children.append(element)
        if tag not in VOID_TAGS:
            self.open.append(element)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.open[-1].children.append(Element(tag, attrs, self.open[-1]))

    def handle_endtag(self, tag: str) -> None:
        for depth in range(len(self.open) - 1, 0, -1):
            if self.open[depth].tag == tag:
                del self.open[depth:]
                return

    def handle_data(self, data: str) -> None:
        self.open[-1].children.append(data)


def read(page) -> Element:
    """A page (a response, or its HTML as text) as a tree of elements; returns the root."""
    html = page if isinstance(page, str) else page.get_data(as_text=True)
    builder = _TreeBuilder()
    builder.feed(html)
    builder.close()
    return builder.root


def first_element(document: Element) -> Element:
    """The first element of a document (for an htmx fragment, its root)."""
    return document.elements[0]


def answered_as(response, headers, root_id: str) -> Element:
    """A whole page for a plain request, the fragment rooted at ``root_id`` for htmx (and
    ``Vary: HX-Request`` either way); the page or fragment, read."""
    assert "HX-Request" in response.headers.get("Vary", "")
    document = read(response)
    body = response.get_data(as_text=True)
    if headers:
        assert "<html" not in body and "<body" not in body
        assert first_element(document).attrs.get("id") == root_id
    else:
        assert body.lstrip().lower().startswith("<!doctype html>")
        assert document.one("main").by_id(root_id) is not None
    return document


# The language switch at the foot of every page (i18n.py): it sets the phone's own cookie
# and writes nothing of a game, so a view page has it too.
LANGUAGE_SWITCH = "/language"


def game_forms(document: Element) -> list[Element]:
    """The page's forms but the language switch: what could write to a game."""
    return [form for form in document.all("form") if form.attrs.get("action") != LANGUAGE_SWITCH]


def forms_to(document: Element, action: str, /, **attrs: str) -> list[Element]:
    """The post forms whose action is ``action`` (and whose attributes hold ``attrs``)."""
    return [
        form
        for form in document.all("form", method="post", **attrs)
        if form.attrs.get("action") == action
    ]


def form_to(document: Element, action: str, /, **attrs: str) -> Element:
    """The one post form whose action is ``action`` (``attrs`` to tell several apart)."""
    forms = forms_to(document, action, **attrs)
    assert len(forms) == 1, f"expected one form posting to {action}, found {len(forms)}"
    return forms[0]


def form_of(element: Element) -> Element:
    """The form a control or button sits in."""
    return next(parent for parent in element.ancestors() if parent.tag == "form")


def fields_of(form: Element) -> dict[str, str]:
    """What a browser sends for a form as it is drawn (no submit button tapped).

    Hidden inputs included; checked boxes and radio buttons only; a select's selected
    option (else its first); a textarea's text without the newline that may open it.
    """
    fields: dict[str, str] = {}
    for element in form.walk():
        name = element.attrs.get("name")
        if not name or "disabled" in element.attrs:
            continue
        if element.tag == "input":
            kind = element.attrs.get("type", "text").lower()
            if kind in NOT_SENT:
                continue
            if kind in ("checkbox", "radio"):
                if "checked" in element.attrs:
                    fields[name] = element.attrs.get("value", "on")
                continue
            fields[name] = element.attrs.get("value", "")
        elif element.tag == "select":
            options = element.all("option")
            chosen = [option for option in options if "selected" in option.attrs] or options[:1]
            if chosen:
                fields[name] = chosen[0].attrs.get("value", chosen[0].text)
        elif element.tag == "textarea":
            # Browsers read CRLF as LF, and drop the newline that may open a textarea.
            fields[name] = element.raw_text().replace("\r\n", "\n").removeprefix("\n")
    return fields


def filled(form: Element, typed: dict[str, object] | None = None) -> dict[str, str]:
    """What a browser sends after a player types ``typed`` into the form.

    None or False clears a box (or leaves a checkbox unticked); True ticks a checkbox
    (sending its value); anything else is typed as text. Every other field, the hidden
    ones first of all, goes as the page drew it.
    """
    fields = fields_of(form)
    for name, value in (typed or {}).items():
        if value is None or value is False:
            fields.pop(name, None)
        elif value is True:
            box = form.one("input", name=name)
            fields[name] = box.attrs.get("value", "on") if box is not None else "y"
        else:
            fields[name] = str(value)
    return fields


def value_of(form: Element, name: str) -> str | None:
    """The value a text or hidden input of the form shows (None when there is none)."""
    element = form.one("input", name=name)
    return None if element is None else element.attrs.get("value", "")


def checked(form: Element, name: str) -> str | None:
    """The value of the checked radio button of a group (None when none is)."""
    for element in form.all("input", name=name):
        if "checked" in element.attrs:
            return element.attrs.get("value")
    return None


def alerts(document: Element) -> dict[str, str]:
    """Every message shown next to a field: {element id: sentence} (``<name>-error``)."""
    return {
        element.attrs["id"]: element.text
        for element in document.all(role="alert")
        if element.attrs.get("id")
    }


def links(document: Element) -> list[str]:
    """Every link's address, in document order."""
    return [a.attrs["href"] for a in document.all("a") if "href" in a.attrs]


def labelled_controls(form: Element) -> list[tuple[Element, str]]:
    """Every control a player fills in, with the text of its label ('' when it has none)."""
    labels = {label.attrs["for"]: label for label in form.all("label") if label.attrs.get("for")}
    controls = []
    for element in form.walk():
        if element.tag not in ("input", "select", "textarea"):
            continue
        if element.attrs.get("type") in ("hidden", "submit", "button", "reset", "image"):
            continue
        label = labels.get(element.attrs.get("id", "")) or next(
            (parent for parent in element.ancestors() if parent.tag == "label"), None
        )
        shown = label is not None and not any(
            "hidden" in node.attrs or "display:none" in node.attrs.get("style", "").replace(" ", "")
            for node in [label, *label.ancestors()]
        )
        controls.append((element, label.text if shown else ""))
    return controls
