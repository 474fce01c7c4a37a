"""Every record kind reads as a table: archetype profiles and costs with '-' and 'not given'
told apart, range bands across a row, masses by size."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from content.models import RECORD_MODELS, Archetype, MassTable, Weapon
from content.record_display import record_table

pytestmark = pytest.mark.django_db


def cells(html: str) -> list[str]:
    return [
        re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", html)
    ]


COSTED = {
    "qualities": {
        q: {
            "profile": {
                "Mv": 5,
                "Mr": 4,
                "Rg": None,
                "As": 3,
                "Df": 3,
                "S": 2,
                "Av": 1,
                "Dc": 1,
                "In": 2,
            },
            "points": pts,
            "special": [],
        }
        for q, pts in (("green", 10), ("regular", 14), ("veteran", 18))
    },
    "special": [],
    "upgrades": [
        {
            "id": "av-2",
            "name": "Av 2",
            "effect": {"Av": 1},
            "costs": {
                "green": {"pts": 3},
                "regular": {"not_available": True},
                "veteran": {"not_given": True},
            },
            "max": 1,
        }
    ],
    "skills": [
        {
            "skill": "leap",
            "costs": {
                "green": {"not_given": True},
                "regular": {"pts": -5},
                "veteran": {"not_available": True},
            },
            "note": "models with Av 3 or less only",
        }
    ],
    "rules": [{"id": "r", "name": "Mounts", "text": "Bestia may be ridden."}],
}


def test_an_archetype_shows_three_profiles_and_tells_dash_from_not_given():
    html = str(record_table("archetype", COSTED))
    profiles = html.split("muster-profiles")[1].split("</table>")[0]
    assert cells(profiles)[12:24] == [
        "Green",
        "5",
        "4",
        "–",
        "3",
        "3",
        "2",
        "1",
        "1",
        "2",
        "10",
        "–",
    ]
    upgrades = html.split("muster-upgrades")[1].split("</table>")[0]
    assert cells(upgrades)[-6:] == ["Av 2", "3", "–", "not given", "1", ""]
    assert 'class="not-available" title="not available">–' in upgrades
    assert 'class="not-given" title="the book gives no cost">not given' in upgrades
    skills = html.split("muster-skills")[1].split("</table>")[0]
    assert cells(skills)[-5:] == ["leap", "not given", "-5", "–", "models with Av 3 or less only"]
    assert "<dt>Mounts</dt><dd>Bestia may be ridden.</dd>" in html


def test_a_weapon_shows_its_range_bands_across_one_row(loaded_packs):
    weapon = Weapon.objects.filter(system__slug="crimson-dust", data__to_hit__isnull=False).first()
    html = str(record_table("weapon", weapon.data))
    bands = weapon.data["to_hit"]
    row = "".join(f"<th>{band}</th>" for band in bands)
    assert row in html
    values = "".join(f"<td>{'–' if v is None else v}</td>" for v in bands.values())
    assert values in html


def test_a_mass_table_reads_by_size(loaded_packs):
    table = MassTable.objects.filter(data__rows__isnull=False, data__ratings__isnull=False).first()
    html = str(record_table("mass_table", table.data))
    first = table.data["rows"][0]
    expected = f'<tr><th scope="row">{first["size"]}</th>' + "".join(
        f"<td>{m}</td>" for m in first["masses"]
    )
    assert expected in html


def test_every_record_page_shows_a_table_not_raw_json(client, loaded_packs):
    client.force_login(get_user_model().objects.create_superuser("c", "c@example.com", "pw"))
    for model in RECORD_MODELS.values():
        obj = model.objects.first()
        page = client.get(reverse(f"admin:content_{model._meta.model_name}_change", args=(obj.pk,)))
        html = page.content.decode()
        assert "muster-record" in html or "muster-dial" in html, model
    archetype = Archetype.objects.first()
    page = client.get(
        reverse("admin:content_archetype_change", args=(archetype.pk,))
    ).content.decode()
    assert "<caption>Profiles</caption>" in page
