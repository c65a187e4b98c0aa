"""The site's shell: settings, home page, error pages, the htmx helper and init-db."""

import re
import stat
from pathlib import Path

import pytest
from flask import abort, render_template_string, url_for
from jinja2 import ChoiceLoader, DictLoader
from markupsafe import escape
from sqlalchemy import make_url
from werkzeug.datastructures import MultiDict
from wtforms import Form, IntegerField
from wtforms.validators import InputRequired

from scorekeeper import create_app, htmx

REPO_ROOT = Path(__file__).resolve().parents[1]


def page_text(response):
    """Return the response body with every run of whitespace made one space."""
    return " ".join(response.get_data(as_text=True).split())


def test_home_page_says_what_the_site_does_and_links_to_the_rules_not_the_api(app, client):
    response = client.get("/")

    assert response.status_code == 200
    text = page_text(response)
    assert "Scorekeeper keeps score for pinochle at the kitchen table." in text
    assert (
        "You enter each hand's bid, meld and tricks, and it adds up every side's total"
        " under your table's house rules." in text
    )
    with app.test_request_context():
        rules_url = url_for("main.rules")
    assert f'href="{escape(rules_url)}"' in text
    # The JSON API is for developers: the README shows it, the kitchen table does not.
    assert "/api/" not in text and "JSON" not in text


def test_every_page_the_shell_draws_has_a_description_of_its_own(client):
    descriptions = {}
    for path in ("/", "/rules", "/matches/new", "/dice/new", "/no-such-page"):
        found = re.findall(r'<meta name="description" content="([^"]+)">', client.get(path).text)
        assert len(found) == 1, path
        descriptions[path] = found[0]
    assert len(set(descriptions.values())) == len(descriptions)
    assert "house rules" in descriptions["/"]


@pytest.mark.parametrize("path", ["/", "/no-such-page"])
def test_pages_load_nothing_from_other_hosts(client, path):
    text = client.get(path).get_data(as_text=True)

    assert "http" not in text
    for link in re.findall(r'(?:href|src)="([^"]*)"', text):
        # A link within the page (the skip link's "#main") loads nothing.
        assert link.startswith(("/", "#")) and not link.startswith("//"), link


def test_unknown_page_is_a_friendly_html_404(client):
    response = client.get("/no-such-page")

    assert response.status_code == 404
    assert response.mimetype == "text/html"
    assert "There is nothing at this address." in page_text(response)


def test_unknown_api_address_answers_json_404(client):
    response = client.get("/api/v1/nope")

    assert response.status_code == 404
    assert response.get_json() == {"error": "There is nothing at this address."}


def test_wrong_method_on_a_page_is_a_friendly_405_that_names_the_allowed_ones(client):
    response = client.post("/")

    assert response.status_code == 405
    assert response.mimetype == "text/html"
    assert "GET" in response.headers["Allow"]
    assert "This address does not accept a POST request." in page_text(response)


def test_wrong_method_under_api_keeps_405_with_a_json_body(app, client):
    app.add_url_rule("/api/v1/test-only", "api_test_only", lambda: {"ok": True})

    response = client.delete("/api/v1/test-only")

    assert response.status_code == 405
    assert "GET" in response.headers["Allow"]
    assert response.get_json() == {"error": "This address does not accept a DELETE request."}


def test_a_description_given_to_abort_reaches_the_reader(app, client):
    app.add_url_rule("/api/v1/test-only", "api_test_only", lambda: abort(404, "No match 7."))

    response = client.get("/api/v1/test-only")

    assert response.status_code == 404
    assert response.get_json() == {"error": "No match 7."}


@pytest.mark.parametrize("path", ["/test-only", "/api/v1/test-only"])
def test_a_crash_is_a_500_that_says_so_plainly(app, client, path):
    app.config["PROPAGATE_EXCEPTIONS"] = False

    def crash():
        raise RuntimeError("a bug")

    app.add_url_rule(path, "crash", crash)

    response = client.get(path)

    assert response.status_code == 500
    sentence = "Something went wrong on our side; please try again."
    if path.startswith("/api/"):
        assert response.get_json() == {"error": sentence}
    else:
        assert sentence in page_text(response)
        assert "a bug" not in page_text(response)


def test_a_form_posted_without_its_csrf_token_is_refused(app, client):
    app.add_url_rule("/test-only", "form", lambda: "stored", methods=["POST"])

    response = client.post("/test-only", data={"bid": "250"})

    assert response.status_code == 400
    assert response.mimetype == "text/html"
    assert "The CSRF token is missing." in page_text(response)


