"""URL routes: the site, the accounts pages, the admin and the versioned API."""

from django.contrib import admin
from django.urls import include, path

from builder.web.views.site import favicon

# Every app's admin.py, loaded here rather than at start-up (builder/core/admin_config.py).
admin.autodiscover()
admin.site.site_header = "Muster catalogue"
admin.site.site_title = "Muster"
admin.site.index_title = "Catalogue and content packs"

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/v1/", include("builder.api_urls", namespace="api")),
    path("api/", include("builder.api.docs_urls")),
    path("accounts/", include("builder.web.accounts_urls")),
    path("favicon.ico", favicon, name="favicon"),
    path("", include("builder.web.urls")),
]

# Django's own error answers: the API's error shape under /api/, the usual pages elsewhere.
handler400 = "builder.api.views.bad_request"
handler403 = "builder.api.views.permission_denied"
handler404 = "builder.api.views.page_not_found"
handler500 = "builder.api.views.server_error"
