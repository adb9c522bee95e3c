from django.urls import path

from apps.a2ui import views

urlpatterns = [
    path("a2ui/catalog.json", views.catalog, name="a2ui-catalog"),
    path("a2ui/harness/", views.harness, name="a2ui-harness"),
]
