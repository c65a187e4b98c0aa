"""The club night's pages: a night started from New, the host's page that runs it, the
view link and leaderboard everyone follows, table cards to print, and each table's
confirmation of its result (its match page is the ordinary one)."""
