"""The admin's page for sharing packs between sites: subscriptions to other Muster sites'
registries, each with the one public key trusted for it, and a "Pull now" action.

A pull downloads, checks and loads in one go (``content.services.pulling``); the page says
what came of it in words, and each subscription keeps its last result.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest

from content.models import PackSubscription
from content.services.pulling import (
    NOTHING,
    PullError,
    publisher_root,
    subscription_pull,
    subscription_save,
)
from content.signing import PublicKeyError, public_key_info, public_key_parse


class SubscriptionForm(forms.ModelForm[PackSubscription]):
    url = forms.URLField(
        label="Publisher",
        max_length=500,
        assume_scheme="https",
        help_text="The publisher's site address, such as https://muster.example.org",
    )
    public_key = forms.CharField(
        label="Trusted public key",
        widget=forms.Textarea(attrs={"rows": 4, "cols": 70}),
        help_text=(
            "The publisher's Ed25519 public key, as its Content packs page shows it (base64) "
            "or as its signing-key.pem file holds it. Check its fingerprint with the publisher "
            "by another channel than this site: every version must be signed by this key."
        ),
    )

    class Meta:
        model = PackSubscription
        fields = ("url", "public_key")

    def clean_url(self) -> str:
        try:
            return publisher_root(self.cleaned_data["url"])
        except PullError as exc:
            raise forms.ValidationError(exc.problems[0].what.removesuffix(f"; {NOTHING}")) from exc

    def clean_public_key(self) -> str:
        try:
            return public_key_info(public_key_parse(self.cleaned_data["public_key"])).raw
        except PublicKeyError as exc:
            raise forms.ValidationError(str(exc)) from exc


@admin.register(PackSubscription)
class PackSubscriptionAdmin(admin.ModelAdmin[PackSubscription]):
    form = SubscriptionForm
    list_display = ("url", "short_fingerprint", "last_pulled_at", "last_ok", "result")
    readonly_fields = ("fingerprint", "added_by", "added_at", "last_pulled_at", "last_result")
    actions = ("pull_now",)

    @admin.display(description="key fingerprint")
    def short_fingerprint(self, obj: PackSubscription) -> str:
        return f"{obj.fingerprint[:16]}…"

    @admin.display(description="last result")
    def result(self, obj: PackSubscription) -> str:
        first = obj.last_result.splitlines()[0] if obj.last_result else "never pulled"
        more = obj.last_result.count("\n")
        return f"{first} (and {more} more)" if more else first

    def save_model(
        self, request: HttpRequest, obj: PackSubscription, form: Any, change: bool
    ) -> None:
        if change:
            obj.fingerprint = public_key_info(public_key_parse(obj.public_key)).fingerprint
            super().save_model(request, obj, form, change)
            return
        saved = subscription_save(
            url=obj.url, key_text=obj.public_key, added_by=request.user.get_username()
        )
        obj.pk, obj.fingerprint, obj.added_at = saved.pk, saved.fingerprint, saved.added_at

    @admin.action(description="Pull now", permissions=["change"])
    def pull_now(self, request: HttpRequest, queryset: QuerySet[PackSubscription]) -> None:
        actor = f"{request.user.get_username()} (admin)"
        for subscription in queryset:
            try:
                report = subscription_pull(subscription=subscription, actor=actor)
            except PullError as exc:
                lines = "; ".join(str(p) for p in exc.problems)
                self.message_user(
                    request, f"Pull from {subscription.url} failed: {lines}", messages.ERROR
                )
            else:
                self.message_user(request, report.summary(), messages.SUCCESS)
