"""The builder's option tags write exactly what the template loops they replace wrote:
each loop is kept here as the independent twin the tag is checked against."""

from __future__ import annotations

from django.template import engines
from django.utils.safestring import mark_safe

from builder.games.forms import EntryField

LOOPS = {
    "select_options": (
        '{% for v, label, note in f.options %}<option value="{{ v }}"'
        "{% if v == f.value %} selected{% elif v in f.disabled %} disabled{% endif %}>"
        "{{ label }}{% if note %} ({{ note }}){% endif %}</option>{% endfor %}"
    ),
    "chosen_labels": (
        "{% for v, label, note in f.options %}{% if v in f.value %}<span>{{ label }}</span>"
        "{% endif %}{% endfor %}"
    ),
    "check_boxes e.index": (
        '{% for v, label, note in f.options %}<label><input type="checkbox" '
        'id="e{{ e.index }}-{{ f.name }}-{{ v }}" name="e{{ e.index }}-{{ f.name }}" '
        'value="{{ v }}"{% if v in f.value %} checked{% endif %}> <span>{{ label }} '
        '<small class="muted">{{ note }}</small></span></label>{% endfor %}'
    ),
}

OPTIONS = [
    ("plain", "Plain", ""),
    ("quote", 'Charlotte "Charlie" Steele', "it's 5 pts"),
    ("amp", "Guns & <Ammo>", "not given"),
    (7, 7, 0),
    ("safe", mark_safe("<b>Bold</b>"), None),
]


def rendered(source: str, field: EntryField) -> str:
    template = engines["django"].from_string("{% load builder_fields %}" + source)
    return template.render({"f": field, "e": {"index": 3}})


def test_each_tag_writes_what_its_loop_wrote() -> None:
    fields = [
        EntryField("skills", "Skills", "checks", ["quote", 7], OPTIONS),
        EntryField("weapon", "Weapon", "select", "amp", OPTIONS, disabled=["plain", "safe"]),
        EntryField("weapon", "Weapon", "select", None, OPTIONS),
        EntryField("upgrades", "Upgrades", "checks", [], []),
    ]
    for field in fields:
        for tag, loop in LOOPS.items():
            assert rendered("{% " + tag + " f %}", field) == rendered(loop, field)


def test_a_select_marks_the_chosen_and_the_refused_in_words() -> None:
    field = EntryField("weapon", "Weapon", "select", "amp", OPTIONS[:3], disabled=["plain"])
    assert rendered("{% select_options f %}", field) == (
        '<option value="plain" disabled>Plain</option>'
        '<option value="quote">Charlotte &quot;Charlie&quot; Steele (it&#x27;s 5 pts)</option>'
        '<option value="amp" selected>Guns &amp; &lt;Ammo&gt; (not given)</option>'
    )
