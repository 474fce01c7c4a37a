"""Pulling signed pack versions from another Muster's registry, all or nothing.

A site subscribes to a publisher by its address and the one public key it trusts (given by
hand, never learnt from the publisher). A pull reads the publisher's registry API, takes
every version newer than the one loaded here (every version of a pack not here) up to the
publisher's published one, and checks each file before anything is written: its signature
by the trusted key, and its SHA-256 against the registry's checksum. Only when every file
of the pull is good are they loaded, with ``pack_load``, in one transaction under the
catalogue's write lock; one problem anywhere and nothing changes. Each problem names the
pack and version (or the address) and what failed, in words.

Downloads use the standard library with a timeout and read at most
``settings.PACK_PULL_MAX_BYTES`` of any answer; only ``http`` and ``https`` addresses, and
only the publisher's own, are followed.
"""

from __future__ import annotations

import hashlib
import http.client
import socket
import urllib.error
import urllib.request
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey
from django.conf import settings
from django.db import transaction
from django.utils import timezone

from content.models import ContentPack, PackSubscription
from content.services.json_safety import parse_json
from content.services.packs import (
    PackLoadError,
    catalogue_write_lock,
    is_version,
    pack_load,
    version_key,
)
from content.signing import (
    PublicKeyError,
    fingerprint,
    public_key_info,
    public_key_parse,
    signature_bytes,
    signature_valid,
)

Progress = Callable[[str], None]
NOTHING = "nothing was loaded"
MAX_PAGES = 100
"""Pages of one registry listing followed at most (200 packs or versions a page)."""


@dataclass(frozen=True)
class PullProblem:
    """What failed, and where: ``cs-aces-core 1.1.0`` or the publisher's address."""

    where: str
    what: str

    def __str__(self) -> str:
        return f"{self.where}: {self.what}"


