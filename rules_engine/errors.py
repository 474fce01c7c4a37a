"""The one error type the engine raises for input it cannot read."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class DocumentError:
    """One problem in a document: where it is (a JSON path such as ``$.entries[2].pilot``)
    and what is wrong with it."""

    path: str
    message: str

    def __str__(self) -> str:
        return f"{self.path}: {self.message}"


class BadDocument(ValueError):
    """A list, pack or query the engine cannot read; carries every problem found at once."""

    def __init__(self, errors: list[DocumentError] | DocumentError) -> None:
        self.errors: tuple[DocumentError, ...] = (
            (errors,) if isinstance(errors, DocumentError) else tuple(errors)
        )
        super().__init__("; ".join(str(e) for e in self.errors))

    @classmethod
    def at(cls, path: str, message: str) -> BadDocument:
        """A bad document with a single problem at ``path``."""
        return cls(DocumentError(path, message))

    def to_dict(self) -> dict[str, object]:
        return {"error": "bad_document", "errors": [e.__dict__ for e in self.errors]}
