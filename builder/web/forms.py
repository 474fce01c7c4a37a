"""Forms of the pages: they check shape only; the work is done by services."""

from __future__ import annotations

from typing import Any, cast

from django import forms
from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.models import User


class SignUpForm(UserCreationForm[User]):
    email = forms.EmailField(
        required=False, help_text="Optional: only used to reset a forgotten password."
    )

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username", "email")


class CatalogueFilterForm(forms.Form):
    q = forms.CharField(label="Search", required=False, max_length=100)
    type = forms.ChoiceField(label="Record type", required=False)
    release = forms.ChoiceField(label="Release", required=False)
    kind = forms.ChoiceField(label="Kind", required=False)
    points_min = forms.IntegerField(label="Points from", required=False, min_value=0)
    points_max = forms.IntegerField(label="Points to", required=False, min_value=0)

    def __init__(
        self,
        *args: Any,
        types: list[tuple[str, str]],
        releases: list[tuple[str, str]],
        kinds: list[tuple[str, str]],
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        # ``fields`` holds copies of the fields declared above, typed only as fields.
        for name, blank, options in (
            ("type", "All types", types),
            ("release", "All releases", releases),
            ("kind", "All kinds", kinds),
        ):
            cast(forms.ChoiceField, self.fields[name]).choices = [("", blank), *options]
