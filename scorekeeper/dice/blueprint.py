"""The dice area's blueprint: routes.py (playing a game) and watching.py (following one)
both add their routes to it, so neither imports the other."""

from flask import Blueprint

bp = Blueprint("dice", __name__, url_prefix="/dice")
