"""Clubs and tournaments."""