def test_secret_key_is_generated_once_into_the_instance_folder(tmp_path, monkeypatch):
    monkeypatch.delenv("SECRET_KEY", raising=False)
    config = {"INSTANCE_PATH": tmp_path / "instance", "SQLALCHEMY_DATABASE_URI": "sqlite://"}

    first_key = create_app(config).secret_key
    second_key = create_app(config).secret_key

    key_file = tmp_path / "instance" / "secret_key"
    assert re.fullmatch(r"[0-9a-f]{64}", first_key)
    assert second_key == first_key
    assert key_file.read_text().strip() == first_key
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600


def test_secret_key_from_the_environment_wins_and_nothing_is_written(tmp_path, monkeypatch):
    monkeypatch.setenv("SECRET_KEY", "from-the-environment")

    app = create_app({"INSTANCE_PATH": tmp_path, "SQLALCHEMY_DATABASE_URI": "sqlite://"})

    assert app.secret_key == "from-the-environment"
    assert not (tmp_path / "secret_key").exists()


def test_database_url_from_the_environment_is_used(tmp_path, monkeypatch):
    database_url = f"sqlite:///{tmp_path / 'elsewhere.sqlite3'}"
    monkeypatch.setenv("DATABASE_URL", database_url)

    app = create_app({"INSTANCE_PATH": tmp_path, "SECRET_KEY": "test"})

    assert app.config["SQLALCHEMY_DATABASE_URI"] == database_url


def test_database_defaults_to_sqlite_in_the_instance_folder(tmp_path, monkeypatch):
    monkeypatch.delenv("DATABASE_URL", raising=False)

    app = create_app({"INSTANCE_PATH": tmp_path, "SECRET_KEY": "test"})

    expected = f"sqlite:///{tmp_path / 'scorekeeper.sqlite3'}"
    assert app.config["SQLALCHEMY_DATABASE_URI"] == expected


def test_instance_folder_is_the_repository_instance_folder_by_default():
    app = create_app({"SECRET_KEY": "test", "SQLALCHEMY_DATABASE_URI": "sqlite://"})

    assert Path(app.instance_path) == REPO_ROOT / "instance"


def test_init_db_creates_the_database_and_says_where(app, tmp_path):
    result = app.test_cli_runner().invoke(args=["init-db"])

    assert result.exit_code == 0, result.output
    url = make_url(app.config["SQLALCHEMY_DATABASE_URI"]).render_as_string(hide_password=True)
    assert result.output == f"Database ready: {url}\n"


@pytest.fixture
def htmx_client(app):
    """A client for a test URL answered with htmx.render(page, partial)."""
    templates = {
        "test/page.html": "page around {% include 'test/_partial.html' %}",
        "test/_partial.html": "partial",
    }
    app.jinja_loader = ChoiceLoader([DictLoader(templates), app.jinja_loader])
    app.add_url_rule(
        "/test-only",
        "htmx_test",
        lambda: htmx.render("test/page.html", "test/_partial.html"),
    )
    return app.test_client()


@pytest.mark.parametrize(
    ("headers", "body"),
    [
        ({}, "page around partial"),
        ({"HX-Request": "true"}, "partial"),
        ({"HX-Request": "true", "HX-Boosted": "true"}, "page around partial"),
    ],
)
def test_htmx_fragment_requests_get_the_partial_and_others_the_page(htmx_client, headers, body):
    response = htmx_client.get("/test-only", headers=headers)

    assert response.get_data(as_text=True) == body
    assert "HX-Request" in response.vary


class BidForm(Form):
    bid = IntegerField("Bid", validators=[InputRequired()])


RENDER_BID = '{% from "macros/forms.html" import render_field %}{{ render_field(form.bid) }}'


def test_render_field_ties_an_error_to_its_input(app):
    form = BidForm(MultiDict())
    form.validate()

    with app.test_request_context():
        html = render_template_string(RENDER_BID, form=form)

    assert '<label for="bid">Bid</label>' in html
    assert 'aria-invalid="true"' in html
    assert 'aria-describedby="bid-error"' in html
    assert '<p id="bid-error" role="alert">This field is required.</p>' in html


def test_render_field_without_an_error_has_no_error_markup(app):
    form = BidForm(MultiDict({"bid": "250"}))
    form.validate()

    with app.test_request_context():
        html = render_template_string(RENDER_BID, form=form)

    assert 'value="250"' in html
    assert "aria-invalid" not in html
    assert "aria-describedby" not in html
    assert "role=" not in html
