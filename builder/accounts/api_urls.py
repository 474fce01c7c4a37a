"""Accounts and personal tokens under /api/v1/."""

from django.urls import path

from builder.accounts import apis

urlpatterns = [
    path("auth/signup/", apis.SignupApi.as_view(), name="auth-signup"),
    path("auth/login/", apis.LoginApi.as_view(), name="auth-login"),
    path("auth/logout/", apis.LogoutApi.as_view(), name="auth-logout"),
    path("auth/me/", apis.MeApi.as_view(), name="auth-me"),
    path("auth/password/change/", apis.PasswordChangeApi.as_view(), name="auth-password-change"),
    path("auth/password/reset/", apis.PasswordResetApi.as_view(), name="auth-password-reset"),
    path(
        "auth/password/reset/confirm/",
        apis.PasswordResetConfirmApi.as_view(),
        name="auth-password-reset-confirm",
    ),
    path("tokens/", apis.TokenListCreateApi.as_view(), name="token-list"),
    path("tokens/<int:token_id>/", apis.TokenDetailApi.as_view(), name="token-detail"),
]
