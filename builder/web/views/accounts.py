"""Signing up; the other account pages are Django's auth views with our templates."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from builder.accounts.selectors import api_token_get_for_owner, api_tokens_for_owner
from builder.accounts.services import api_token_create, api_token_revoke
from builder.core.errors import ApplicationError
from builder.web.forms import SignUpForm


def signup(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("web:home")
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return redirect(request.GET.get("next") or "web:home")
    return render(request, "registration/signup.html", {"form": form, "nav": "signup"})


@login_required
def api_tokens(request: HttpRequest) -> HttpResponse:
    """Personal API tokens: name one to make it (its secret is shown once), revoke any."""
    secret = ""
    error = ""
    if request.method == "POST":
        if request.POST.get("revoke"):
            api_token_revoke(
                token=api_token_get_for_owner(user=request.user, token_id=request.POST["revoke"])
            )
            messages.success(request, "Token revoked: it no longer opens the API.")
            return redirect("api-tokens")
        name = request.POST.get("name", "").strip()
        if not name:
            error = "Name the token, e.g. the app that will use it."
        else:
            try:
                _token, secret = api_token_create(owner=request.user, name=name[:100])
            except ApplicationError as exc:
                error = exc.message
    return render(
        request,
        "registration/api_tokens.html",
        {
            "tokens": api_tokens_for_owner(user=request.user),
            "secret": secret,
            "error": error,
            "nav": "account",
        },
    )
