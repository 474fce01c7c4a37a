"""The account pages: signing up and API tokens here; log-in, log-out and passwords are
Django's auth views, with safe redirects, the API's throttle on the public forms, and
password writes through the accounts services (which revoke the user's tokens)."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib import messages
from django.contrib.auth import login, update_session_auth_hash
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import INTERNAL_RESET_SESSION_TOKEN
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.http.response import HttpResponseBase
from django.shortcuts import redirect, render

from builder.accounts.selectors import api_token_get_for_owner, api_tokens_for_owner
from builder.accounts.services import (
    PasswordSet,
    api_token_create,
    api_token_revoke,
    user_password_set,
)
from builder.accounts.throttles import account_attempt_wait
from builder.core.errors import ApplicationError
from builder.core.site import site_email_context
from builder.web.forms import SignUpForm
from builder.web.redirects import allowed_next, safe_next

View = Callable[..., HttpResponseBase]


def throttled_posts(what: str) -> Callable[[View], View]:
    """Count each form sent to the view against the API's ``accounts-auth`` rate; over it,
    answer 429 with a page that says ``what`` was refused and for how long."""

    def decorate(view: View) -> View:
        @wraps(view)
        def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
            if request.method == "POST":
                wait = account_attempt_wait(request=request)
                if wait:
                    return _too_many(request, what=what, wait=wait)
            return view(request, *args, **kwargs)

        return wrapper

    return decorate


def _too_many(request: HttpRequest, *, what: str, wait: int) -> HttpResponse:
    minutes = -(-wait // 60)
    response = render(
        request,
        "registration/throttled.html",
        {"what": what, "minutes": minutes},
        status=429,
    )
    response["Retry-After"] = str(wait)
    return response


@throttled_posts("sign-ups")
def signup(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("web:home")
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return redirect(safe_next(request, "web:home"))
    return render(request, "registration/signup.html", {"form": form, "nav": "signup"})


class SafeNextMixin:
    """Django's ``next`` handling, held to ``allowed_next``: a page of this site or none."""

    request: HttpRequest

    def get_redirect_url(self, request: HttpRequest | None = None) -> str:
        return allowed_next(self.request)


class LoginView(SafeNextMixin, auth_views.LoginView):
    redirect_authenticated_user = True


class LogoutView(SafeNextMixin, auth_views.LogoutView):
    pass


def _password_stored(request: HttpRequest, form: Any, new_password: str) -> PasswordSet | None:
    """Store the password through the service; its refusal becomes the form's error."""
    try:
        done = user_password_set(user=form.user, new_password=new_password)
    except ApplicationError as exc:
        for detail in exc.details or [{"message": exc.message}]:
            form.add_error("new_password2", detail["message"])
        return None
    count = done.tokens_revoked
    if count:
        told = (
            "Your API token was revoked: an app that used it needs a new one."
            if count == 1
            else f"Your {count} API tokens were revoked: apps that used them need new ones."
        )
        messages.info(request, told)
    return done


class PasswordChangeView(auth_views.PasswordChangeView):
    def form_valid(self, form: Any) -> HttpResponse:
        done = _password_stored(self.request, form, form.cleaned_data["new_password1"])
        if done is None:
            return self.form_invalid(form)
        update_session_auth_hash(self.request, done.user)
        return HttpResponseRedirect(self.get_success_url())


class PasswordResetConfirmView(auth_views.PasswordResetConfirmView):
    def form_valid(self, form: Any) -> HttpResponse:
        if _password_stored(self.request, form, form.cleaned_data["new_password1"]) is None:
            return self.form_invalid(form)
        del self.request.session[INTERNAL_RESET_SESSION_TOKEN]
        return HttpResponseRedirect(self.get_success_url())


class PasswordResetView(auth_views.PasswordResetView):
    """The reset mail's link is built from the site's one configured address."""

    def form_valid(self, form: Any) -> HttpResponse:
        self.extra_email_context = {**(self.extra_email_context or {}), **site_email_context()}
        return super().form_valid(form)


password_reset = throttled_posts("password-reset requests")(PasswordResetView.as_view())
password_reset_confirm = throttled_posts("attempts to set a new password")(
    PasswordResetConfirmView.as_view()
)


@login_required
def account(request: HttpRequest) -> HttpResponse:
    """The account page: who is signed in, their API tokens (name one to make it, its
    secret shown once; revoke any), and the ways to change the password or sign out."""
    secret = ""
    error = ""
    if request.method == "POST":
        if request.POST.get("revoke"):
            token = api_token_get_for_owner(user=request.user, token_id=request.POST["revoke"])
            api_token_revoke(token=token)
            messages.success(request, f"Token “{token.name}” revoked: it no longer opens the API.")
            return redirect("account")
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
        "registration/account.html",
        {
            "tokens": api_tokens_for_owner(user=request.user),
            "secret": secret,
            "error": error,
            "nav": "account",
        },
    )
