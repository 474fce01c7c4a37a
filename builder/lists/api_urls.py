"""Saved lists, sharing and exchange files under /api/v1/."""

from django.urls import path

from builder.lists import apis, price_sheet_apis

urlpatterns = [
    path("lists/", apis.SavedListListCreateApi.as_view(), name="list-list"),
    path("lists/trash/", apis.SavedListTrashApi.as_view(), name="list-trash"),
    path("lists/public/", apis.PublicListsApi.as_view(), name="list-public"),
    path("lists/export/", apis.BackupApi.as_view(), name="list-backup"),
    path("lists/import/", apis.ImportApi.as_view(), name="list-import"),
    path("lists/<uuid:list_uuid>/", apis.SavedListDetailApi.as_view(), name="list-detail"),
    path("lists/<uuid:list_uuid>/rename/", apis.SavedListRenameApi.as_view(), name="list-rename"),
    path(
        "lists/<uuid:list_uuid>/duplicate/",
        apis.SavedListDuplicateApi.as_view(),
        name="list-duplicate",
    ),
    path(
        "lists/<uuid:list_uuid>/restore/", apis.SavedListRestoreApi.as_view(), name="list-restore"
    ),
    path(
        "lists/<uuid:list_uuid>/share-token/",
        apis.SavedListShareTokenApi.as_view(),
        name="list-share-token",
    ),
    path(
        "lists/<uuid:list_uuid>/upgrade/", apis.SavedListUpgradeApi.as_view(), name="list-upgrade"
    ),
    path("lists/<uuid:list_uuid>/export/", apis.SavedListExportApi.as_view(), name="list-export"),
    path("shared/<str:token>/", apis.SharedListApi.as_view(), name="list-shared"),
    path(
        "price-sheets/", price_sheet_apis.PriceSheetListCreateApi.as_view(), name="price-sheet-list"
    ),
    path(
        "price-sheets/import/",
        price_sheet_apis.PriceSheetImportApi.as_view(),
        name="price-sheet-import",
    ),
    path(
        "price-sheets/<uuid:sheet_uuid>/",
        price_sheet_apis.PriceSheetDetailApi.as_view(),
        name="price-sheet-detail",
    ),
    path(
        "price-sheets/<uuid:sheet_uuid>/export/",
        price_sheet_apis.PriceSheetExportApi.as_view(),
        name="price-sheet-export",
    ),
]
