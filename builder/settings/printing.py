"""Printing settings: where PDFs are kept."""
