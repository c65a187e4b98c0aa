"""Saved rule sets' views: save the new-match form's house rules under a name, and a rule
set's own page (use it, keep it on this phone, share it, change it)."""
