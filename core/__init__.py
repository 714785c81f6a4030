"""Shared infrastructure at the bottom of every layer: nothing here knows
Rikken, events or people, and every app may import it."""
