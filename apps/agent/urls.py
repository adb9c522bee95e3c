from django.urls import path

from apps.agent import views

urlpatterns = [
    path("runs/<uuid:run_id>/", views.run_detail, name="run_detail"),
    path("api/ag-ui/", views.agui_run, name="api_agui"),
    path("api/threads", views.thread_create_api, name="api_thread_create"),
    path(
        "api/threads/<uuid:thread_id>/messages",
        views.thread_message_sse,
        name="api_thread_messages",
    ),
    path("api/threads/<uuid:thread_id>/events", views.thread_events_sse, name="api_thread_events"),
]
