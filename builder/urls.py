"""URL routes: the admin and the API schema."""

from django.contrib import admin
from django.urls import path
from drf_spectacular.views import SpectacularAPIView

admin.site.site_header = "Muster catalogue"
admin.site.site_title = "Muster"
admin.site.index_title = "Catalogue and content packs"

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
]
