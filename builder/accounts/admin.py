"""The admin's user pages, with one change: a password a staff member sets or disables ends
the account's API tokens, as a change or reset by its owner does."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.contrib import admin
from django.contrib.auth.admin import UserAdmin
from django.contrib.auth.forms import AdminPasswordChangeForm
from django.contrib.auth.models import User

from builder.accounts.services import api_tokens_revoke_all

if TYPE_CHECKING:
    _AdminPasswordChangeForm = AdminPasswordChangeForm[User]
else:  # the form takes no type arguments at run time
    _AdminPasswordChangeForm = AdminPasswordChangeForm


class RecoveringPasswordChangeForm(_AdminPasswordChangeForm):
    def save(self, commit: bool = True) -> User:
        user = super().save(commit=commit)
        if commit:
            api_tokens_revoke_all(user=user)
        return user


class MusterUserAdmin(UserAdmin[User]):
    change_password_form = RecoveringPasswordChangeForm


admin.site.unregister(User)
admin.site.register(User, MusterUserAdmin)
