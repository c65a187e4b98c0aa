"""Form validators shared by the score sheets."""

from __future__ import annotations

from wtforms.validators import NumberRange, ValidationError

# Past this a typed number is no score but a stuck key; WTForms' own range check would
# fail on it (it turns the number into a float), so it is refused first.
LONGEST_NUMBER = 10**15


class Between(NumberRange):
    """A number range that leaves a blank or non-number to the field's own message, and
    refuses numbers too long to compare."""

    def __call__(self, form, field) -> None:
        if field.data is None:
            return
        if isinstance(field.data, int) and abs(field.data) > LONGEST_NUMBER:
            message = self.message or (
                f"Enter a number from {self.min} to {self.max}."
                if self.min is not None and self.max is not None
                else "That number is too large."
            )
            raise ValidationError(message)
        super().__call__(form, field)
