"""A player's collection under /api/v1/."""

from django.urls import path

from builder.collections import apis

urlpatterns = [
    path("collection/", apis.CollectionListCreateApi.as_view(), name="collection-list"),
    path("collection/fielding/", apis.CollectionFieldingApi.as_view(), name="collection-fielding"),
    path("collection/<int:item_id>/", apis.CollectionItemApi.as_view(), name="collection-item"),
]
