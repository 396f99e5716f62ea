"""Bots for the climbing games (rules §12, §13)."""
