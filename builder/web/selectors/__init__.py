"""Reads the pages need, gathered in few queries."""
