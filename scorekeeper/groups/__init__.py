"""Groups: a family or a club, its roster and the games it played."""