class PullError(Exception):
    """A pull that loaded nothing; ``problems`` says every reason found."""

    def __init__(self, problems: Sequence[PullProblem]) -> None:
        self.problems = tuple(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


@dataclass
class PullReport:
    publisher: str
    loaded: list[str] = field(default_factory=list)
    """``pack version`` of each version loaded, oldest first."""
    up_to_date: list[str] = field(default_factory=list)

    def summary(self) -> str:
        fresh = f"{len(self.up_to_date)} pack{'s' if len(self.up_to_date) != 1 else ''} up to date"
        if not self.loaded:
            return f"Nothing new from {self.publisher}: {fresh}."
        return f"Loaded {', '.join(self.loaded)} from {self.publisher}; {fresh}."


@dataclass(frozen=True)
class _Wanted:
    pack: str
    version: str
    checksum: str
    file_url: str
    signature_url: str | None
    signed_by: str | None

    @property
    def name(self) -> str:
        return f"{self.pack} {self.version}"


def _refusal(where: str, what: str) -> PullError:
    return PullError([PullProblem(where, f"{what}; {NOTHING}")])


def publisher_root(url: str) -> str:
    """The publisher's site address, from its root or its registry's API address.

    Raises:
        PullError: not an ``http`` or ``https`` address with a host.
    """
    text = (url or "").strip()
    parts = urlsplit(text)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise _refusal(
            text or "(no address)",
            "not a site address: give the publisher's http:// or https:// address",
        )
    path = parts.path.rstrip("/")
    for suffix in ("/api/v1/packs", "/api/v1", "/packs"):
        path = path.removesuffix(suffix)
    return f"{parts.scheme}://{parts.netloc}{path}"


class _RedirectWithinHttp(urllib.request.HTTPRedirectHandler):
    """Redirects are followed only to ``http`` and ``https`` addresses."""

    def redirect_request(
        self, req: Any, fp: Any, code: Any, msg: Any, headers: Any, newurl: str
    ) -> Any:
        if urlsplit(newurl).scheme not in ("http", "https"):
            raise urllib.error.HTTPError(newurl, code, "redirect outside http", headers, fp)
        return super().redirect_request(req, fp, code, msg, headers, newurl)


class _Publisher:
    """The publisher's registry, read over HTTP with a timeout and a size bound."""

    def __init__(self, root: str, timeout: float, max_bytes: int, say: Progress) -> None:
        self.root = root
        self.origin = urlsplit(root)[:2]
        self.timeout = timeout
        self.max_bytes = max_bytes
        self.say = say
        self.opener = urllib.request.build_opener(_RedirectWithinHttp())

    def own(self, url: Any, where: str) -> str:
        """``url`` from an answer, if it is an address of the publisher's own site."""
        if not isinstance(url, str) or urlsplit(url)[:2] != self.origin:
            raise _refusal(
                where,
                f"the registry's answer names {str(url)[:200]!r}, not an address of "
                f"{self.root}: not a Muster registry's answer",
            )
        return url

    def get(self, url: str, where: str) -> bytes:
        request = urllib.request.Request(url, headers={"Accept": "application/json, */*"})
        try:
            with self.opener.open(request, timeout=self.timeout) as answer:
                body: bytes = answer.read(self.max_bytes + 1)
        except urllib.error.HTTPError as exc:
            raise _refusal(where, f"{url} answered {exc.code} {exc.reason}") from exc
        except urllib.error.URLError as exc:
            raise _refusal(where, f"cannot reach {self.root}: {_reason(exc.reason)}") from exc
        except TimeoutError as exc:
            raise _refusal(
                where, f"cannot reach {self.root}: no answer within {self.timeout:g} s"
            ) from exc
        except (http.client.HTTPException, OSError) as exc:
            raise _refusal(where, f"cannot read {url}: {_reason(exc)}") from exc
        if len(body) > self.max_bytes:
            raise _refusal(where, f"{url} is larger than the limit of {self.max_bytes:,} bytes")
        return body

    def json(self, url: str, where: str) -> Any:
        value, errors = parse_json(self.get(url, where), max_bytes=self.max_bytes)
        if errors:
            raise _refusal(where, f"the answer at {url} is not JSON a registry sends ({errors[0]})")
        return value

    def pages(self, url: str, where: str) -> list[dict[str, Any]]:
        """Every item of a paged listing, following ``next``."""
        items: list[dict[str, Any]] = []
        next_url: str | None = url
        for _ in range(MAX_PAGES):
            if next_url is None:
                return items
            page = self.json(next_url, where)
            results = page.get("results") if isinstance(page, dict) else None
            if not isinstance(results, list) or not all(isinstance(r, dict) for r in results):
                raise _refusal(where, f"the answer at {next_url} is not a page of results")
            items += results
            following = page.get("next")
            next_url = None if following is None else self.own(following, where)
        raise _refusal(where, f"{url} runs to more than {MAX_PAGES} pages")


def _reason(reason: Any) -> str:
    if isinstance(reason, ConnectionRefusedError):
        return "the connection was refused (is the site running, on that port?)"
    if isinstance(reason, TimeoutError | socket.timeout):
        return "no answer in time"
    if isinstance(reason, socket.gaierror):
        return "no such host"
    return str(getattr(reason, "strerror", None) or reason)[:200]


def _text(item: dict[str, Any], key: str, where: str, url: str) -> str:
    value = item.get(key)
    if not isinstance(value, str) or not value:
        raise _refusal(where, f"the answer at {url} has no {key} (not a Muster registry's answer)")
    return value


def _check_key(publisher: _Publisher, trusted: str) -> None:
    url = f"{publisher.root}/api/v1/signing-key/"
    answer = publisher.json(url, publisher.root)
    if not isinstance(answer, dict) or not isinstance(answer.get("signed"), bool):
        raise _refusal(publisher.root, f"the answer at {url} is not a registry's signing key")
    if not answer["signed"]:
        raise _refusal(
            publisher.root,
            "the publisher signs nothing (its registry says unsigned): it needs a signing "
            "key (manage.py signingkey, then manage.py signpacks)",
        )
    theirs = answer.get("fingerprint")
    if theirs != trusted:
        raise _refusal(
            publisher.root,
            f"unknown key: the publisher signs with the key {str(theirs)[:64]}, not the "
            f"trusted key {trusted}",
        )


def _versions_wanted(
    publisher: _Publisher, item: dict[str, Any], report: PullReport
) -> list[_Wanted]:
    """The versions of one of the publisher's packs this site lacks, oldest first."""
    where = publisher.root
    pack_id = _text(item, "id", where, "the pack list")
    published = _text(item, "version", pack_id, "the pack list")
    if not is_version(published):
        raise _refusal(
            pack_id, f"the publisher's version {published[:40]!r} is not MAJOR.MINOR.PATCH"
        )
    versions_url = publisher.own(item.get("versions_url"), pack_id)
    rows = {}
    for row in publisher.pages(versions_url, pack_id):
        version = _text(row, "version", pack_id, versions_url)
        if is_version(version):
            rows[version] = row
    if published not in rows:
        raise _refusal(pack_id, f"the publisher lists no version {published} among its versions")
    local = ContentPack.objects.filter(pack_id=pack_id).first()
    if local is not None:
        here = f"{pack_id} {published}"
        if version_key(published) < version_key(local.version):
            raise _refusal(
                here,
                f"the publisher's version is older than the {local.version} loaded here; "
                "a pull never goes back",
            )
        mine = rows.get(local.version)
        if mine is not None and mine.get("checksum") != local.checksum:
            raise _refusal(
                f"{pack_id} {local.version}",
                "the publisher's file is not the one loaded here (their SHA-256 "
                f"{str(mine.get('checksum'))[:64]}, ours {local.checksum}): the sites' "
                "packs have gone apart",
            )
        if published == local.version:
            report.up_to_date.append(pack_id)
            return []
    newer = sorted(
        (
            v
            for v in rows
            if version_key(v) <= version_key(published)
            and (local is None or version_key(v) > version_key(local.version))
        ),
        key=version_key,
    )
    wanted = []
    for version in newer:
        row, name = rows[version], f"{pack_id} {version}"
        signature_url = row.get("signature_url")
        wanted.append(
            _Wanted(
                pack=pack_id,
                version=version,
                checksum=_text(row, "checksum", name, versions_url),
                file_url=publisher.own(row.get("file_url"), name),
                signature_url=None if signature_url is None else publisher.own(signature_url, name),
                signed_by=row.get("signed_by") if isinstance(row.get("signed_by"), str) else None,
            )
        )
    return wanted


def _verified(
    publisher: _Publisher, wanted: _Wanted, key: Ed25519PublicKey, trusted: str
) -> tuple[dict[str, Any] | None, list[PullProblem]]:
    """The version's document when its file is signed by the trusted key and hashes to the
    registry's checksum; else why not."""
    name = wanted.name
    if wanted.signature_url is None:
        return None, [PullProblem(name, "unsigned: the publisher has not signed this version")]
    if wanted.signed_by != trusted:
        return None, [
            PullProblem(
                name,
                f"signed by another key ({str(wanted.signed_by)[:64]}), not the trusted key "
                f"{trusted}",
            )
        ]
    publisher.say(f"downloading {name}")
    content = publisher.get(wanted.file_url, name)
    answer = publisher.json(wanted.signature_url, name)
    signature = signature_bytes(answer.get("signature", "") if isinstance(answer, dict) else "")
    problems = []
    if signature is None:
        problems.append(PullProblem(name, "the publisher's signature is not 64 bytes of base64"))
    elif not signature_valid(content, signature, key):
        problems.append(
            PullProblem(
                name,
                "the signature does not match the file: it was changed after it was signed, "
                "or signed by another key",
            )
        )
    digest = hashlib.sha256(content).hexdigest()
    if digest != wanted.checksum:
        problems.append(
            PullProblem(
                name,
                f"checksum mismatch: the file's SHA-256 is {digest}, the registry says "
                f"{wanted.checksum[:64]}",
            )
        )
    if problems:
        return None, problems
    doc, errors = parse_json(content, max_bytes=publisher.max_bytes)
    if errors:
        return None, [PullProblem(name, f"the file is not a pack: {errors[0]}")]
    if not isinstance(doc, dict) or (doc.get("id"), doc.get("version")) != (
        wanted.pack,
        wanted.version,
    ):
        return None, [PullProblem(name, "the file holds another pack or version")]
    return doc, []


def pack_pull(
    *,
    url: str,
    key: Ed25519PublicKey,
    actor: str = "",
    progress: Progress | None = None,
    timeout: float | None = None,
    max_bytes: int | None = None,
) -> PullReport:
    """Pull every new version of the publisher at ``url`` signed by ``key``, all or nothing.

    Raises:
        PullError: each problem found (an unreachable site, an unknown key, a tampered file,
            a checksum mismatch, a version older than the one loaded, a malformed answer,
            a version the loader refuses); nothing was written.
    """
    say = progress or (lambda _line: None)
    root = publisher_root(url)
    publisher = _Publisher(
        root,
        timeout=float(timeout if timeout is not None else settings.PACK_PULL_TIMEOUT),
        max_bytes=int(max_bytes if max_bytes is not None else settings.PACK_PULL_MAX_BYTES),
        say=say,
    )
    trusted = fingerprint(key)
    _check_key(publisher, trusted)
    report = PullReport(publisher=root)
    packs = publisher.pages(f"{root}/api/v1/packs/?page_size=200", root)
    plan = [_versions_wanted(publisher, item, report) for item in packs]
    problems: list[PullProblem] = []
    documents: list[list[tuple[str, dict[str, Any], _Wanted]]] = []
    for wanted_versions in plan:
        docs = []
        for wanted in wanted_versions:
            doc, found = _verified(publisher, wanted, key, trusted)
            problems += found
            if doc is not None:
                docs.append((f"{wanted.name} from {root}", doc, wanted))
        documents.append(docs)
    if problems:
        raise PullError([PullProblem(p.where, f"{p.what}; {NOTHING}") for p in problems])
    if any(documents):
        _load(documents, f"{actor} from {root}".strip(), say)
    report.loaded = [w.name for docs in documents for _, _, w in docs]
    return report


def _load(
    documents: list[list[tuple[str, dict[str, Any], _Wanted]]], actor: str, say: Progress
) -> None:
    """Load the checked files in rounds (each pack's next version, every pack together, so
    packs of one system that name each other's new records load as one), in one transaction."""
    rounds = max(len(docs) for docs in documents)
    with catalogue_write_lock():
        for i in range(rounds):
            batch = [docs[i] for docs in documents if len(docs) > i]
            try:
                pack_load(documents=[(n, d) for n, d, _ in batch], progress=say, actor=actor)
            except PackLoadError as exc:
                raise PullError(
                    [PullProblem(e.file, f"{e.error}; {NOTHING}") for e in exc.errors]
                ) from exc
            stored = dict(
                ContentPack.objects.filter(pack_id__in=[w.pack for _, _, w in batch]).values_list(
                    "pack_id", "checksum"
                )
            )
            for _, _, wanted in batch:
                if stored.get(wanted.pack) != wanted.checksum:
                    raise _refusal(
                        wanted.name,
                        "loaded here it hashes to another checksum than the publisher's",
                    )


# Subscriptions --------------------------------------------------------------------------------


def subscription_save(*, url: str, key_text: str, added_by: str = "") -> PackSubscription:
    """Subscribe to a publisher (or change the key trusted for it).

    Raises:
        PullError: the address is not a site address.
        PublicKeyError: the key is not an Ed25519 public key.
        ValidationError: the address is too long for the column.
    """
    root = publisher_root(url)
    info = public_key_info(public_key_parse(key_text))
    subscription = PackSubscription.objects.filter(url=root).first() or PackSubscription(url=root)
    subscription.public_key, subscription.fingerprint = info.raw, info.fingerprint
    subscription.added_by = subscription.added_by or added_by[:150]
    subscription.full_clean()
    with transaction.atomic():
        subscription.save()
    return subscription


def subscription_pull(
    *, subscription: PackSubscription, actor: str = "", progress: Progress | None = None
) -> PullReport:
    """Pull from a saved subscription and record when, and what came of it, in words.

    Raises:
        PullError: as ``pack_pull``; the subscription still records the failure.
    """
    try:
        key = public_key_parse(subscription.public_key)
        report = pack_pull(url=subscription.url, key=key, actor=actor, progress=progress)
    except PublicKeyError as exc:
        _record(subscription, ok=False, result=f"The trusted key is not usable: {exc}")
        raise _refusal(subscription.url, f"the trusted key is not usable: {exc}") from exc
    except PullError as exc:
        _record(subscription, ok=False, result="\n".join(str(p) for p in exc.problems))
        raise
    _record(subscription, ok=True, result=report.summary())
    return report


def _record(subscription: PackSubscription, *, ok: bool, result: str) -> None:
    subscription.last_pulled_at = timezone.now()
    subscription.last_ok = ok
    subscription.last_result = result
    with transaction.atomic():
        subscription.save(update_fields=["last_pulled_at", "last_ok", "last_result"])
