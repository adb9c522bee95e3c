from django.urls import path

from apps.workspace import api, views

urlpatterns = [
    path("", views.home, name="home"),
    path("healthz", views.healthz, name="healthz"),
    path("threads/new", views.thread_new, name="thread_new"),
    path("threads/<uuid:thread_id>/", views.thread, name="thread"),
    path("threads/<uuid:thread_id>/export", api.thread_export, name="thread_export"),
    path("api/artifacts/<str:artifact_id>/", api.artifact_detail, name="artifact_detail"),
    path("api/artifacts/<str:artifact_id>/csv", api.artifact_csv, name="artifact_csv"),
    path(
        "api/artifacts/<str:artifact_id>/csv/size", api.artifact_csv_size, name="artifact_csv_size"
    ),
    path("api/artifacts/<str:artifact_id>/sql", api.artifact_sql, name="artifact_sql"),
]
