"""Spreadsheet settings: how much of a file handed to the admin's figure import is read.

Every limit is checked before a row is imported; a file past one is refused whole with a
message naming the limit (docs/collecting.md, "Limits").
"""

from builder.settings.base import env

# The file as uploaded (CSV or XLSX).
SPREADSHEET_MAX_BYTES = env.int("SPREADSHEET_MAX_BYTES", default=2_000_000)
# An XLSX workbook unpacked (it is a zip archive; its parts are read unpacked).
SPREADSHEET_MAX_UNPACKED_BYTES = env.int("SPREADSHEET_MAX_UNPACKED_BYTES", default=20_000_000)
# Rows below the header. Each row costs a few milliseconds in the preview and again on
# confirming, so 1,000 rows answer within seconds, far inside a web worker's timeout.
SPREADSHEET_MAX_ROWS = env.int("SPREADSHEET_MAX_ROWS", default=1_000)
# Cells in a row (the figure import reads 17 columns).
SPREADSHEET_MAX_COLUMNS = env.int("SPREADSHEET_MAX_COLUMNS", default=100)
# Characters in one cell (a long combat dial takes about 500).
SPREADSHEET_MAX_CELL_CHARS = env.int("SPREADSHEET_MAX_CELL_CHARS", default=2_000)
