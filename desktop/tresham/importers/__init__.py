"""Readers of game records from other programs, translated into our setup and actions."""
