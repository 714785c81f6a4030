"""``{% shape_lines schedule as lines %}``: a set's shapes in words for the
rules page (``rules/_shapes.html``), so the detail view needs nothing new."""

from django import template

from rules.engine.labels import ShapeLine, shape_lines

register = template.Library()


@register.simple_tag
def active_shape_lines(schedule) -> list[ShapeLine]:
    return shape_lines(schedule) if schedule is not None else []
