"""``{{ schedule|schedule_name }}``: a schedule's name in the reader's language."""

from django import template

from rules.resolver import schedule_name as name_of

register = template.Library()


@register.filter
def schedule_name(schedule) -> str:
    return name_of(schedule)
