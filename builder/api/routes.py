"""Routes of the API's own: the OpenAPI document."""

from django.urls import path

from builder.api.views import SchemaApi

urlpatterns = [
    path("schema/", SchemaApi.as_view(), name="schema"),
]
