"""The only files a render may read: the project's print stylesheet and fonts.

Its own module because it subclasses WeasyPrint's fetcher, and importing WeasyPrint costs
a second of start-up that only a render should pay (``render`` imports this when it renders).
"""

from __future__ import annotations

import mimetypes
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlparse

from weasyprint.urls import URLFetcher, URLFetcherResponse

from builder.printing.render import PRINT_STATIC


# WeasyPrint ships no type information, so its URLFetcher is Any to mypy.
class ProjectFilesFetcher(URLFetcher):  # type: ignore[misc]
    """Serves files under the print static directory; refuses every other URL."""

    def __init__(self) -> None:
        super().__init__(allowed_protocols={"file"})
        self.refused: list[str] = []

    def fetch(self, url: str, headers: Any = None) -> URLFetcherResponse:
        parsed = urlparse(url)
        path = Path(unquote(parsed.path)).resolve() if parsed.scheme == "file" else None
        if path is None or not path.is_relative_to(PRINT_STATIC) or not path.is_file():
            self.refused.append(url)
            raise ValueError(f"not one of the project's print files: {url}")
        mime = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        if path.suffix == ".ttf":
            mime = "font/ttf"
        return URLFetcherResponse(url, path.read_bytes(), {"Content-Type": mime})
