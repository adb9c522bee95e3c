from django.contrib import admin
from django.urls import include, path

# Each app owns its routes; the order matters only where prefixes overlap (none do).
APPS_WITH_URLS = [
    "accounts",
    "workspace",
    "agent",
    "a2ui",
    "erp",
    "viz",
    "decks",
    "studio",
    "objects",
]

urlpatterns = [
    path("admin/", admin.site.urls),
    *[path("", include(f"apps.{app}.urls")) for app in APPS_WITH_URLS],
]
