"""The first-visit budget's rows (bench/first_visit.py) fail when a page goes over."""

from bench.first_visit import MOST_BYTES, Fetched, Visit, budget_checks


def fetched(path: str, size: int, kind: str = "script", by_worker: bool = False) -> Fetched:
    return Fetched(f"http://127.0.0.1{path}", 200, kind, "br", size, by_worker)


def visit(page_bytes: int, *, extra_requests: int = 0, later: int = 1) -> Visit:
    responses = [
        fetched("/", page_bytes, "document"),
        fetched("/assets/site.css", 10_000, "stylesheet"),
        fetched("/assets/site.js", 20_000),
        fetched("/assets/icon.svg", 170, "other"),
        *(fetched(f"/extra-{n}", 0) for n in range(extra_requests)),
        fetched("/sw.js", 1_700, by_worker=True),  # the worker's script: its bytes count
        fetched("/", 0, "fetch", by_worker=True),  # its copy, from the browser's cache
    ]
    return Visit("http://127.0.0.1/", tuple(responses), tuple([fetched("/", 1_000)] * later))


def verdicts(checks) -> dict[str, bool]:
    return {check.name.split(": ", 1)[1]: check.ok for check in checks}


def test_a_page_at_the_budget_keeps_it():
    at_budget = MOST_BYTES - 10_000 - 20_000 - 170 - 1_700

    assert verdicts(budget_checks("page", visit(at_budget))) == {
        "bytes, worker included": True,
        "requests before the worker": True,
        "later visit, requests": True,
    }


def test_one_byte_over_fails_and_the_worker_s_script_is_counted():
    over = MOST_BYTES - 10_000 - 20_000 - 170 - 1_700 + 1

    assert verdicts(budget_checks("page", visit(over)))["bytes, worker included"] is False


def test_a_fifth_request_or_a_second_later_request_fails():
    checks = verdicts(budget_checks("page", visit(1_000, extra_requests=1, later=2)))

    assert checks["requests before the worker"] is False
    assert checks["later visit, requests"] is False
