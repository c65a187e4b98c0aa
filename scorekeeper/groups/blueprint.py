"""The groups area's blueprint: routes.py (the group and its roster) and games.py (its
games) both add their routes to it, so neither imports the other."""

from flask import Blueprint

from ..rules import said
from ..sharing import refuse_view_link_writes

bp = Blueprint("groups", __name__, url_prefix="/groups")
# Translators: what a group's view link shows ("it can show the group but not change it").
refuse_view_link_writes(bp, said("the group"))
