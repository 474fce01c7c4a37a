"""The account pages: the account itself (with its API tokens), sign up, log in and out,
change and reset a password."""

from django.contrib.auth import views as auth_views
from django.urls import path

from builder.web.views import accounts

urlpatterns = [
    path("", accounts.account, name="account"),
    path("signup/", accounts.signup, name="signup"),
    # The tokens' first address, kept for links already given out: the account page.
    path("tokens/", accounts.account, name="api-tokens"),
    path("login/", accounts.LoginView.as_view(), name="login"),
    path("logout/", accounts.LogoutView.as_view(), name="logout"),
    path("password/", accounts.PasswordChangeView.as_view(), name="password_change"),
    path(
        "password/done/", auth_views.PasswordChangeDoneView.as_view(), name="password_change_done"
    ),
    path("password/reset/", accounts.password_reset, name="password_reset"),
    path(
        "password/reset/sent/",
        auth_views.PasswordResetDoneView.as_view(),
        name="password_reset_done",
    ),
    path(
        "password/reset/<uidb64>/<token>/",
        accounts.password_reset_confirm,
        name="password_reset_confirm",
    ),
    path(
        "password/reset/complete/",
        auth_views.PasswordResetCompleteView.as_view(),
        name="password_reset_complete",
    ),
]
