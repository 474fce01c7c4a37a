"""A player's collection, and what it can field, under /api/v1/."""

from django.urls import path

from builder.collections import apis

urlpatterns = [
    path("collection/", apis.CollectionListCreateApi.as_view(), name="collection-list"),
    path("collection/fielding/", apis.CollectionFieldingApi.as_view(), name="collection-fielding"),
    path("collection/<int:item_id>/", apis.CollectionItemApi.as_view(), name="collection-item"),
    path(
        "lists/<uuid:list_uuid>/fielding/",
        apis.SavedListFieldingApi.as_view(),
        name="list-fielding",
    ),
]
