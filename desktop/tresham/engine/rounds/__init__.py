"""Rounds: stock rounds and operating rounds, each a sequence of turns that accept actions."""
