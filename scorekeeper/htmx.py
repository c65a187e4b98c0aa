"""Answer htmx requests with a fragment and every other request with the whole page.

A page template includes its partial, so both answers come from the same markup.
"""

from flask import Response, make_response, render_template, request

# How a page follows its match or game (the #live poller): it asks whether the version it
# shows is still the newest twice a second, and at once when the phone is back online or
# its screen is shown again. Every 2 s a save reached the followers in 2.2 s at the 95th
# percentile; a push would hold a gunicorn thread per follower (bench/live.py, README).
LIVE_POLL = "every 500ms, online from:window, visibilitychange from:document"


def is_partial() -> bool:
    """Return True when htmx asked for a fragment: an htmx request that is not boosted."""
    # A boosted link or form loads a whole page, so it gets the page template.
    return "HX-Request" in request.headers and "HX-Boosted" not in request.headers


def render(page: str, partial: str, **context) -> Response:
    """Render `partial` for htmx fragment requests and `page` otherwise."""
    template = partial if is_partial() else page
    response = make_response(render_template(template, **context))
    # One URL, two bodies: caches must keep them apart.
    response.vary.add("HX-Request")
    return response
