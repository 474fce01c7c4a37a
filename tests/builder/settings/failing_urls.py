"""A URL whose view fails, to see what a 500 leaves behind."""

from django.http import HttpRequest, HttpResponse
from django.urls import path


def broken(request: HttpRequest) -> HttpResponse:
    raise RuntimeError("the view fell over")


urlpatterns = [path("broken/", broken)]
