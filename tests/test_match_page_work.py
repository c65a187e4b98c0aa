"""The work a match page costs the site: each piece done once per page, not once per row
or twice per request. (How long it takes is the benchmark's to say: bench/pages.py.)"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.bidi import name_marker, with_names
from tests.helpers.html import read
from tests.helpers.play import match_url, new_match, save_hand
from tests.helpers.queries import count_queries

HAND = {"action": "save", "bidder": 0, "bid": 250, "trump": 0}
HAND.update({"meld-0": 100, "meld-1": 60, "tricks-0": 150, "tricks-1": 100})


def test_the_phone_that_saved_reads_the_match_once_for_its_page_and_its_note(make_site, tmp_path):
    # Every look draws the page (nothing kept), so the two phones' looks compare.
    site = make_site(tmp_path, TESTING=True, WTF_CSRF_ENABLED=False, MATCH_PAGE_CACHE_BYTES=0)
    saver, other = site.test_client(), site.test_client()
    token = new_match(saver, typed={"side_names-0": "Us", "side_names-1": "Them"})
    other.get(match_url(token))
    save_hand(saver, token, HAND)

    noted, with_note = count_queries(site, lambda: saver.get(match_url(token)))
    plain, without_note = count_queries(site, lambda: other.get(match_url(token)))

    assert "Hand 1 saved" in read(noted).text and "Hand 1 saved" not in read(plain).text
    # The note is about the match the page was drawn from: it is not read a second time.
    assert with_note == without_note


names = st.lists(st.text(max_size=12), max_size=4)


@settings(max_examples=200, deadline=None)
@given(names, st.lists(st.text(max_size=40), max_size=6))
def test_one_name_marker_for_many_sentences_marks_each_as_a_new_one_would(names, sentences):
    # A ledger marks every row's sentence with one marker, which keeps each name's <bdi>.
    mark = name_marker(names)
    for sentence in [*sentences, " and ".join(names), " ".join(reversed(names))]:
        assert mark(sentence) == name_marker(names)(sentence) == with_names(sentence, names)
