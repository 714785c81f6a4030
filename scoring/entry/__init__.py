"""Deal entry for the TD: one table-round per screen (views, display, actions)."""
